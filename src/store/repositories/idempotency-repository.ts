// Reading, storing and pruning idempotency records.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, IdempotencyRecordRow } from '../schema.js';
import type { DialectName } from '../store.js';

type Db = Kysely<Database> | Transaction<Database>;

export interface IdempotencyScope {
  apiKeyId: string;
  key: string;
}

/** The record of a key, unless it has expired (expired records may linger until they are pruned). */
export async function findLiveIdempotencyRecord(
  db: Db,
  { apiKeyId, key }: IdempotencyScope,
  now: number,
): Promise<IdempotencyRecordRow | undefined> {
  return db
    .selectFrom('idempotency_records')
    .selectAll()
    .where('api_key_id', '=', apiKeyId)
    .where('idempotency_key', '=', key)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/**
 * Stores a record, replacing an expired one of the same key. Returns false when a live record holds the key:
 * another request with the key got there first. On PostgreSQL, when that other request's transaction is
 * still open, this waits for it (bounded by `limitLockWait`) and then sees its outcome.
 */
export async function storeIdempotencyRecord(db: Db, row: IdempotencyRecordRow): Promise<boolean> {
  const stored = await db
    .insertInto('idempotency_records')
    .values(row)
    .onConflict((oc) =>
      oc
        .columns(['api_key_id', 'idempotency_key'])
        .doUpdateSet(row)
        .where('idempotency_records.expires_at', '<=', row.created_at),
    )
    .returning('api_key_id')
    .executeTakeFirst();
  return stored !== undefined;
}

/**
 * Bounds how long the transaction waits for another one's lock. Only PostgreSQL waits on a key held by an
 * open transaction elsewhere; SQLite serialises writers, so the whole transaction waits its turn instead.
 */
export async function limitLockWait(trx: Transaction<Database>, dialect: DialectName, ms: number) {
  if (dialect === 'postgres') await sql`select set_config('lock_timeout', ${`${ms}ms`}, true)`.execute(trx);
}

/** Deletes expired records; returns how many. */
export async function deleteExpiredIdempotencyRecords(db: Db, now: number): Promise<number> {
  const result = await db.deleteFrom('idempotency_records').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
