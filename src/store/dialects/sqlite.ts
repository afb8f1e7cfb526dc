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

type Statement = Pick<SqliteDatabase.Statement, 'reader' | 'all' | 'run' | 'iterate'>;

/** A statement that counts its runs: every statement but a SELECT may change the data. */
const counted = (statement: SqliteDatabase.Statement, onWrite: () => void): Statement => ({
  reader: statement.reader,
  all: (...parameters: unknown[]) => {
    onWrite();
    return statement.all(...parameters);
  },
  run: (...parameters: unknown[]) => {
    onWrite();
    return statement.run(...parameters);
  },
  iterate: (...parameters: unknown[]) => {
    onWrite();
    return statement.iterate(...parameters);
  },
});

/**
 * What Kysely sees as the database. Kysely prepares every query anew, which costs more than running a
 * small one; the same SQL text reuses its prepared statement instead (safe: the connection runs one query
 * at a time). It also counts this connection's writes, for the change token.
 */
function kyselyConnection(connection: SqliteDatabase.Database, onWrite: () => void) {
  const statements = new LRUCache<string, Statement>({ max: cachedStatements });
  return {
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (!statement) {
        const prepared = connection.prepare(sql);
        statement = /^\s*select\b/i.test(sql) ? prepared : counted(prepared, onWrite);
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
  let ownWrites = 0;
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: kyselyConnection(connection, () => ownWrites++) }),
  });
  // data_version moves when another connection (a worker, the CLI) commits; our own writes are counted.
  const dataVersion = connection.prepare('pragma data_version').pluck();
  return {
    db,
    dialect: 'sqlite',
    location: file,
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    isUnavailable: isSqliteUnavailable,
    poolStats: () => undefined,
    changeToken: () => `${dataVersion.get() as number}.${ownWrites}`,
    close: () => db.destroy(),
  };
}
