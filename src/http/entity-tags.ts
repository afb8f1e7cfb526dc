// The `If-Match` header (RFC 9110, 13.1.1): `*`, or a list of entity tags. Comparison is strong, so a weak
// tag (`W/"…"`) never matches; a header with no tag in it matches nothing. And `If-None-Match` (13.1.2), whose
// comparison is weak: `W/"x"` matches `"x"`.
import type { IfMatch } from '../domain/if-match.js';

const entityTag = /(?:W\/)?"[^"]*"/g;

export function parseIfMatch(header: string | undefined): IfMatch | undefined {
  if (header === undefined) return undefined;
  if (header.trim() === '*') return '*';
  return (header.match(entityTag) ?? []).filter((tag) => !tag.startsWith('W/'));
}

/** Whether `If-None-Match` names the representation whose strong tag is `etag`: the client has it (304). */
export function unchangedFor(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header.trim() === '*') return true;
  return (header.match(entityTag) ?? []).some((tag) => tag.replace(/^W\//, '') === etag);
}
