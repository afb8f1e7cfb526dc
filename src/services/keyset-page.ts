// One page of a keyset listing (pets, events): decode the cursor, read one row more than asked, and sign a
// cursor to the next page when that extra row shows there is one, or else the cursor to resume from later.
import type { CursorCodec } from '../domain/cursor.js';
import { ApiError } from '../errors/api-error.js';

export interface KeysetPage<T> {
  items: T[];
  /** Cursor to the next page, when more items followed at the time of the read. */
  nextCursor: string | undefined;
  /**
   * On the last page: where a client tailing the listing resumes later, after the last item it has seen (or
   * where it started, on an empty page). Ids commit in order (Store.serializeAppends), so it skips nothing.
   */
  resumeCursor: string | undefined;
}

export interface KeysetRequest {
  filter: string | undefined;
  limit: number;
  cursor: string | undefined;
}

export async function readKeysetPage<R, T extends { id: number }>(
  cursors: CursorCodec,
  { filter, limit, cursor }: KeysetRequest,
  read: (afterId: number, limit: number) => Promise<R[]>,
  toItem: (row: R) => T,
): Promise<KeysetPage<T>> {
  let afterId = 0;
  if (cursor !== undefined) {
    const decoded = cursors.decode(cursor, filter);
    if (!decoded.ok) throw new ApiError('invalid_cursor', decoded.reason);
    afterId = decoded.position.afterId;
  }
  const rows = await read(afterId, limit + 1);
  const items = rows.slice(0, limit).map(toItem);
  const position = cursors.encode({ afterId: items.at(-1)?.id ?? afterId, filter });
  return rows.length > limit
    ? { items, nextCursor: position, resumeCursor: undefined }
    : { items, nextCursor: undefined, resumeCursor: position };
}
