// What the figures were measured on and with: date, CPU, Node and the versions of every package involved.
import { createRequire } from 'node:module';
import { availableParallelism, cpus, loadavg } from 'node:os';
import SqliteDatabase from 'better-sqlite3';
import { canPin } from './cpu-pinning.js';

const require = createRequire(import.meta.url);
const versionOf = (name: string): string | undefined => {
  try {
    return (require(`${name}/package.json`) as { version: string }).version;
  } catch {
    return undefined;
  }
};

function sqliteVersion(): string {
  const db = new SqliteDatabase(':memory:');
  try {
    return (db.prepare('select sqlite_version() as v').get() as { v: string }).v;
  } finally {
    db.close();
  }
}

export function describeMachine() {
  const packages = ['fastify', 'better-sqlite3', 'kysely', 'pg', 'express', 'json-server', 'autocannon'];
  return {
    date: new Date().toISOString(),
    cpu: cpus()[0]?.model ?? 'unknown',
    cores: availableParallelism(),
    loadAverage: loadavg(),
    pinnedWithTaskset: canPin,
    versions: {
      node: process.versions.node,
      petstore: (require('../../package.json') as { version: string }).version,
      sqlite: sqliteVersion(),
      ...Object.fromEntries(packages.map((name) => [name, versionOf(name)])),
    },
  };
}
