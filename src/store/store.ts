// What the rest of the service knows of a database: a Kysely handle, a health probe, close, and each thing
// the dialects do differently, as a method every dialect implements (as Kysely's own Dialect interface does):
// outside src/store/ no code asks which dialect it runs on (an ESLint rule refuses it). Driver types stay
// inside src/store/dialects/.
import type { Kysely, SelectQueryBuilder, Transaction } from 'kysely';
import type { Database } from './schema.js';
import type { WordIndex } from './word-index.js';

export type DialectName = 'sqlite' | 'postgres';

/** What a version covers (src/speed/): `data` the pets, orders and events; `keys` the API key records. */
export type VersionTopic = 'data' | 'keys';

/** Counters of the data's versions kept in the database, read and advanced outside any transaction. */
export interface VersionSequences {
  /** Both versions, in one round trip. */
  read(): Promise<Readonly<Record<VersionTopic, string>>>;
  /** Moves a topic's version to one never handed out before. */
  advance(topic: VersionTopic): Promise<void>;
}

/** Connections of a pool at one moment, for metrics. */
export interface PoolStats {
  /** Most connections the pool may open. */
  max: number;
  /** Connections open, busy or idle. */
  total: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
}

export interface Store {
  db: Kysely<Database>;
  /** For the migrations and the store's own modules; the rest of the service asks the methods below. */
  dialect: DialectName;
  /** PostgreSQL schema of the deployment; SQLite has none. */
  schema?: string;
  /** Where the data lives, for logs; never includes a password. */
  location: string;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  /**
   * Whether an error means the database cannot be reached or did not answer in time: a passing condition
   * that clients should retry, as opposed to a fault in a query.
   */
  isUnavailable(error: unknown): boolean;
  /** Whether a query failed because a table does not exist (a database never migrated). */
  isMissingTable(error: unknown): boolean;
  /** Whether an error is a breach of the named unique index. */
  isUniqueViolation(error: unknown, index: string): boolean;
  /** Whether a transaction gave up waiting for another one's lock (PostgreSQL's lock_timeout; never SQLite). */
  isLockWaitTimeout(error: unknown): boolean;
  /** The connection pool's state; undefined for an embedded database without one. */
  poolStats(): PoolStats | undefined;
  /**
   * A value that changes whenever the data may have changed, by this process or any other: a cache of
   * query results read under one token is valid while the token stays the same. Undefined where no such
   * token is cheap to get (PostgreSQL, whose version is read in a round trip: `versionSequences`).
   */
  changeToken(): string | undefined;
  /**
   * The versions the caches of several instances share when no Redis keeps them (src/speed/): PostgreSQL's
   * sequences. Undefined where the change token serves every process instead (SQLite).
   */
  versionSequences: VersionSequences | undefined;
  /**
   * Whether one instance serves the database: every process that uses it runs on one machine, and one of
   * them delivers the webhooks (SQLite's file). PostgreSQL may be served by many instances at once.
   */
  servedByOneInstance: boolean;
  /**
   * Bounds how long `trx` waits for another transaction's row lock (PostgreSQL's lock_timeout), after which
   * the statement fails with an error `isLockWaitTimeout` recognises. SQLite serialises writers, so a whole
   * transaction waits its turn instead and nothing is bounded.
   */
  limitLockWait(trx: Transaction<Database>, ms: number): Promise<void>;
  /**
   * `query`, made to lock the rows of `of` it returns and to skip those another transaction holds locked
   * (PostgreSQL's `FOR UPDATE SKIP LOCKED`), so that instances claim different rows without waiting on each
   * other. Unchanged on SQLite, whose single writer holds the whole file.
   */
  skipLocked<DB, TB extends keyof DB, O>(
    query: SelectQueryBuilder<DB, TB, O>,
    of: TB & string,
  ): SelectQueryBuilder<DB, TB, O>;
  /**
   * Called first in every transaction that inserts into a collection clients page or tail by id (pets,
   * orders, events): such transactions then take their ids and commit one at a time, so ids become visible
   * in increasing order and a cursor never passes an id that commits later. SQLite's single writer already
   * works so; PostgreSQL takes a transaction-scoped advisory lock of the deployment.
   */
  serializeAppends(trx: Transaction<Database>): Promise<void>;
  /**
   * Takes `job`'s turn for the rest of `trx` without waiting: false when another transaction, on any
   * instance, holds it, and the job should skip this run. PostgreSQL takes a transaction-scoped advisory
   * lock of the deployment; SQLite's single writer already runs one write transaction at a time.
   */
  tryJobTurn(trx: Transaction<Database>, job: string): Promise<boolean>;
  /** The word search index of pets, in the dialect's own full-text index (word-index.ts). */
  wordIndex: WordIndex;
  close(): Promise<void>;
}
