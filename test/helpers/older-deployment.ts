// A deployment as an older release left it: migrated up to, not including, a given migration, for the tests of
// that migration's upgrade path.
import { Migrator } from 'kysely';
import type { Config } from '../../src/config.js';
import { ensureSchema } from '../../src/store/dialects/postgres.js';
import { migrationsFor } from '../../src/store/migrations/index.js';
import { openStore } from '../../src/store/open-store.js';
import type { Store } from '../../src/store/store.js';

/** Opens the deployment of `config` with every migration named before `migration` applied, and no other. */
export async function openBefore(config: Config, migration: string): Promise<Store> {
  const store = await openStore({ ...config, migrate: false }, { create: true });
  if (store.dialect === 'postgres') await ensureSchema(store, config.databaseSchema);
  const before = Object.fromEntries(
    Object.entries(migrationsFor(store.dialect)).filter(([name]) => name < migration),
  );
  const { error } = await new Migrator({
    db: store.db,
    provider: { getMigrations: async () => before },
    migrationTableSchema: store.schema,
  }).migrateToLatest();
  if (error) throw error;
  return store;
}
