// A benchmark smoke run of a few seconds on the service as built (scripts/run-tests.js builds dist/ once before
// the suite, so the harness runs with --no-build and writes nothing another test file reads): it seeds a small
// deployment, measures the main scenario, the bare node:http baseline, a pooled write (`update-pet`, one pet
// of the orders deployment per request) and, where Redis answers, the main scenario with the limiter on Redis
// (whose settings the harness passes itself), for a second each, and writes a result with numbers. Nothing is
// timed.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { redisUrl } from '../helpers/backends.js';

const runner = new URL('../../bench/run.ts', import.meta.url).pathname;

test(
  'a one-second run of the main scenario and a baseline produces figures',
  { timeout: 180_000 },
  async () => {
    const results = mkdtempSync(join(tmpdir(), 'petstore-bench-smoke-'));
    try {
      const rows = [
        'list-available',
        'node-http-static',
        'update-pet',
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
        env: { ...process.env, ...(redisUrl ? { PETSTORE_BENCH_REDIS_URL: redisUrl } : {}) },
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
      assert.match(output, /\| list-available +\|/);
      assert.match(output, /not run/, 'targets whose rows were left out say so');
    } finally {
      rmSync(results, { recursive: true, force: true });
    }
  },
);
