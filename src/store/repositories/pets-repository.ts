// Reading and writing pet rows. A removed pet is a tombstone (`removed_at` set): every read here leaves it out.
import { sql, type ExpressionBuilder, type Kysely, type Transaction } from 'kysely';
import { openOrderStatuses } from '../../domain/order.js';
import type { PetFilter, PetSort } from '../../domain/pet-listing.js';
import { termKinds } from './pet-terms-repository.js';
import type { Database, NewPetRow, PetRow, PetRowChange } from '../schema.js';
import type { WordIndex } from '../word-index.js';
import { compiledRows } from './compiled-rows.js';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Inserts `rows` in one statement and returns them in the same order. A multi-row insert takes ids in the
 * order of its rows on both backends; RETURNING promises no order, so the rows are put back in id order.
 */
export async function insertPets(db: Db, rows: NewPetRow[]): Promise<PetRow[]> {
  const inserted = await insertPetRows(db, rows);
  return inserted.sort((a, b) => a.id - b.id);
}

const insertPetRows = compiledRows((db, rows: NewPetRow[]) =>
  db.insertInto('pets').values(rows).returningAll(),
);

export async function findPetById(db: Db, id: number): Promise<PetRow | undefined> {
  return db
    .selectFrom('pets')
    .selectAll()
    .where('id', '=', id)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
}

/**
 * The pets of `ids` that exist, in no particular order: the lookups of `GET /v1/pets/{id}` that begin in one
 * turn, in one query (src/speed/turn-batch.ts). The list is padded to a power of two by repeating its last id,
 * so that the batches' sizes make ten SQL texts, not one per size, for the statement caches.
 */
export async function findPetsByIds(db: Db, ids: number[]): Promise<PetRow[]> {
  const padded = ids.concat(Array(2 ** Math.ceil(Math.log2(ids.length)) - ids.length).fill(ids.at(-1)));
  return db
    .selectFrom('pets')
    .selectAll()
    .where('id', 'in', padded)
    .where('removed_at', 'is', null)
    .execute();
}

/** Where a page starts: after the pet of this id and, for a sort other than by id, this sort key. */
export interface PetPosition {
  id: number;
  key?: number | string;
}

export interface PetPageQuery {
  filter: PetFilter;
  sort: PetSort;
  after: PetPosition | undefined;
  limit: number;
}

/** Each sort's column (none: by id alone) and direction; ties are broken by id in the same direction. */
const sortOrders: Record<
  PetSort,
  { column?: 'updated_at' | 'created_at' | 'name_key'; descending: boolean }
> = {
  id: { descending: false },
  updatedAt: { column: 'updated_at', descending: false },
  '-updatedAt': { column: 'updated_at', descending: true },
  '-createdAt': { column: 'created_at', descending: true },
  name: { column: 'name_key', descending: false },
};

/** The sort key of a row, as a cursor keeps it. */
export function sortKeyOf(row: PetRow, sort: PetSort): number | string | undefined {
  const { column } = sortOrders[sort];
  if (!column) return undefined;
  return column === 'name_key' ? (row.name_key ?? '') : Number(row[column]);
}

const flagColumns = {
  children: 'good_with_children',
  dogs: 'good_with_dogs',
  cats: 'good_with_cats',
  spayedNeutered: 'spayed_neutered',
  houseTrained: 'house_trained',
  vaccinated: 'vaccinated',
  specialNeeds: 'special_needs',
} as const;

/**
 * One keyset page of the pets that pass every filter, in the sort's order: the rows after `after`, so that
 * every page costs about what the first does. Removed pets are never listed.
 */
