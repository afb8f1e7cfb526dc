// Versioned migrations, oldest first. Names sort by date; each is written once, with per-dialect SQL only
// where the dialects differ.
import { Migrator, sql, type Migration, type MigrationResultSet } from 'kysely';
import type { DialectName, Store } from '../store.js';
import { initial } from './2026-11-22-initial.js';
import { apiKeyBans } from './2026-11-23-b-api-key-bans.js';
import { idempotencyRecords } from './2026-11-23-c-idempotency-records.js';
import { apiKeyScopes } from './2026-11-24-b-api-key-scopes.js';
import { apiKeyUsage } from './2026-11-24-c-api-key-usage.js';
import { eventsWebhooks } from './2026-11-24-d-events-webhooks.js';
import { orders } from './2026-11-24-a-orders.js';
import { dataVersion } from './2026-11-25-a-data-version.js';
import { keyVersion } from './2026-11-25-b-key-version.js';
import { petProfiles } from './2026-11-28-a-pet-profiles.js';
import { catalog } from './2026-11-28-b-catalog.js';
import { petSearch } from './2026-11-28-d-pet-search.js';
import { photos } from './2026-11-28-e-photos.js';
import { wordIndex } from './2026-11-28-f-word-index.js';
import { nameKeys } from './2026-12-01-a-name-keys.js';
import { applications } from './2026-12-01-b-applications.js';
import { applicationOrder } from './2026-12-02-a-application-order.js';
import { petPublished } from './2026-12-02-b-pet-published.js';
import { shelter } from './2026-12-02-c-shelter.js';
import { petsRemoveScope } from './2026-12-02-d-pets-remove-scope.js';
import { staff } from './2026-12-02-e-staff.js';
import { petsStatusCreated } from './2026-12-02-f-pets-status-created.js';
import { eventActor } from './2026-12-03-a-event-actor.js';
import { ordersByShelter } from './2026-12-03-b-orders-by-shelter.js';

/** Every migration. Kysely applies them in the order of their names (plain string order), whatever this order. */
export const migrationsFor = (dialect: DialectName): Record<string, Migration> => ({
  '2026-11-22-initial': initial(dialect),
  '2026-11-23-b-api-key-bans': apiKeyBans,
  '2026-11-23-c-idempotency-records': idempotencyRecords,
  '2026-11-24-b-api-key-scopes': apiKeyScopes,
  '2026-11-24-c-api-key-usage': apiKeyUsage,
  '2026-11-24-d-events-webhooks': eventsWebhooks(dialect),
  '2026-11-24-a-orders': orders(dialect),
  '2026-11-25-a-data-version': dataVersion(dialect),
  '2026-11-25-b-key-version': keyVersion(dialect),
  '2026-11-28-a-pet-profiles': petProfiles,
  '2026-11-28-b-catalog': catalog(dialect),
  '2026-11-28-d-pet-search': petSearch(dialect),
  '2026-11-28-e-photos': photos(dialect),
  '2026-11-28-f-word-index': wordIndex(dialect),
  '2026-12-01-a-name-keys': nameKeys,
  '2026-12-01-b-applications': applications(dialect),
  '2026-12-02-a-application-order': applicationOrder,
  '2026-12-02-b-pet-published': petPublished,
  '2026-12-02-c-shelter': shelter(dialect),
  '2026-12-02-d-pets-remove-scope': petsRemoveScope,
  '2026-12-02-e-staff': staff(dialect),
  '2026-12-02-f-pets-status-created': petsStatusCreated,
  '2026-12-03-a-event-actor': eventActor,
  '2026-12-03-b-orders-by-shelter': ordersByShelter(dialect),
});

// Kysely's own tables live in the deployment's schema; otherwise it may find another deployment's tables.
const migratorFor = ({ db, dialect, schema }: Store) =>
  new Migrator({
    db,
    provider: { getMigrations: async () => migrationsFor(dialect) },
    migrationTableSchema: schema,
  });

/** Raised when the database holds migrations this code does not know: it is newer than the code. */
export class SchemaTooNewError extends Error {
  override name = 'SchemaTooNewError';
}

/** Names recorded in Kysely's migration table; none when the database was never migrated. */
async function appliedMigrationNames({ db, isMissingTable }: Store): Promise<string[]> {
  try {
    const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
    return rows.map((row) => row.name);
  } catch (error) {
    if (isMissingTable(error)) return [];
    throw error;
  }
}

/** Whether the deployment was ever migrated, i.e. created by `petstore migrate` or `petstore serve`. */
export async function deploymentExists(store: Store): Promise<boolean> {
  return (await appliedMigrationNames(store)).length > 0;
}

/** Fails when the database was migrated by a newer version of the service. */
export async function assertSchemaNotNewer(store: Store): Promise<void> {
  const known = migrationsFor(store.dialect);
  const newer = (await appliedMigrationNames(store)).filter((name) => !(name in known));
  if (newer.length > 0) {
    throw new SchemaTooNewError(
      `The database has migrations this version does not know (${newer.join(', ')}): ` +
        'it was upgraded by a newer version of petstore. Run that version, or restore a backup.',
    );
  }
}

/** Applies every pending migration; returns the names applied. */
export async function migrateToLatest(store: Store): Promise<string[]> {
  await assertSchemaNotNewer(store);
  const { error, results }: MigrationResultSet = await migratorFor(store).migrateToLatest();
  if (error) throw error;
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
