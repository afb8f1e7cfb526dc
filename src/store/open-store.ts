// Opens the database the config names, SQLite or PostgreSQL, and brings its schema up to date.
import { databaseSchemaOf, type Config } from '../config.js';
import { ensureSchema, openPostgres } from './dialects/postgres.js';
import { openSqlite } from './dialects/sqlite.js';
import { assertSchemaNotNewer, migrateToLatest } from './migrations/index.js';
import type { Store } from './store.js';

type StoreConfig = Pick<
  Config,
  | 'databaseUrl'
  | 'databaseSchema'
  | 'databasePoolSize'
  | 'statementTimeoutMs'
  | 'dataDir'
  | 'env'
  | 'sqliteSynchronous'
  | 'migrate'
>;

/** Opens the store; migrates it unless `migrate` is off, and refuses a database newer than the code. */
export async function openStore(config: StoreConfig): Promise<Store> {
  const schema = databaseSchemaOf(config);
  const store = config.databaseUrl
    ? openPostgres({
        url: config.databaseUrl,
        schema,
        poolSize: config.databasePoolSize,
        statementTimeoutMs: config.statementTimeoutMs,
      })
    : openSqlite({ dataDir: config.dataDir, deployment: config.env, synchronous: config.sqliteSynchronous });
  try {
    if (config.migrate) {
      if (store.dialect === 'postgres') await ensureSchema(store, schema);
      await migrateToLatest(store);
    } else {
      await assertSchemaNotNewer(store);
    }
    return store;
  } catch (error) {
    await store.close();
    if (store.isUnavailable(error)) {
      throw new Error(`The database at ${store.location} cannot be reached: ${(error as Error).message}`, {
        cause: error,
      });
    }
    throw error;
  }
}
