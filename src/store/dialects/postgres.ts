// PostgreSQL, for several instances sharing one database. Each deployment lives in its own schema.
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { Database } from '../schema.js';
import type { Store } from '../store.js';

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

export function openPostgres({ url, schema, poolSize, statementTimeoutMs }: PostgresOptions): Store {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    types,
    statement_timeout: statementTimeoutMs,
    connectionTimeoutMillis: statementTimeoutMs,
    options: `-c search_path=${schema}`,
  });
  // An idle client that loses its server emits here; without a listener the process would crash.
  pool.on('error', () => {});
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const parsed = new URL(url);
  return {
    db,
    dialect: 'postgres',
    schema,
    location: `postgres://${parsed.host}${parsed.pathname} schema ${schema}`,
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    close: () => db.destroy(),
  };
}

/** Creates the deployment's schema, so that migrations can run in it. */
export async function ensureSchema(store: Store, schema: string): Promise<void> {
  await sql`create schema if not exists ${sql.id(schema)}`.execute(store.db);
}
