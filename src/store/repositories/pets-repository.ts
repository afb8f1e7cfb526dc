// Reading and writing pet rows.
import type { Kysely, Transaction } from 'kysely';
import type { PetStatus } from '../../domain/pet.js';
import type { Database, NewPetRow, PetRow } from '../schema.js';
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
  return db.selectFrom('pets').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * The pets of `ids` that exist, in no particular order: the lookups of `GET /v1/pets/{id}` that begin in one
 * turn, in one query (src/speed/turn-batch.ts). The list is padded to a power of two by repeating its last id,
 * so that the batches' sizes make ten SQL texts, not one per size, for the statement caches.
 */
export async function findPetsByIds(db: Db, ids: number[]): Promise<PetRow[]> {
  const padded = ids.concat(Array(2 ** Math.ceil(Math.log2(ids.length)) - ids.length).fill(ids.at(-1)));
  return db.selectFrom('pets').selectAll().where('id', 'in', padded).execute();
}

export interface PetPageQuery {
  status: PetStatus | undefined;
  afterId: number;
  limit: number;
}

/** One keyset page: rows with id above `afterId`, in id order, so every page costs the same as the first. */
export async function listPetsAfter(db: Db, { status, afterId, limit }: PetPageQuery): Promise<PetRow[]> {
  let query = db.selectFrom('pets').selectAll().where('id', '>', afterId);
  if (status) query = query.where('status', '=', status);
  return query.orderBy('id').limit(limit).execute();
}
