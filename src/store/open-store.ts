// Opens the database the config names, SQLite or PostgreSQL, and brings its schema up to date.
import { databaseSchemaOf, type Config } from '../config.js';
import { ensureSchema, openPostgres } from './dialects/postgres.js';
import { NoDeploymentError, noDeploymentMessage, openSqlite } from './dialects/sqlite.js';
import { assertSchemaNotNewer, deploymentExists, migrateToLatest } from './migrations/index.js';
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

export interface OpenStoreOptions {
  /**
   * Whether a deployment that does not exist yet may be created: by default only when migrating (serve);
   * `migrate` creates one, administrative commands never do (a typo in --data-dir must not make a new one).
   */
  create?: boolean;
}

/**
 * Opens the store; migrates it unless `migrate` is off, refuses a database newer than the code, and refuses
 * a deployment that was never created unless `create`.
 */
export async function openStore(
  config: StoreConfig,
  { create = config.migrate }: OpenStoreOptions = {},
): Promise<Store> {
  const schema = databaseSchemaOf(config);
  const store = config.databaseUrl
    ? openPostgres({
        url: config.databaseUrl,
        schema,
        poolSize: config.databasePoolSize,
        statementTimeoutMs: config.statementTimeoutMs,
      })
    : openSqlite({
        dataDir: config.dataDir,
        deployment: config.env,
        synchronous: config.sqliteSynchronous,
        create,
      });
  try {
    if (!create && !(await deploymentExists(store)))
      throw new NoDeploymentError(noDeploymentMessage(store.location));
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
