// Reading and writing pet rows. A removed pet is a tombstone (`removed_at` set): every read here leaves it out.
import { sql, type Kysely, type Transaction } from 'kysely';
import { openOrderStatuses } from '../../domain/order.js';
import type { PetStatus } from '../../domain/pet.js';
import type { Database, NewPetRow, PetRow, PetRowChange } from '../schema.js';
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

export interface PetPageQuery {
  status: PetStatus | undefined;
  afterId: number;
  limit: number;
}

/** One keyset page: rows with id above `afterId`, in id order, so every page costs the same as the first. */
export async function listPetsAfter(db: Db, { status, afterId, limit }: PetPageQuery): Promise<PetRow[]> {
  let query = db.selectFrom('pets').selectAll().where('id', '>', afterId).where('removed_at', 'is', null);
  if (status) query = query.where('status', '=', status);
  return query.orderBy('id').limit(limit).execute();
}

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
  return db
    .updateTable('pets')
    .set({ ...change, revision: sql<number>`revision + 1` })
    .where('id', '=', id)
    .where('revision', '=', revision)
    .where('removed_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
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
