// The headers of the public pages, beside the API's secure headers (src/http/security.ts), which they keep:
// a Content-Security-Policy that lets a page load only its own stylesheet and the animals' photos (no
// script, no inline style, no other origin), never framed but in its embedded views; and HTTP caching for a
// minute, revalidated by ETag.
import { createHash } from 'node:crypto';

/**
 * The policy of every page: photos come from the service itself, or from its public URL's origin. A page
 * framed by another site (`?embed=1`) may also be framed by `frameAncestors` and run the one script that
 * tells that site its height: 'self' names it, since a source cannot be a path alone, and under nosniff the
 * service's only JavaScript answers are the service's own scripts. The console runs its own script too
 * (`script`), and shows the photos chosen for an upload before they are sent (`chosenPhotos`: blob: URLs).
 */
export function pagePolicy(
  publicUrl: string,
  { frameAncestors, script = frameAncestors !== undefined, chosenPhotos = false }: PolicyOptions = {},
): string {
  const photos = publicUrl === '' ? "'self'" : `'self' ${new URL(publicUrl).origin}`;
  return [
    "default-src 'none'",
    `img-src ${photos}${chosenPhotos ? ' blob:' : ''}`,
    "style-src 'self'",
    // Lighthouse fetches robots.txt from within the page, which a connect-src of 'none' would refuse (its SEO
    // check then fails though crawlers read the file directly); the console's script sends its uploads.
    "connect-src 'self'",
    ...(script ? ["script-src 'self'"] : []),
    "form-action 'self'",
    "base-uri 'none'",
    `frame-ancestors ${frameAncestors ?? "'none'"}`,
  ].join('; ');
}

export interface PolicyOptions {
  /** Who may frame the page; nobody when not given. */
  frameAncestors?: string;
  /** The page runs the service's own scripts; so does an embedded one. */
  script?: boolean;
  /** The page shows photos chosen in a file input, before they are uploaded. */
  chosenPhotos?: boolean;
}

/** Pages may be kept a minute, by browsers and shared caches alike, then revalidated. */
export const pageCaching = 'public, max-age=60';

/** The assets' names change with their text, so they may be kept for a year. */
export const assetCaching = 'public, max-age=31536000, immutable';

/**
 * What keeps its address (embed.js, which host pages hold; /favicon.ico): a day, then revalidated, so a new
 * version reaches every host page within a day.
 */
export const fixedAddressCaching = 'public, max-age=86400';

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
