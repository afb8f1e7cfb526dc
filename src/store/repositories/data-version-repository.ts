// The data version of PostgreSQL without Redis: a sequence, read and advanced outside any transaction.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema.js';

/**
 * The version now, with the server's start time: a database restored from a backup (its sequence set back)
 * comes up in a restarted server, so versions handed out before are never mistaken for new ones.
 */
export async function readDataVersion(db: Kysely<Database>): Promise<string> {
  // A sequence never advanced shows its start value as last_value too: is_called tells the two apart.
  const { rows } = await sql<{ version: string }>`
    select concat_ws('/', pg_postmaster_start_time(), last_value, is_called) as version
    from data_version`.execute(db);
  return rows[0]!.version;
}

/**
 * Advances the version. Not transactional: a transaction that rolls back later still moved it (a harmless
 * extra miss). PostgreSQL flushes a sequence's WAL before the statement's commit returns, so a version handed
 * out survives a crash and is never handed out again.
 */
export async function advanceDataVersion(db: Kysely<Database>): Promise<void> {
  await sql`select nextval('data_version')`.execute(db);
}