export async function listPets(
  db: Db,
  wordIndex: WordIndex,
  { filter, sort, after, limit }: PetPageQuery,
): Promise<PetRow[]> {
  const { column, descending } = sortOrders[sort];
  const direction = descending ? 'desc' : 'asc';
  const words = filter.words;
  // A query with no word in it matches no pet.
  if (words && words.prefix === undefined) return [];
  const drivenByWords = words && !column ? wordIndex.idOrderMatches?.(words.words, words.prefix!) : undefined;
  // In id order, a word index that gives its matches lazily in that order is read first (word-index.ts):
  // the page is then ordered and cut by the index's ids, equal to the pets' by the join.
  const id = sql.ref(drivenByWords ? 'matched.id' : 'pets.id');
  let query = drivenByWords
    ? (db
        .selectFrom(drivenByWords.as('matched'))
        .crossJoin('pets')
        .whereRef('pets.id', '=', 'matched.id')
        .selectAll('pets') as unknown as ReturnType<typeof petsTable>)
    : petsTable(db);
  query = query.where('removed_at', 'is', null);
  if (after) {
    const beyond = descending ? '<' : '>';
    query = column
      ? query.where((eb) => eb(eb.refTuple(column, 'pets.id'), beyond, eb.tuple(after.key!, after.id)))
      : query.where(id, beyond, after.id);
  }
  if (filter.status) query = query.where('status', '=', filter.status);
  if (filter.published !== undefined) query = query.where('published', '=', Number(filter.published));
  if (filter.ids) query = query.where('pets.id', 'in', filter.ids);
  if (filter.categoryIds) query = query.where('category_id', 'in', filter.categoryIds);
  if (filter.breeds) query = query.where('breed_key', 'in', filter.breeds);
  if (filter.sexes) query = query.where('sex', 'in', filter.sexes);
  if (filter.ages) query = query.where('age', 'in', filter.ages);
  if (filter.sizes) query = query.where('size', 'in', filter.sizes);
  if (filter.coats) query = query.where('coat', 'in', filter.coats);
  for (const name of [...(filter.goodWith ?? []), ...(filter.attributes ?? [])]) {
    query = query.where(flagColumns[name], '=', 1);
  }
  if (filter.updatedSince !== undefined) query = query.where('updated_at', '>=', filter.updatedSince);
  for (const tag of filter.tags ?? []) query = query.where(hasTag(tag));
  if (words && !drivenByWords) query = query.where(wordIndex.matches(words.words, words.prefix!));
  if (column) query = query.orderBy(column, direction);
  return query.orderBy(id, direction).limit(limit).execute();
}

const petsTable = (db: Db) => db.selectFrom('pets').selectAll();

/** The pet carries the tag (case-folded). */
const hasTag = (tag: string) => (eb: ExpressionBuilder<Database, 'pets'>) =>
  eb.exists(
    eb
      .selectFrom('pet_terms')
      .select('pet_terms.pet_id')
      .whereRef('pet_terms.pet_id', '=', 'pets.id')
      .where('pet_terms.kind', '=', termKinds.tag)
      .where('pet_terms.term', '=', tag),
  );

/**
 * Writes `change` to the pet if it is still at `revision`, moving its revision on; returns the row as it now
 * is, or undefined when the pet was changed or removed since it was read at that revision.
 */
export async function updatePetAt(
  db: Db,
  id: number,
  revision: number,
  change: PetRowChange,
): Promise<PetRow | undefined> {
  const [row] = await updatePetRow(db, [], { ...change, id_: id, revision_: revision });
  return row;
}

// Compiled once per set of columns, as the group statements are: an edit writes every field column.
const updatePetRow = compiledRows(
  (db, _rows: never[], { id_, revision_, ...change }: PetRowChange & { id_: number; revision_: number }) =>
    db
      .updateTable('pets')
      .set({ ...change, revision: sql<number>`revision + 1` })
      .where('id', '=', id_)
      .where('revision', '=', revision_)
      .where('removed_at', 'is', null)
      .returningAll(),
);

/**
 * The time to stamp a transaction's changes with: now, or just after the latest change already stamped when
 * the clock is behind it (another instance's clock, or this one's stepping back). Called after
 * `store.serializeAppends`, which makes writers take their turns, so that the changes of later transactions
 * bear later times: a client following `sort=updatedAt` never sees a change appear behind its cursor.
 */
export async function changeTime(db: Db, now: number): Promise<number> {
  const { latest } = await db
    .selectFrom('pets')
    .select((eb) => eb.fn.max('updated_at').as('latest'))
    .executeTakeFirstOrThrow();
  return latest === null ? now : Math.max(now, Number(latest) + 1);
}

/** When the pet was created, removed or not. */
export async function findPetCreationTime(db: Db, id: number): Promise<number> {
  const row = await db.selectFrom('pets').select('created_at').where('id', '=', id).executeTakeFirstOrThrow();
  return Number(row.created_at);
}

/** The id of the pet's open order (placed or approved), if it has one. */
export async function findOpenOrderId(db: Db, petId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('orders')
    .select('id')
    .where('pet_id', '=', petId)
    .where('status', 'in', [...openOrderStatuses])
    .executeTakeFirst();
  return row && Number(row.id);
}
