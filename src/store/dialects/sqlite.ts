// The embedded default: one SQLite file per deployment, in WAL mode.
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { Database } from '../schema.js';
import type { Store } from '../store.js';
import { isSqliteUnavailable } from './unavailable-errors.js';

export interface SqliteOptions {
  dataDir: string;
  deployment: string;
  /** `normal` loses nothing on a process crash; `full` also survives power loss (docs/durability.md). */
  synchronous: 'normal' | 'full';
}

/** Distinct SQL texts kept prepared; the service issues a few dozen, so this only bounds odd ones. */
const cachedStatements = 500;

/**
 * Kysely prepares every query anew, which costs more than running a small one; the same SQL text reuses
 * its prepared statement instead. Safe because the connection runs one query at a time.
 */
function withStatementCache(connection: SqliteDatabase.Database) {
  const statements = new LRUCache<string, SqliteDatabase.Statement>({ max: cachedStatements });
  return {
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (!statement) {
        statement = connection.prepare(sql);
        statements.set(sql, statement);
      }
      return statement;
    },
    close: () => connection.close(),
  };
}

export function openSqlite({ dataDir, deployment, synchronous }: SqliteOptions): Store {
  mkdirSync(dataDir, { recursive: true });
  const file = resolve(join(dataDir, `${deployment}.sqlite`));
  const connection = new SqliteDatabase(file);
  connection.pragma('journal_mode = WAL');
  connection.pragma(`synchronous = ${synchronous === 'full' ? 'FULL' : 'NORMAL'}`);
  // Several processes (workers, CLI) may share the file: wait for a lock rather than fail.
  connection.pragma('busy_timeout = 5000');
  connection.pragma('foreign_keys = ON');
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(connection) }),
  });
  return {
    db,
    dialect: 'sqlite',
    location: file,
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    isUnavailable: isSqliteUnavailable,
    poolStats: () => undefined,
    close: () => db.destroy(),
  };
}
