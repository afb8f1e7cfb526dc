// The search index of pets: one row per word a pet's text holds (kind `w`: name, breed, colour, tags and
// description, as src/domain/search-words.ts splits them) and per tag it carries (kind `t`, case-folded).
// One table of plain strings serves both dialects alike (docs/search.md); it is written in the transaction of
// the change it follows.
import type { Kysely, Transaction } from 'kysely';
import { caseKey } from '../../domain/case-key.js';
import { wordsOf } from '../../domain/search-words.js';
import type { Database, PetTermRow } from '../schema.js';
import { compiledRows } from './compiled-rows.js';

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

/** Rows per statement: well under both dialects' limits on a statement's parameters (3 per row). */
const rowsPerStatement = 2000;

/** Indexes the pets, which have no index rows yet. */
export const insertPetTerms = (db: Db, pets: readonly SearchedFields[]): Promise<void> =>
  insertTermRows(db, pets.flatMap(termsOf));

/** The sizes of the inserts of index rows, largest first: each compiled once (compiled-rows.ts). */
const chunkSizes = [64, 8];

/**
 * Inserts the rows in statements of the fixed sizes above, the last one padded by repeating its last row,
 * which the conflict clause then skips: a pet has about seventy index rows, and building an insert of that
 * many rows with Kysely's builder for every group cost more than the rest of a creation (profiled).
 */
async function insertTermRows(db: Db, rows: readonly PetTermRow[]): Promise<void> {
  for (let start = 0; start < rows.length;) {
    const left = rows.length - start;
    const size = chunkSizes.find((chunk) => chunk <= left) ?? chunkSizes.at(-1)!;
    const chunk = rows.slice(start, start + size);
    while (chunk.length < size) chunk.push(chunk.at(-1)!);
    await insertTermChunk(db, chunk);
    start += size;
  }
}

const insertTermChunk = compiledRows((db, rows: PetTermRow[]) =>
  db
    .insertInto('pet_terms')
    .values(rows)
    .onConflict((conflict) => conflict.doNothing()),
);

/** A pet's searched fields before and after a change; none after a removal. */
export interface TermChange {
  before: SearchedFields;
  after: SearchedFields | undefined;
}

const rowKey = (row: PetTermRow) => `${row.kind}\u0000${row.term}`;

/**
 * Moves the index from each pet's `before` to its `after`: only the rows that differ are deleted or added,
 * so that renaming a pet with a long description rewrites a word or two, not every word it has.
 */
export async function changePetTerms(db: Db, changes: readonly TermChange[]): Promise<void> {
  const gone: PetTermRow[] = [];
  const added: PetTermRow[] = [];
  for (const { before, after } of changes) {
    const old = new Map(termsOf(before).map((row) => [rowKey(row), row]));
    const now = new Map((after ? termsOf(after) : []).map((row) => [rowKey(row), row]));
    for (const [key, row] of old) if (!now.has(key)) gone.push(row);
    for (const [key, row] of now) if (!old.has(key)) added.push(row);
  }
  for (let start = 0; start < gone.length; start += rowsPerStatement) {
    const rows = gone.slice(start, start + rowsPerStatement);
    await db
      .deleteFrom('pet_terms')
      .where((eb) =>
        eb(
          eb.refTuple('kind', 'term', 'pet_id'),
          'in',
          rows.map((row) => eb.tuple(row.kind, row.term, row.pet_id)),
        ),
      )
      .execute();
  }
  await insertTermRows(db, added);
}
