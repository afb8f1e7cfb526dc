// Versioned migrations, oldest first. Names sort by date; each is written once, with per-dialect SQL only
// where the dialects differ.
import { Migrator, sql, type Kysely, type Migration, type MigrationResultSet } from 'kysely';
import type { DialectName } from '../store.js';
import type { Database } from '../schema.js';
import { initial } from './2026-11-22-initial.js';
import { idempotencyRecords } from './2026-11-23-c-idempotency-records.js';

/** Every migration. Kysely applies them in the order of their names (plain string order), whatever this order. */
export const migrationsFor = (dialect: DialectName): Record<string, Migration> => ({
  '2026-11-22-initial': initial(dialect),
  '2026-11-23-c-idempotency-records': idempotencyRecords,
});

/**
 * On PostgreSQL the migration tables are named with the deployment's schema: Kysely looks for them in every
 * schema otherwise, and takes another deployment's (or another test run's) tables for its own.
 */
const migratorFor = async (db: Kysely<Database>, dialect: DialectName) => {
  const schema =
    dialect === 'postgres'
      ? (await sql<{ name: string }>`select current_schema() as name`.execute(db)).rows[0]?.name
      : undefined;
  return new Migrator({
    db,
    provider: { getMigrations: async () => migrationsFor(dialect) },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
};

/** Raised when the database holds migrations this code does not know: it is newer than the code. */
export class SchemaTooNewError extends Error {
  override name = 'SchemaTooNewError';
}

/** Names recorded in Kysely's migration table; none when the database was never migrated. */
async function appliedMigrationNames(db: Kysely<Database>): Promise<string[]> {
  try {
    const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
    return rows.map((row) => row.name);
  } catch (error) {
    const { code, message } = error as { code?: string; message?: string };
    if (code === '42P01' || message?.includes('no such table')) return [];
    throw error;
  }
}

/** Fails when the database was migrated by a newer version of the service. */
export async function assertSchemaNotNewer(db: Kysely<Database>, dialect: DialectName): Promise<void> {
  const known = migrationsFor(dialect);
  const newer = (await appliedMigrationNames(db)).filter((name) => !(name in known));
  if (newer.length > 0) {
    throw new SchemaTooNewError(
      `The database has migrations this version does not know (${newer.join(', ')}): ` +
        'it was upgraded by a newer version of petstore. Run that version, or restore a backup.',
    );
  }
}

/** Applies every pending migration; returns the names applied. */
export async function migrateToLatest(db: Kysely<Database>, dialect: DialectName): Promise<string[]> {
  await assertSchemaNotNewer(db, dialect);
  const { error, results }: MigrationResultSet = await (await migratorFor(db, dialect)).migrateToLatest();
  if (error) throw error;
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Names of migrations not yet applied. */
export async function pendingMigrations(db: Kysely<Database>, dialect: DialectName): Promise<string[]> {
  const all = await (await migratorFor(db, dialect)).getMigrations();
  return all.filter((m) => !m.executedAt).map((m) => m.name);
}
