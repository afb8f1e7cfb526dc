// Seeded deployments of the service to measure: migrated by `petstore migrate`, filled in bulk, with an
// Enterprise key whose quotas no benchmark can exhaust.
import { join } from 'node:path';
import { orderLayout, petStatusIn, type OrderLayout, type RunLength } from './order-rows.js';
import { seedPet } from './pet-rows.js';
import { runPetstore } from './petstore-cli.js';
import { readSqliteSetting, seedSqlitePets, sqliteSearchIndexBytes } from './seed-sqlite.js';
import { seedSqliteOrders } from './seed-sqlite-orders.js';
import {
  dropPostgresSchema,
  postgresSearchIndexBytes,
  readPostgresSetting,
  seedPostgresPets,
} from './seed-postgres.js';

export interface Deployment {
  /** Flags that point `petstore` at the deployment's data. */
  storeArgs: string[];
  /** The SQLite file, for the peers that read the same data. */
  sqliteFile?: string;
  pets: number;
  /**
   * Bearer key of an Enterprise plan with quotas far beyond any run, and every scope (`keys create` gives
   * them all when no --scopes is given): the order rows need orders:write and orders:manage, the feed
   * events:read.
   */
  key: string;
  /** The secret that signs this deployment's listing cursors. */
  cursorSecret: string;
  /** Bytes on disk of the search index (the word index and the tag rows, with their indexes) as it now is. */
  searchIndexBytes(): Promise<number>;
  remove(): Promise<void>;
}

/** High enough that no request of any run is refused with 429. */
const unlimited = '1000000000';

function issueKey(storeArgs: string[]): { id: string; key: string } {
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
  return JSON.parse(json) as { id: string; key: string };
}

/** Rows seeded after the key exists, for tables that name the key (orders). */
type SeedWithKey = (sqliteFile: string, keyId: string) => void;

export function sqliteDeployment(
  dataDir: string,
  pets: number,
  petAt = seedPet,
  seedWithKey: SeedWithKey = () => {},
): Deployment {
  const storeArgs = ['--data-dir', dataDir];
  runPetstore(['migrate', ...storeArgs]);
  const sqliteFile = join(dataDir, 'production.sqlite');
  seedSqlitePets(sqliteFile, pets, petAt);
  const { id, key } = issueKey(storeArgs);
  seedWithKey(sqliteFile, id);
  return {
    storeArgs,
    sqliteFile,
    pets,
    key,
    cursorSecret: readSqliteSetting(sqliteFile, 'cursor_secret'),
    searchIndexBytes: async () => sqliteSearchIndexBytes(sqliteFile),
    remove: async () => {}, // the data folder goes with the run's temporary folder
  };
}

/** The deployment of the order and event rows, laid out for a run of `run`'s length (order-rows.ts). */
export function sqliteOrdersDeployment(
  dataDir: string,
  run: RunLength,
): Deployment & { layout: OrderLayout } {
  const layout = orderLayout(run);
  const status = petStatusIn(layout);
  // Orders and their events are recent: the feed keeps events only for its retention (30 days by default).
  const ordersAt = Date.now();
  const deployment = sqliteDeployment(
    dataDir,
    layout.pets,
    (id) => ({ ...seedPet(id), status: status(id) }),
    (file, keyId) => seedSqliteOrders(file, layout, keyId, ordersAt),
  );
  return { ...deployment, layout };
}

export async function postgresDeployment(url: string, schema: string, pets: number): Promise<Deployment> {
  const storeArgs = ['--database-url', url, '--database-schema', schema];
  runPetstore(['migrate', ...storeArgs]);
  await seedPostgresPets(url, schema, pets);
  return {
    storeArgs,
    pets,
    key: issueKey(storeArgs).key,
    cursorSecret: await readPostgresSetting(url, schema, 'cursor_secret'),
    searchIndexBytes: () => postgresSearchIndexBytes(url, schema),
    remove: () => dropPostgresSchema(url, schema),
  };
}
