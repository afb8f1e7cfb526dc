// Reading and writing pet rows.
import type { Kysely, Transaction } from 'kysely';
import type { PetStatus } from '../../domain/pet.js';
import type { Database, NewPetRow, PetRow } from '../schema.js';

type Db = Kysely<Database> | Transaction<Database>;

export async function insertPet(db: Db, row: NewPetRow): Promise<PetRow> {
  return db.insertInto('pets').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function findPetById(db: Db, id: number): Promise<PetRow | undefined> {
  return db.selectFrom('pets').selectAll().where('id', '=', id).executeTakeFirst();
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
