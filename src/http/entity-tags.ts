// The `If-Match` header (RFC 9110, 13.1.1): `*`, or a list of entity tags. Comparison is strong, so a weak
// tag (`W/"…"`) never matches; a header with no tag in it matches nothing.
import type { IfMatch } from '../domain/if-match.js';

const entityTag = /(?:W\/)?"[^"]*"/g;

export function parseIfMatch(header: string | undefined): IfMatch | undefined {
  if (header === undefined) return undefined;
  if (header.trim() === '*') return '*';
  return (header.match(entityTag) ?? []).filter((tag) => !tag.startsWith('W/'));
}
