// The search index of pets: one row per word a pet's text holds (kind `w`: name, breed, colour, tags and
// description, as src/domain/search-words.ts splits them) and per tag it carries (kind `t`, case-folded).
// One table of plain strings serves both dialects alike (docs/search.md); it is written in the transaction of
// the change it follows.
import type { Kysely, Transaction } from 'kysely';
import { caseKey } from '../../domain/case-key.js';
import { wordsOf } from '../../domain/search-words.js';
import type { Database, PetTermRow } from '../schema.js';

type Db = Kysely<Database> | Transaction<Database>;

/** The searched fields of a pet, as its row holds them. */
export interface SearchedFields {
  id: number;
  name: string;
  breed: string | null;
  color: string | null;
  description: string | null;
  /** A JSON array of strings. */
  tags: string;
}

export const termKinds = { word: 'w', tag: 't' } as const;

/** The index rows of a pet. */
export function termsOf(pet: SearchedFields): PetTermRow[] {
  const tags = JSON.parse(pet.tags) as string[];
  const words = wordsOf([pet.name, pet.breed, pet.color, ...tags, pet.description]);
  return [
    ...words.map((term) => ({ pet_id: pet.id, kind: termKinds.word, term })),
    ...[...new Set(tags.map(caseKey))].map((term) => ({ pet_id: pet.id, kind: termKinds.tag, term })),
  ];
}

/** Rows per insert: well under both dialects' limits on a statement's parameters (3 per row). */
const rowsPerInsert = 2000;

/** Indexes the pets, which have no index rows yet. */
export async function insertPetTerms(db: Db, pets: readonly SearchedFields[]): Promise<void> {
  const rows = pets.flatMap(termsOf);
  for (let start = 0; start < rows.length; start += rowsPerInsert) {
    await db
      .insertInto('pet_terms')
      .values(rows.slice(start, start + rowsPerInsert))
      .execute();
  }
}

/** Drops the index rows of the pets: before they are indexed again, or when they are removed. */
export async function deletePetTerms(db: Db, petIds: readonly number[]): Promise<void> {
  if (petIds.length > 0)
    await db
      .deleteFrom('pet_terms')
      .where('pet_id', 'in', [...petIds])
      .execute();
}
