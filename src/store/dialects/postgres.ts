// PostgreSQL, for several instances sharing one database. Each deployment lives in its own schema.
import { Kysely, PostgresDialect, sql, type PostgresPool, type PostgresPoolClient } from 'kysely';
import pg from 'pg';
import type { Database } from '../schema.js';
import type { Store } from '../store.js';
import { postgresWordIndex } from './postgres-word-index.js';
import { deploymentDialect } from './postgres-introspector.js';
import { postgresVersionSequences } from './postgres-versions.js';
import { isPostgresUnavailable } from './unavailable-errors.js';
import {
  isPostgresLockWaitTimeout,
  isPostgresMissingTable,
  isPostgresUniqueViolation,
} from './query-errors.js';

export interface PostgresOptions {
  url: string;
  schema: string;
  poolSize: number;
  statementTimeoutMs: number;
}

// int8 columns (ids, times) arrive as strings by default; every value stored is below 2^53, so a number is exact.
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.INT8
      ? Number
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/** Margin past statement_timeout after which the client gives up on a server that does not answer at all. */
const clientTimeoutMarginMs = 1000;

/**
 * The pool as Kysely sees it, except that a connection whose query failed for want of the server is
 * discarded on release rather than reused: after a client-side timeout its query may still be running,
 * and the next request on it would wait behind that query. The pool stops listening for a client's
 * errors while it is checked out, so this listens instead: a server that goes away mid-transaction
 * must fail that work with 503, not crash the process with an unhandled 'error' event.
 */
function discardingBrokenConnections(pool: pg.Pool): PostgresPool {
  return {
    async connect(): Promise<PostgresPoolClient> {
      const client = await pool.connect();
      let broken: Error | undefined;
      const onError = (error: Error) => {
        broken = error;
      };
      client.on('error', onError);
      const query = ((...args: Parameters<pg.PoolClient['query']>) => {
        const result = (client.query as (...a: unknown[]) => unknown)(...args);
        if (result instanceof Promise) {
          return result.catch((error: unknown) => {
            if (isPostgresUnavailable(error)) broken = error as Error;
            throw error;
          });
        }
        return result; // a cursor, for streamed queries
      }) as PostgresPoolClient['query'];
      const release = () => {
        client.removeListener('error', onError);
        client.release(broken);
      };
      return { query, release };
    },
    end: () => pool.end(),
  };
}

export function openPostgres({ url, schema, poolSize, statementTimeoutMs }: PostgresOptions): Store {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    types,
    statement_timeout: statementTimeoutMs,
    // The server enforces statement_timeout; these cover a server that cannot be reached or hangs.
    query_timeout: statementTimeoutMs + clientTimeoutMarginMs,
    connectionTimeoutMillis: statementTimeoutMs,
    keepAlive: true,
    options: `-c search_path=${schema}`,
  });
  // An idle client that loses its server emits here; without a listener the process would crash.
  pool.on('error', () => {});
  const db = new Kysely<Database>({
    dialect: deploymentDialect(new PostgresDialect({ pool: discardingBrokenConnections(pool) }), schema),
  });
  const parsed = new URL(url);
  return {
    db,
    dialect: 'postgres',
    schema,
    location: `postgres://${parsed.host}${parsed.pathname} schema ${schema}`,
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    isUnavailable: isPostgresUnavailable,
    isMissingTable: isPostgresMissingTable,
    isUniqueViolation: isPostgresUniqueViolation,
    isLockWaitTimeout: isPostgresLockWaitTimeout,
    poolStats: () => ({
      max: poolSize,
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
    // Other instances write to the same database without telling this one: nothing may be cached.
    changeToken: () => undefined,
    versionSequences: postgresVersionSequences(db),
    servedByOneInstance: false,
    limitLockWait: async (trx, ms) => {
      await sql`select set_config('lock_timeout', ${`${ms}ms`}, true)`.execute(trx);
    },
    skipLocked: (query, of) => query.forUpdate(of).skipLocked(),
    serializeAppends: async (trx) => {
      // Keyed by the deployment's schema: deployments sharing a database do not wait for each other.
      await sql`select pg_advisory_xact_lock(hashtext('petstore.appends'), hashtext(${schema}))`.execute(trx);
    },
    tryJobTurn: async (trx, job) => {
      const { rows } = await sql<{
        taken: boolean;
      }>`select pg_try_advisory_xact_lock(hashtext(${`petstore.job.${job}`}), hashtext(${schema})) as taken`.execute(
        trx,
      );
      return rows[0]!.taken;
    },
    wordIndex: postgresWordIndex,
    close: () => db.destroy(),
  };
}

/** Creates the deployment's schema, so that migrations can run in it. */
export async function ensureSchema(store: Store, schema: string): Promise<void> {
  try {
    await sql`create schema if not exists ${sql.id(schema)}`.execute(store.db);
  } catch (error) {
    // Instances starting together race on the catalogue; the loser sees a duplicate, which is fine.
    if ((error as { code?: string }).code !== '23505') throw error;
  }
}
