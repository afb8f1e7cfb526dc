// What the rest of the service knows of a database: a Kysely handle, its dialect, a health probe and close.
// Driver types stay inside src/store/dialects/.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.js';

export type DialectName = 'sqlite' | 'postgres';

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
   * token is cheap to get (PostgreSQL, whose version is read in a round trip: src/services/data-version.ts).
   */
  changeToken(): string | undefined;
  /**
   * Called first in every transaction that inserts into a collection clients page or tail by id (pets,
   * orders, events): such transactions then take their ids and commit one at a time, so ids become visible
   * in increasing order and a cursor never passes an id that commits later. SQLite's single writer already
   * works so; PostgreSQL takes a transaction-scoped advisory lock of the deployment.
   */
  serializeAppends(trx: Transaction<Database>): Promise<void>;
  close(): Promise<void>;
}
