// The headers of the public pages, beside the API's secure headers (src/http/security.ts), which they keep:
// a Content-Security-Policy that lets a page load only its own stylesheet and the animals' photos (no
// script, no inline style, no other origin), never framed; and HTTP caching for a minute, revalidated by ETag.
import { createHash } from 'node:crypto';

/** The policy of every page: photos come from the service itself, or from its public URL's origin. */
export function pagePolicy(publicUrl: string): string {
  const photos = publicUrl === '' ? "'self'" : `'self' ${new URL(publicUrl).origin}`;
  return [
    "default-src 'none'",
    `img-src ${photos}`,
    "style-src 'self'",
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Pages may be kept a minute, by browsers and shared caches alike, then revalidated. */
export const pageCaching = 'public, max-age=60';

/** The stylesheet's name changes with its text, so it may be kept for a year. */
export const assetCaching = 'public, max-age=31536000, immutable';

/** A strong ETag of the bytes sent: the page is rendered from the versioned reads, so it changes with them. */
export const etagOf = (body: string): string =>
  `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

/** Whether an If-None-Match header names `etag` (or is `*`), so the answer is 304. */
export function matchesNoneOf(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}
