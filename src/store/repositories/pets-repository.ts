// Reading and writing pet rows.
import type { CompiledQuery, Kysely, Transaction } from 'kysely';
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

/**
 * The query of `findPetById`, compiled once per database handle: building and compiling it with Kysely's
 * builder cost more than SQLite takes to find the row (`GET /v1/pets/{id}` went from 20,116 to 22,727 req/s,
 * docs/benchmarks.md). Its one parameter is the id.
 */
const byIdQueries = new WeakMap<Db, CompiledQuery<PetRow>>();

export async function findPetById(db: Db, id: number): Promise<PetRow | undefined> {
  let byId = byIdQueries.get(db);
  if (!byId) {
    byId = db.selectFrom('pets').selectAll().where('id', '=', 0).compile();
    byIdQueries.set(db, byId);
  }
  return (await db.executeQuery<PetRow>({ ...byId, parameters: [id] })).rows[0];
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
