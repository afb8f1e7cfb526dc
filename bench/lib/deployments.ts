// Seeded deployments of the service to measure: migrated by `petstore migrate`, filled in bulk, with an
// Enterprise key whose quotas no benchmark can exhaust.
import { join } from 'node:path';
import { runPetstore } from './petstore-cli.js';
import { readSqliteSetting, seedSqlitePets } from './seed-sqlite.js';
import { dropPostgresSchema, readPostgresSetting, seedPostgresPets } from './seed-postgres.js';

export interface Deployment {
  /** Flags that point `petstore` at the deployment's data. */
  storeArgs: string[];
  /** The SQLite file, for the peers that read the same data. */
  sqliteFile?: string;
  pets: number;
  /** Bearer key of an Enterprise plan with quotas far beyond any run. */
  key: string;
  /** The secret that signs this deployment's listing cursors. */
  cursorSecret: string;
  remove(): Promise<void>;
}

/** High enough that no request of any run is refused with 429. */
const unlimited = '1000000000';
// Fixed, so that pets seeded in different runs carry the same times.
const seededAt = Date.UTC(2026, 0, 1);

function issueKey(storeArgs: string[]): string {
  const args = ['keys', 'create', '--plan', 'enterprise', '--name', 'benchmark'];
  const json = runPetstore([
    ...args,
    '--per-minute',
    unlimited,
    '--per-day',
    unlimited,
    '--json',
    ...storeArgs,
  ]);
  return (JSON.parse(json) as { key: string }).key;
}

export function sqliteDeployment(dataDir: string, pets: number): Deployment {
  const storeArgs = ['--data-dir', dataDir];
  runPetstore(['migrate', ...storeArgs]);
  const sqliteFile = join(dataDir, 'production.sqlite');
  seedSqlitePets(sqliteFile, pets, seededAt);
  return {
    storeArgs,
    sqliteFile,
    pets,
    key: issueKey(storeArgs),
    cursorSecret: readSqliteSetting(sqliteFile, 'cursor_secret'),
    remove: async () => {}, // the data folder goes with the run's temporary folder
  };
}

export async function postgresDeployment(url: string, schema: string, pets: number): Promise<Deployment> {
  const storeArgs = ['--database-url', url, '--database-schema', schema];
  runPetstore(['migrate', ...storeArgs]);
  await seedPostgresPets(url, schema, pets, seededAt);
  return {
    storeArgs,
    pets,
    key: issueKey(storeArgs),
    cursorSecret: await readPostgresSetting(url, schema, 'cursor_secret'),
    remove: () => dropPostgresSchema(url, schema),
  };
}
