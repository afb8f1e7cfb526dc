// The embedded default: one SQLite file per deployment, in WAL mode.
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { LRUCache } from 'lru-cache';
import { uncachedTables, type Database } from '../schema.js';
import type { Store } from '../store.js';
import { sqliteWordIndex } from './sqlite-word-index.js';
import { isSqliteUnavailable } from './unavailable-errors.js';
import { isSqliteMissingTable, isSqliteUniqueViolation } from './query-errors.js';

export interface SqliteOptions {
  dataDir: string;
  deployment: string;
  /** `normal` loses nothing on a process crash; `full` also survives power loss (docs/durability.md). */
  synchronous: 'normal' | 'full';
  /** Create the folder and the file when missing (migrate and serve); otherwise a missing file is refused. */
  create: boolean;
}

/** Raised when a command that does not create deployments is pointed at one that does not exist. */
export class NoDeploymentError extends Error {
  override name = 'NoDeploymentError';
}

export const noDeploymentMessage = (location: string) =>
  `No deployment at ${location}: run \`petstore migrate\` to create it (or \`petstore serve\`, which ` +
  'migrates at start), or check --data-dir / --database-url.';

/**
 * Creates the data folder one level at a time, so that a level that cannot be made (under /proc, say) fails
 * at once with a message: Node 20's recursive mkdir spins at 100% CPU there instead.
 */
function makeDataDir(dataDir: string): void {
  const missing: string[] = [];
  for (let dir = resolve(dataDir); !existsSync(dir) && dirname(dir) !== dir; dir = dirname(dir))
    missing.unshift(dir);
  for (const level of missing) {
    try {
      mkdirSync(level);
    } catch (error) {
      throw new Error(
        `The data folder ${dataDir} cannot be created (${(error as Error).message}). ` +
          'Choose another with --data-dir or PETSTORE_DATA_DIR.',
        { cause: error },
      );
    }
  }
}

/**
 * Distinct SQL texts kept prepared. The service issues a few hundred: one per size of a group's inserts
 * (repositories/compiled-rows.ts) and of its idempotency reads, a few dozen more; this only bounds odd ones.
 */
const cachedStatements = 1000;

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
 * Statements that change no data. Transaction control is among them: the writes inside a transaction are
 * counted as each runs, so a transaction that only reads, or only writes uncached tables (the webhook
 * worker's leases and attempts, every few hundred milliseconds), leaves the caches alone.
 */
const changesNothing = /^\s*(select|begin|commit|rollback|savepoint|release)\b/i;

/** Whether a statement writes only a table no cache depends on (schema.ts); it does not count as a write. */
const writesUncached = (sql: string): boolean =>
  uncachedTables.some((table) =>
    new RegExp(`^\\s*(insert into|update|delete from) "${table}"`, 'i').test(sql),
  );

/**
 * Kysely begins every transaction deferred, as a reader. Another process (a worker, the CLI) committing
 * before its first write would leave its snapshot stale, and that write would fail at once with
 * SQLITE_BUSY_SNAPSHOT, no busy_timeout helping. Taking the write lock at the start makes the others wait
 * instead; this process runs one transaction at a time already, so it costs nothing here.
 */
const beginsWriting = (sql: string): string => (/^\s*begin\s*$/i.test(sql) ? 'begin immediate' : sql);

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
        const prepared = connection.prepare(beginsWriting(sql));
        statement = changesNothing.test(sql) || writesUncached(sql) ? prepared : counted(prepared, onWrite);
        statements.set(sql, statement);
      }
      return statement;
    },
    close: () => connection.close(),
  };
}

export function openSqlite({ dataDir, deployment, synchronous, create }: SqliteOptions): Store {
  const file = resolve(join(dataDir, `${deployment}.sqlite`));
  if (create) makeDataDir(dataDir);
  else if (!existsSync(file)) throw new NoDeploymentError(noDeploymentMessage(file));
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
    isMissingTable: isSqliteMissingTable,
    isUniqueViolation: isSqliteUniqueViolation,
    isLockWaitTimeout: () => false,
    poolStats: () => undefined,
    changeToken: () => `${dataVersion.get() as number}.${ownWrites}`,
    versionSequences: undefined,
    // The file is local to one machine; of its processes (workers, the CLI), one delivers webhooks.
    servedByOneInstance: true,
    // Writers take turns for the whole file: a transaction never waits on another's row lock.
    limitLockWait: async () => {},
    skipLocked: (query) => query,
    // One writer at a time: ids are taken and committed in order already.
    serializeAppends: async () => {},
    // A write transaction holds the whole file: the job's writes, conditional, are made once whoever runs.
    tryJobTurn: async () => true,
    wordIndex: sqliteWordIndex,
    close: () => db.destroy(),
  };
}
