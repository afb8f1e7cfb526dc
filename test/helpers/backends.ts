// The storage backends every HTTP suite runs against: SQLite always, PostgreSQL when the runner found one.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { loadConfig, type Config, type SettingName } from '../../src/config.js';

export interface Backend {
  name: 'sqlite' | 'postgres';
  /** A config for a fresh, empty deployment of its own, and how to remove its data afterwards. */
  freshDeployment(overrides?: Partial<Record<SettingName, unknown>>): {
    config: Config;
    remove(): Promise<void>;
  };
}

export const postgresUrl = process.env.PETSTORE_TEST_DATABASE_URL;
export const redisUrl = process.env.PETSTORE_TEST_REDIS_URL;

let counter = 0;
const uniqueName = () => `t${process.pid}_${Date.now().toString(36)}_${counter++}`;

const sqlite: Backend = {
  name: 'sqlite',
  freshDeployment(overrides = {}) {
    const dataDir = mkdtempSync(join(tmpdir(), 'petstore-test-'));
    return {
      config: loadConfig({}, { dataDir, logLevel: 'silent', ...overrides }),
      remove: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  },
};

/** Drops a test schema with a short-lived connection of its own. */
export async function dropSchema(url: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`drop schema if exists "${schema}" cascade`);
  } finally {
    await client.end();
  }
}

const postgres = (url: string): Backend => ({
  name: 'postgres',
  freshDeployment(overrides = {}) {
    const databaseSchema = uniqueName();
    return {
      config: loadConfig({}, { databaseUrl: url, databaseSchema, logLevel: 'silent', ...overrides }),
      remove: () => dropSchema(url, databaseSchema),
    };
  },
});

export const backends: Backend[] = [sqlite, ...(postgresUrl ? [postgres(postgresUrl)] : [])];
