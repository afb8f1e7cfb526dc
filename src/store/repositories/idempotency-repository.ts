// Reading, storing and pruning idempotency records.
import type { Kysely, Transaction } from 'kysely';
import type { Database, IdempotencyRecordRow } from '../schema.js';

type Db = Kysely<Database> | Transaction<Database>;

export interface IdempotencyScope {
  apiKeyId: string;
  key: string;
}

/**
 * The records of these keys that have not expired (expired records may linger until they are pruned), in
 * one statement however many keys there are.
 */
export async function findLiveIdempotencyRecords(
  db: Db,
  scopes: readonly IdempotencyScope[],
  now: number,
): Promise<IdempotencyRecordRow[]> {
  // Two IN lists rather than a list of pairs, which SQLite does not look up by the primary key: a group's
  // keys nearly always share one API key, and the few pairs read beyond those asked for are left out below.
  const rows = await db
    .selectFrom('idempotency_records')
    .selectAll()
    .where('api_key_id', 'in', [...new Set(scopes.map((s) => s.apiKeyId))])
    .where('idempotency_key', 'in', [...new Set(scopes.map((s) => s.key))])
    .where('expires_at', '>', now)
    .execute();
  const asked = new Set(scopes.map(scopeId));
  return rows.filter((row) => asked.has(scopeId({ apiKeyId: row.api_key_id, key: row.idempotency_key })));
}

/** One string per scope, for maps and sets of scopes. */
export const scopeId = ({ apiKeyId, key }: IdempotencyScope) => `${apiKeyId} ${key}`;

/**
 * Stores records, each replacing an expired one of its key, in one statement; all must have been created at
 * `now`. Returns the scopes stored: a key missing from them is held by a live record, of another request
 * that got there first. On PostgreSQL, when that other request's transaction is still open, this waits for
 * it (bounded by `Store.limitLockWait`) and then sees its outcome.
 */
export async function storeIdempotencyRecords(
  db: Db,
  rows: IdempotencyRecordRow[],
  now: number,
): Promise<IdempotencyScope[]> {
  if (rows.length === 0) return [];
  const stored = await db
    .insertInto('idempotency_records')
    .values(rows)
    .onConflict((oc) =>
      oc
        .columns(['api_key_id', 'idempotency_key'])
        .doUpdateSet((eb) => ({
          fingerprint: eb.ref('excluded.fingerprint'),
          response_status: eb.ref('excluded.response_status'),
          response_body: eb.ref('excluded.response_body'),
          created_at: eb.ref('excluded.created_at'),
          expires_at: eb.ref('excluded.expires_at'),
        }))
        .where('idempotency_records.expires_at', '<=', now),
    )
    .returning(['api_key_id', 'idempotency_key'])
    .execute();
  return stored.map((row) => ({ apiKeyId: row.api_key_id, key: row.idempotency_key }));
}

/** Deletes expired records; returns how many. */
export async function deleteExpiredIdempotencyRecords(db: Db, now: number): Promise<number> {
  const result = await db.deleteFrom('idempotency_records').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
