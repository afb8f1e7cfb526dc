// The search index of pets: the words of each pet's name, breed, colour, tags and description (as
// src/domain/search-words.ts splits them) in the dialect's word index (store/word-index.ts), and each tag it
// carries, case-folded, as a row of `pet_terms` (kind `t`) for the tag filter. Both are written in the
// transaction of the change they follow (docs/search.md).
import type { Kysely, Transaction } from 'kysely';
import { caseKey } from '../../domain/case-key.js';
import { wordsOf } from '../../domain/search-words.js';
import type { Database, PetTermRow } from '../schema.js';
import type { PetWords, WordIndex } from '../word-index.js';
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

/** The kind of the rows of `pet_terms` since the words moved to the word index: tags (and words before). */
export const termKinds = { word: 'w', tag: 't' } as const;

const tagsOf = (pet: SearchedFields) => JSON.parse(pet.tags) as string[];

/** The pet's entry in the word index. */
export const petWordsOf = (pet: SearchedFields): PetWords => ({
  id: pet.id,
  words: wordsOf([pet.name, pet.breed, pet.color, ...tagsOf(pet), pet.description]),
});

/** The pet's tag rows. */
export const tagRowsOf = (pet: SearchedFields): PetTermRow[] =>
  [...new Set(tagsOf(pet).map(caseKey))].map((term) => ({ pet_id: pet.id, kind: termKinds.tag, term }));

/** Indexes the pets, which have no entry yet. */
export async function insertPetTerms(
  db: Db,
  wordIndex: WordIndex,
  pets: readonly SearchedFields[],
): Promise<void> {
  await wordIndex.insert(db, pets.map(petWordsOf));
  await insertTermRows(db, pets.flatMap(tagRowsOf));
}

/** The sizes of the inserts of tag rows, largest first: each compiled once (compiled-rows.ts). */
const chunkSizes = [64, 8];

/**
 * Inserts the rows in statements of the fixed sizes above, the last one padded by repeating its last row,
 * which the conflict clause then skips: building an insert with Kysely's builder for every group costs more
 * than running it (profiled), and a few sizes keep the compiled statements few.
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

/** Rows per statement: well under both dialects' limits on a statement's parameters (3 per row). */
const rowsPerStatement = 2000;

const sameWords = (a: PetWords, b: PetWords) =>
  a.words.length === b.words.length && a.words.every((word, i) => word === b.words[i]);

/**
 * Moves the index from each pet's `before` to its `after`: a pet's entry in the word index is replaced only
 * when its words changed, and only the tag rows that differ are deleted or added.
 */
export async function changePetTerms(
  db: Db,
  wordIndex: WordIndex,
  changes: readonly TermChange[],
): Promise<void> {
  const removed = changes.filter((change) => !change.after).map((change) => change.before.id);
  const rewritten = changes.flatMap(({ before, after }) => {
    const words = after && petWordsOf(after);
    return words && !sameWords(petWordsOf(before), words) ? [words] : [];
  });
  await wordIndex.remove(db, removed);
  await wordIndex.replace(db, rewritten);

  const gone: PetTermRow[] = [];
  const added: PetTermRow[] = [];
  for (const { before, after } of changes) {
    const old = new Set(tagRowsOf(before).map((row) => row.term));
    const now = new Set((after ? tagRowsOf(after) : []).map((row) => row.term));
    for (const term of old) if (!now.has(term)) gone.push({ pet_id: before.id, kind: termKinds.tag, term });
    for (const term of now) if (!old.has(term)) added.push({ pet_id: before.id, kind: termKinds.tag, term });
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
