// `npm run bench:keyset`: what one keyset page costs SQLite itself, outside HTTP, on a seeded deployment
// with and without planner statistics, and with the bound values hidden from the planner (`? + 0`).
// SQLite built with STAT4 (as better-sqlite3 is) re-prepares a statement whose plan may depend on a bound
// value each time it is bound anew, so a cached statement can still pay for a prepare on every call.
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sqliteDeployment } from './lib/deployments.js';

const calls = 3000;
const repeats = 15;
// The page query as Kysely writes it for GET /v1/pets?limit=20&status=available (one extra row).
const keyset = 'select * from "pets" where "id" > ? and "status" = ? order by "id" limit ?';
const hidden = 'select * from "pets" where "id" > (? + 0) and "status" = ? order by "id" limit (? + 0)';

const dir = mkdtempSync(join(tmpdir(), 'petstore-keyset-'));
try {
  console.log('Seeding 100,000 pets...');
  const { sqliteFile } = sqliteDeployment(dir, 100_000);
  const unanalyzed = join(dir, 'no-statistics.sqlite');
  copyFileSync(sqliteFile!, unanalyzed);
  const withStats = new SqliteDatabase(sqliteFile!, { readonly: true });
  const withoutStats = new SqliteDatabase(unanalyzed);
  withoutStats.exec('drop table if exists sqlite_stat1; drop table if exists sqlite_stat4');

  const cases = [
    ['statistics, id > ?', withStats, keyset],
    ['statistics, id > (? + 0)', withStats, hidden],
    ['no statistics, id > ?', withoutStats, keyset],
    ['no statistics, id > (? + 0)', withoutStats, hidden],
  ] as const;
  const statements = cases.map(([name, db, sql]) => [name, db.prepare(sql)] as const);
  const best = new Map<string, number>();
  const time = (work: () => void) => {
    const start = process.hrtime.bigint();
    for (let i = 0; i < calls; i++) work();
    return Number(process.hrtime.bigint() - start) / calls / 1000;
  };
  // Interleaved repeats, best of each: the least disturbed figure on a busy machine.
  for (let r = 0; r < repeats; r++) {
    for (const [name, statement] of statements) {
      const us = time(() => statement.all(0, 'available', 21));
      best.set(name, Math.min(best.get(name) ?? Infinity, us));
    }
    const us = time(() => withStats.prepare(keyset));
    best.set('prepare() alone', Math.min(best.get('prepare() alone') ?? Infinity, us));
  }
  const plans = new Map<string, string>(
    cases.map(([name, db, sql]) => {
      const steps = db.prepare(`explain query plan ${sql}`).all(0, 'available', 21) as { detail: string }[];
      return [name, steps.map((step) => step.detail).join('; ')];
    }),
  );
  for (const [name, us] of best) {
    console.log(`${name.padEnd(30)} ${us.toFixed(1).padStart(7)} µs per call  ${plans.get(name) ?? ''}`);
  }
  withStats.close();
  withoutStats.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
