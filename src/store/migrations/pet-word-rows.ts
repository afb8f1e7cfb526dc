// The words of pets as rows of `pet_terms` (kind `w`), where 2026-11-28-d-pet-search put them before the
// words moved to each dialect's word index (2026-11-28-f-word-index): what -d writes, and -f's `down` writes
// back, so that a deployment is the same whichever way it reached a migration.
import type { Kysely } from 'kysely';
import { petWordsOf, termKinds, type SearchedFields } from '../repositories/pet-terms-repository.js';
import type { Database, PetTermRow } from '../schema.js';

/** The word rows of a pet. */
export const wordRowsOf = (pet: SearchedFields): PetTermRow[] =>
  petWordsOf(pet).words.map((term) => ({ pet_id: pet.id, kind: termKinds.word, term }));

/** Rows per statement: well under both dialects' limits on a statement's parameters (3 per row). */
const rowsPerStatement = 2000;

export async function insertTermRows(db: Kysely<Database>, rows: readonly PetTermRow[]): Promise<void> {
  for (let start = 0; start < rows.length; start += rowsPerStatement) {
    await db
      .insertInto('pet_terms')
      .values(rows.slice(start, start + rowsPerStatement))
      .execute();
  }
}

/** Pets read per batch. */
const batchSize = 500;

/** Calls `work` with every pet not removed, `batchSize` at a time, in id order. */
export async function eachPetBatch(
  db: Kysely<Database>,
  work: (pets: SearchedFields[]) => Promise<void>,
): Promise<void> {
  for (let afterId = 0; ;) {
    const pets = await db
      .selectFrom('pets')
      .select(['id', 'name', 'breed', 'color', 'description', 'tags'])
      .where('id', '>', afterId)
      .where('removed_at', 'is', null)
      .orderBy('id')
      .limit(batchSize)
      .execute();
    if (pets.length === 0) return;
    const rows = pets.map((pet) => ({ ...pet, id: Number(pet.id) }));
    await work(rows);
    afterId = rows.at(-1)!.id;
  }
}
