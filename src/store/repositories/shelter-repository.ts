// Reading and changing the shelter's one row (id 1, made by its migration).
import type { Kysely, Transaction } from 'kysely';
import type { Database, ShelterRow, ShelterRowChange } from '../schema.js';

type Db = Kysely<Database> | Transaction<Database>;

export async function readShelterRow(db: Db): Promise<ShelterRow> {
  return db.selectFrom('shelter').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
}

export async function updateShelterRow(db: Db, change: ShelterRowChange): Promise<ShelterRow> {
  return db.updateTable('shelter').set(change).where('id', '=', 1).returningAll().executeTakeFirstOrThrow();
}
