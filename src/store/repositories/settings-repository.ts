// Values a deployment keeps about itself: generated at migration time, or recorded by its servers.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../schema.js';

type Db = Kysely<Database> | Transaction<Database>;

export async function readSetting(db: Db, name: string): Promise<string> {
  const value = await readSettingIfAny(db, name);
  if (value === undefined) throw new Error(`setting ${name} is missing: run petstore migrate`);
  return value;
}

/** A setting's value, or undefined when it was never written. */
export async function readSettingIfAny(db: Db, name: string): Promise<string | undefined> {
  const row = await db.selectFrom('settings').select('value').where('name', '=', name).executeTakeFirst();
  return row?.value;
}

export async function writeSetting(db: Db, name: string, value: string): Promise<void> {
  await db
    .insertInto('settings')
    .values({ name, value })
    .onConflict((conflict) => conflict.column('name').doUpdateSet({ value }))
    .execute();
}
