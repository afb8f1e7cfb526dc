// Reading and writing when keys were last used (the api_key_usage table).
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../schema.js';

type Db = Kysely<Database> | Transaction<Database>;

/** Records a batch of uses; a time never moves backwards. */
export async function recordKeyUsage(db: Db, uses: ReadonlyMap<string, number>): Promise<void> {
  if (uses.size === 0) return;
  await db
    .insertInto('api_key_usage')
    .values([...uses].map(([key_id, last_used_at]) => ({ key_id, last_used_at })))
    .onConflict((oc) =>
      oc
        .column('key_id')
        .doUpdateSet((eb) => ({ last_used_at: eb.ref('excluded.last_used_at') }))
        .whereRef('api_key_usage.last_used_at', '<', 'excluded.last_used_at'),
    )
    .execute();
}

/** When each key (or the given one) was last used, as recorded so far. */
export async function findKeyUsage(db: Db, keyId?: string): Promise<Map<string, number>> {
  let query = db.selectFrom('api_key_usage').select(['key_id', 'last_used_at']);
  if (keyId !== undefined) query = query.where('key_id', '=', keyId);
  const rows = await query.execute();
  return new Map(rows.map((row) => [row.key_id, Number(row.last_used_at)]));
}
