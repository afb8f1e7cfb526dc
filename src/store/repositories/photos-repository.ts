// Reading and writing the rows of photos: which pet each belongs to, and its place among that pet's. The
// bytes of each size are kept apart, behind PhotoStorage (src/store/photo-storage.ts).
import type { Kysely, Transaction } from 'kysely';
import type { Database, PhotoRow } from '../schema.js';

type Db = Kysely<Database> | Transaction<Database>;

export async function insertPhoto(db: Db, row: PhotoRow): Promise<void> {
  await db.insertInto('photos').values(row).execute();
}

/** The photos of every pet of `petIds`, each pet's in position order: one query for a whole page of pets. */
export async function listPhotosOfPets(db: Db, petIds: readonly number[]): Promise<PhotoRow[]> {
  if (petIds.length === 0) return [];
  return db
    .selectFrom('photos')
    .selectAll()
    .where('pet_id', 'in', petIds)
    .orderBy('pet_id')
    .orderBy('position')
    .execute();
}

/** Gives each photo named its new position (at most one animal's dozen, so one statement each). */
export async function setPhotoPositions(
  db: Db,
  positions: ReadonlyArray<{ id: string; position: number }>,
): Promise<void> {
  for (const { id, position } of positions) {
    await db.updateTable('photos').set({ position }).where('id', '=', id).execute();
  }
}

export async function deletePhotos(db: Db, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('photos').where('id', 'in', ids).execute();
}
