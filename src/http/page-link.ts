// The RFC 8288 `Link` header of a keyset listing, carrying its limit, its filter and the cursor: `next` while
// more items follow, else `resume`, where a client tailing the listing continues later (docs/decisions.md);
// and the `limit` and `cursor` query parameters that every listing takes.
import { Type } from '@sinclair/typebox';
import { cursorPattern } from '../domain/cursor.js';
import { defaultPageSize, maxPageSize } from '../domain/page.js';

type Cursors = { nextCursor: string | undefined; resumeCursor: string | undefined };

/** The `Link` value of the page's cursors, if any; `query` entries with an undefined value are left out. */
export function pageLinkValue(
  url: string,
  query: Record<string, string | number | boolean | undefined>,
  { nextCursor, resumeCursor }: Cursors,
): string | undefined {
  const [cursor, rel] = nextCursor ? [nextCursor, 'next'] : [resumeCursor, 'resume'];
  if (!cursor) return undefined;
  const params = Object.entries(query)
    .filter((entry): entry is [string, string | number | boolean] => entry[1] !== undefined)
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`);
  return `<${url}?${[...params, `cursor=${cursor}`].join('&')}>; rel="${rel}"`;
}

/** Sets `Link` from the page's cursors (see pageLinkValue). */
export function pageLink(
  reply: { header(name: string, value: string): unknown },
  url: string,
  query: Record<string, string | number | boolean | undefined>,
  page: Cursors,
): void {
  const link = pageLinkValue(url, query, page);
  if (link) reply.header('link', link);
}

/** The documented `Link` header of a listing at `path` (e.g. `/pets`) of `items` (e.g. `animals`). */
export const pageLinkHeader = (path: string, items: string) =>
  Type.String({
    description:
      `RFC 8288 link: to the next page when more ${items} follow (\`<…${path}?limit=20&cursor=…>; rel="next"\`), ` +
      'otherwise to where a tailing client resumes later (`rel="resume"`; never `next`, so that following ' +
      '`next` until it is absent ends)',
  });

/** The `limit` query parameter of a listing of `items` (e.g. `animals`). */
export const pageLimitQuery = (items: string) =>
  Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: maxPageSize,
      format: 'int32',
      default: defaultPageSize,
      description: `Most ${items} returned`,
    }),
  );

/**
 * The `cursor` query parameter of a listing whose cursors are bound to `boundTo`, the query parameters that
 * choose its items, in words that end the sentence "valid only with the same …" (e.g. "`status` and `petId`"),
 * and whose longest cursor is `maxLength` characters (domain/cursor.ts, cursorLength). One not in the issued
 * form is `invalid_cursor`, as one with a wrong signature is.
 */
export const pageCursorQuery = (boundTo: string, maxLength: number) =>
  Type.Optional(
    Type.String({
      minLength: 1,
      maxLength,
      pattern: cursorPattern,
      'x-pattern-rule': 'must be a cursor as a `Link` header gave it',
      'x-error-code': 'invalid_cursor',
      description:
        'Opaque position from the `Link` header (`rel="next"` or `rel="resume"`) of an earlier page; valid ' +
        `only with the same ${boundTo}`,
    }),
  );
