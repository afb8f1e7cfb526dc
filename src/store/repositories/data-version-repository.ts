// The versions of PostgreSQL without Redis: one sequence per topic, read and advanced outside any transaction.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema.js';

/** The sequence of each topic (src/services/data-version.ts). */
const sequences = { data: 'data_version', keys: 'key_version' } as const;

/**
 * Both versions now, with the server's start time: a database restored from a backup (its sequences set
 * back) comes up in a restarted server, so versions handed out before are never mistaken for new ones.
 */
export async function readVersions(db: Kysely<Database>): Promise<{ data: string; keys: string }> {
  // A sequence never advanced shows its start value as last_value too: is_called tells the two apart.
  const { rows } = await sql<{ data: string; keys: string }>`
    select concat_ws('/', pg_postmaster_start_time(), d.last_value, d.is_called) as data,
      concat_ws('/', pg_postmaster_start_time(), k.last_value, k.is_called) as keys
    from data_version d, key_version k`.execute(db);
  return rows[0]!;
}

/**
 * Advances a topic's version. Not transactional: a transaction that rolls back later still moved it (a
 * harmless extra miss). PostgreSQL flushes a sequence's WAL before the statement's commit returns, so a
 * version handed out survives a crash and is never handed out again.
 */
export async function advanceVersion(db: Kysely<Database>, topic: keyof typeof sequences): Promise<void> {
  await sql`select nextval(${sequences[topic]}::regclass)`.execute(db);
}
