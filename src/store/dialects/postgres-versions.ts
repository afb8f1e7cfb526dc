// The versions of PostgreSQL without Redis: one sequence per topic, read and advanced outside any transaction
// (the `2026-11-25` migrations create them).
import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema.js';
import type { VersionSequences } from '../store.js';

/** The sequence of each topic. */
const sequences = { data: 'data_version', keys: 'key_version' } as const;

export const postgresVersionSequences = (db: Kysely<Database>): VersionSequences => ({
  /**
   * Both versions now, with the server's start time: a database restored from a backup (its sequences set
   * back) comes up in a restarted server, so versions handed out before are never mistaken for new ones.
   */
  async read() {
    // A sequence never advanced shows its start value as last_value too: is_called tells the two apart.
    const { rows } = await sql<{ data: string; keys: string }>`
      select concat_ws('/', pg_postmaster_start_time(), d.last_value, d.is_called) as data,
        concat_ws('/', pg_postmaster_start_time(), k.last_value, k.is_called) as keys
      from data_version d, key_version k`.execute(db);
    return rows[0]!;
  },
  /**
   * Not transactional: a transaction that rolls back later still moved it (a harmless extra miss).
   * PostgreSQL flushes a sequence's WAL before the statement's commit returns, so a version handed out
   * survives a crash and is never handed out again.
   */
  async advance(topic) {
    await sql`select nextval(${sequences[topic]}::regclass)`.execute(db);
  },
});
