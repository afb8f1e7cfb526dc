// Pages of the pet listing: the filters and sort it was asked with, the signed cursor that continues it, and
// the keyset read of one page. A cursor names its listing by the filters and sort it was issued for, so one
// used with others is refused.
import { createHash } from 'node:crypto';
import type { CursorCodec } from '../domain/cursor.js';
import type { Pet } from '../domain/pet.js';
import { listingDigestLength, type PetFilter, type PetSort } from '../domain/pet-listing.js';
import { ApiError } from '../errors/api-error.js';
import { listPets, sortKeyOf, type PetPosition } from '../store/repositories/pets-repository.js';
import type { Store } from '../store/store.js';
import type { PetPhotos } from './pet-photos.js';
import { toPet } from './pet-record.js';

export interface PetPage {
  pets: Pet[];
  /** Cursor that continues the listing, when more pets followed at the time of the read. */
  nextCursor: string | undefined;
  /** The page size asked for, or the default one: the links keep it. */
  limit: number;
  /**
   * On the last page of an ascending listing (no next cursor): the cursor a tailing client resumes from later,
   * after the last pet it has seen (or where it started, on an empty page). Sorted by id it sees every pet
   * created since; by `updatedAt`, every pet changed since; none twice.
   */
  resumeCursor: string | undefined;
}

export interface PetPageRequest {
  filter: PetFilter;
  sort: PetSort;
  limit: number;
  cursor: string | undefined;
}

/** Sorts whose order new and changed pets join at the end, so that resuming later continues it. */
const resumable: readonly PetSort[] = ['id', 'updatedAt', 'name'];

/**
 * What a cursor of this listing is bound to: its status alone (or nothing) for a listing by id filtered at
 * most by status, as cursors were before there were other filters; otherwise a digest of every filter and the
 * sort, with list values in a fixed order, so that `size=small,large` and `size=large,small` are one listing.
 */
export function listingIdentity(filter: PetFilter, sort: PetSort): string | undefined {
  const { status, ...others } = filter;
  if (sort === 'id' && Object.keys(others).length === 0) return status;
  const canonical = Object.entries({ ...filter, sort })
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, value]) => [name, Array.isArray(value) ? [...new Set(value.map(String))].sort() : value]);
  return `#${createHash('sha256').update(JSON.stringify(canonical)).digest('base64url').slice(0, listingDigestLength)}`;
}

/** The first position of an ascending listing sorted by a key: before every pet. */
const start = (sort: PetSort): PetPosition =>
  sort === 'name' ? { id: 0, key: '' } : sort === 'id' ? { id: 0 } : { id: 0, key: 0 };

export async function readPetPage(
  store: Store,
  cursors: CursorCodec,
  { filter, sort, limit, cursor }: PetPageRequest,
  petPhotos: PetPhotos,
): Promise<PetPage> {
  const identity = listingIdentity(filter, sort);
  let after: PetPosition | undefined;
  if (cursor !== undefined) {
    const decoded = cursors.decode(cursor, identity);
    if (!decoded.ok) throw new ApiError('invalid_cursor', decoded.reason);
    after = { id: decoded.position.afterId, key: decoded.position.key };
    if ((after.key === undefined) !== (sort === 'id'))
      throw new ApiError('invalid_cursor', 'it holds no valid position');
  }
  const rows = await listPets(store.db, store.wordIndex, { filter, sort, after, limit: limit + 1 });
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  const position = last ? { id: Number(last.id), key: sortKeyOf(last, sort) } : (after ?? start(sort));
  const encoded = cursors.encode({ afterId: position.id, key: position.key, filter: identity });
  const more = rows.length > limit;
  // One more query for the photos of every pet of the page, whatever its size.
  const photos = await petPhotos.of(
    store.db,
    shown.map((row) => Number(row.id)),
  );
  return {
    pets: shown.map((row) => toPet(row, photos.get(Number(row.id)) ?? [])),
    nextCursor: more ? encoded : undefined,
    resumeCursor: !more && resumable.includes(sort) ? encoded : undefined,
    limit,
  };
}
