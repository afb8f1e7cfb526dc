// Values a deployment generated for itself at migration time.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../schema.js';

type Db = Kysely<Database> | Transaction<Database>;

export async function readSetting(db: Db, name: string): Promise<string> {
  const row = await db.selectFrom('settings').select('value').where('name', '=', name).executeTakeFirst();
  if (!row) throw new Error(`setting ${name} is missing: run petstore migrate`);
  return row.value;
}
