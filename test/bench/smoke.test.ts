// A benchmark smoke run of a few seconds on the service as built (scripts/run-tests.js builds dist/ once before
// the suite, so the harness runs with --no-build and writes nothing another test file reads): it seeds a small
// deployment, measures the main scenario, the bare node:http baseline, a pooled write (`update-pet`, one pet
// of the orders deployment per request), the search rows and their creations with and without the index
// (one of each kind on PostgreSQL where it answers) and, where Redis answers, the main scenario with the
// limiter on Redis (whose settings the harness passes itself), for a second each, the photo rows but the one
// of 8 uploads at once (a 12-megapixel JPEG each, for their 5 s), and writes a result with numbers and the
// search index's size.
// Nothing is timed.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { postgresUrl, redisUrl } from '../helpers/backends.js';

const runner = new URL('../../bench/run.ts', import.meta.url).pathname;

const searchRows = [
  'list-1m',
  'search-filtered',
  'search-common',
  'search-rare',
  'search-sorted',
  'search-deep',
  'create-pet-indexed',
  'create-pet-no-index',
];
const photoRows = [
  'photo-upload',
  'sharp-alone',
  'list-available-uploading',
  'photo-medium',
  'fastify-static-file',
];
// On PostgreSQL, one row of each kind the harness runs differently there (a listing against its baseline, and
// creations with and without the index): the other search rows are the SQLite ones on another deployment,
// and seeding PostgreSQL's deep listing alone took a fifth of this file's time.
const postgresSearchRows = [
  'list-postgres',
  'search-filtered-postgres',
  'create-pet-postgres-indexed',
  'create-pet-postgres-no-index',
];

test(
  'a one-second run of the main scenario, a baseline and the search rows produces figures',
  { timeout: 300_000 },
  async () => {
    const results = mkdtempSync(join(tmpdir(), 'petstore-bench-smoke-'));
    try {
      const rows = [
        'list-available',
        'node-http-static',
        'update-pet',
        ...photoRows,
        ...searchRows,
        ...(postgresUrl ? postgresSearchRows : []),
        ...(redisUrl ? ['list-available-redis'] : []),
      ];
      const args = [
        '--no-build',
        '--only',
        rows.join(','),
        '--rounds',
        '1',
        '--seconds',
        '1',
        '--warmup',
        '0',
      ];
      args.push('--connections', '4', '--pets', '300', '--deep-pets', '300', '--results-dir', results);
      const child = spawn(process.execPath, ['--import', 'tsx', runner, ...args], {
        stdio: ['ignore', 'pipe', 'pipe'],
        env: {
          ...process.env,
          ...(redisUrl ? { PETSTORE_BENCH_REDIS_URL: redisUrl } : {}),
          ...(postgresUrl ? { PETSTORE_BENCH_DATABASE_URL: postgresUrl } : {}),
        },
      });
      let output = '';
      for (const stream of [child.stdout, child.stderr])
        stream.on('data', (chunk: Buffer) => (output += chunk));
      const code = await new Promise((resolve) => child.on('close', resolve));
      assert.equal(code, 0, output);

      const [file] = readdirSync(results);
      const result = JSON.parse(readFileSync(join(results, file!), 'utf8')) as {
        versions: { node: string };
        rows: { name: string; summary?: { rps: number; p99Ms: number; non2xx: number; errors: number } }[];
        goals: { what: string; measured?: number }[];
        searchIndex: { deployment: string; pets: number; bytes: number; bytesPerMillionPets: number }[];
      };
      assert.equal(result.versions.node, process.versions.node);
      assert.deepEqual(
        result.rows.map((row) => row.name).sort(),
        [...rows].sort(),
        'every row asked for ran',
      );
      for (const row of result.rows) {
        assert.ok(row.summary && row.summary.rps > 0 && row.summary.p99Ms > 0, `${row.name} has figures`);
        assert.equal(row.summary.non2xx + row.summary.errors, 0, `${row.name} answered every request`);
      }
      const searchGoals = result.goals.filter((g) => /search index|first page/.test(g.what));
      // SQLite's five; on PostgreSQL, the filtered first page and the creations' index cost.
      assert.equal(searchGoals.filter((g) => g.measured !== undefined).length, postgresUrl ? 7 : 5);
      assert.deepEqual(
        result.searchIndex.map((size) => size.deployment),
        postgresUrl ? ['SQLite', 'PostgreSQL'] : ['SQLite'],
      );
      for (const size of result.searchIndex) {
        assert.ok(size.bytes > 0 && size.bytesPerMillionPets === Math.round((size.bytes * 1e6) / size.pets));
      }
      assert.match(output, /Search index on disk/);
      assert.match(output, /\| list-available +\|/);
      assert.match(output, /not run/, 'targets whose rows were left out say so');
      const photoGoals = result.goals.filter((g) => /photo/.test(g.what) && g.measured !== undefined);
      assert.equal(photoGoals.length, 3, 'every photo target but the RSS of 8 uploads is measured');
    } finally {
      rmSync(results, { recursive: true, force: true });
    }
  },
);
