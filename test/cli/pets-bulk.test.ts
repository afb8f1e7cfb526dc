// `petstore pets import|export` as a user runs them: child processes talking HTTP to a listening app, on every
// backend. Rejected rows, a resume after the process is killed half-way, a storm of 429s from the service's
// own rate limiter, and export → import round trips.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { PetstoreClient, type Pet } from '@petstore/client';
import { backends } from '../helpers/backends.js';
import { addPet } from '../helpers/http-calls.js';
import { csvHeader, fullProfile } from '../helpers/pet-profile.js';
import { runCli } from '../helpers/run-cli.js';
import { startSdkServer, type SdkServer } from '../helpers/sdk-server.js';

const cliEntry = new URL('../../src/cli/main.ts', import.meta.url).pathname;

/** Every pet of a category, through the SDK. */
async function petsOf(server: SdkServer, categoryId: number, key = server.key): Promise<Pet[]> {
  const client = new PetstoreClient({ baseUrl: server.baseUrl, apiKey: key });
  const pets: Pet[] = [];
  for await (const pet of client.listAllPets()) if (pet.categoryId === categoryId) pets.push(pet);
  return pets;
}

/**
 * `petstore ARGS` killed after `ms` when it has not ended: an import that does not pace itself can go on
 * sending until it is banned, and on after that.
 */
async function runCliWithin(ms: number, args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', cliEntry, ...args], {
    env: { PATH: process.env.PATH ?? '', NODE_OPTIONS: process.env.NODE_OPTIONS ?? '', ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
  const deadline = setTimeout(() => child.kill('SIGKILL'), ms);
  const [code] = (await once(child, 'exit')) as [number | null];
  clearTimeout(deadline);
  return { code: code ?? `killed after ${ms} ms`, stdout, stderr };
}

const csvOf = (categoryId: number, count: number, prefix: string) =>
  [
    'name,categoryId,status',
    ...Array.from({ length: count }, (_, i) => `${prefix}${i},${categoryId},sold`),
  ].join('\n') + '\n';

/** The pets of an NDJSON export without what the service sets on each it creates: the id and the times. */
const asImported = (ndjson: string) =>
  ndjson
    .trim()
    .split('\n')
    .map((line) =>
      JSON.stringify({ ...JSON.parse(line), id: undefined, createdAt: undefined, updatedAt: undefined }),
    )
    .sort();

const reportOf = (file: string) =>
  readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line))
    .sort((a, b) => a.row - b.row);

for (const backend of backends) {
  describe(`petstore pets import/export on ${backend.name}`, () => {
    let server: SdkServer;
    let env: Record<string, string>;
    let dir: string;
    before(async () => {
      server = await startSdkServer(backend);
      env = { PETSTORE_URL: server.baseUrl, PETSTORE_API_KEY: server.key };
      dir = mkdtempSync(join(tmpdir(), 'petstore-bulk-'));
    });
    after(async () => {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    });

    test('a CSV: rejected rows go to the report with their line and Error, the rest go in', async () => {
      const file = join(dir, 'shelter.csv');
      writeFileSync(
        file,
        [
          'name,categoryId,status',
          'Rex,11,available',
          '"Tom, the cat",11,',
          'Bad,eleven,sold',
          'Lost,11,lost',
          'Extra,11,sold,cells',
          'Zed,11,pending',
        ].join('\r\n'),
      );
      const outcome = await runCli(['pets', 'import', file, '--json'], env);
      assert.equal(outcome.code, 2, outcome.stderr);
      const summary = JSON.parse(outcome.stdout);
      assert.deepEqual(
        { ...summary, file: undefined },
        {
          file: undefined,
          format: 'csv',
          rows: 6,
          created: 3,
          updated: 0,
          alreadyImported: 0,
          skipped: 0,
          rejected: 3,
          photosAdded: 0,
          photosAlreadyThere: 0,
          photosRefused: 0,
          report: `${file}.report.ndjson`,
        },
      );
      const report = reportOf(`${file}.report.ndjson`);
      assert.deepEqual(
        report.map((r) => [r.row, r.error.code, r.error.status]),
        [
          [4, 'validation_failed', 400],
          [5, 'validation_failed', 400],
          [6, 'unreadable_row', 0],
        ],
      );
      assert.deepEqual(report[0].input, { name: 'Bad', categoryId: 'eleven', status: 'sold' });
      assert.match(report[0].error.message, /categoryId/);
      // Rows go out concurrently, so their ids come in any order.
      const pets = await petsOf(server, 11);
      assert.deepEqual(pets.map((p) => [p.name, p.status]).sort(), [
        ['Rex', 'available'],
        ['Tom, the cat', 'available'],
        ['Zed', 'pending'],
      ]);

      // Run again: the same file's rows are replayed, never created twice.
      const again = await runCli(['pets', 'import', file, '--json'], env);
      assert.equal(again.code, 2);
      assert.equal(JSON.parse(again.stdout).alreadyImported, 3);
      assert.equal((await petsOf(server, 11)).length, 3);
    });

    test('an NDJSON file (with --format and --report), then every row in: exit code 0', async () => {
      const file = join(dir, 'shelter.txt');
      const report = join(dir, 'rejected.ndjson');
      const lines = [
        JSON.stringify({ name: 'Ada', categoryId: 12, status: 'pending' }),
        '{"name": "Broken',
        '',
        JSON.stringify({ id: 999, name: 'Bo', categoryId: 12, status: 'sold' }),
        JSON.stringify({ name: 'Cy', categoryId: 12, colour: 'red' }),
      ];
      writeFileSync(file, lines.join('\n') + '\n');
      const outcome = await runCli(['pets', 'import', file, '--format', 'ndjson', '--report', report], env);
      assert.equal(outcome.code, 2, outcome.stderr);
      assert.match(
        outcome.stdout,
        /^4 rows: 2 created, 0 already there, 2 rejected \(see .*rejected\.ndjson/,
      );
      assert.deepEqual(
        reportOf(report).map((r) => [r.row, r.error.code]),
        [
          [2, 'unreadable_row'],
          [5, 'validation_failed'],
        ],
      );
      // An id in the file is the exporter's, not a wish: the service assigns its own.
      assert.deepEqual((await petsOf(server, 12)).map((p) => [p.name, p.status]).sort(), [
        ['Ada', 'pending'],
        ['Bo', 'sold'],
      ]);

      const good = join(dir, 'good.ndjson');
      writeFileSync(good, JSON.stringify({ name: 'Di', categoryId: 12 }) + '\n');
      const clean = await runCli(['pets', 'import', good], env);
      assert.equal(clean.code, 0, clean.stderr);
      assert.equal(clean.stderr, '', 'no progress bar when stderr is not a terminal');
    });

    test('killed half-way, then run again: every row in, none twice', async () => {
      const file = join(dir, 'big.csv');
      const rows = 300;
      writeFileSync(file, csvOf(13, rows, 'big-'));
      // Slow answers, so that the kill lands half-way whatever the machine's speed.
      server.faults.push(...Array.from({ length: rows }, () => ({ delayMs: 15 })));
      const before = server.petRequests;
      const child = spawn(process.execPath, ['--import', 'tsx', cliEntry, 'pets', 'import', file], {
        env: { PATH: process.env.PATH ?? '', ...env },
        stdio: 'ignore',
      });
      const exited = once(child, 'exit');
      while (server.petRequests - before < rows / 4 && child.exitCode === null) await sleep(10);
      child.kill('SIGKILL');
      await exited;
      server.faults.length = 0;
      const partial = (await petsOf(server, 13)).length;
      assert.ok(partial > 0 && partial < rows, `killed half-way: ${partial} of ${rows} in`);

      const resumed = await runCli(['pets', 'import', file, '--json'], env);
      assert.equal(resumed.code, 0, resumed.stderr);
      const summary = JSON.parse(resumed.stdout);
      assert.equal(summary.created + summary.alreadyImported, rows);
      assert.ok(summary.alreadyImported >= partial, 'rows created before the kill were replayed');
      const names = (await petsOf(server, 13)).map((p) => p.name);
      assert.equal(names.length, rows);
      assert.equal(new Set(names).size, rows, 'no pet created twice');
    });

    test('export: a status filter as CSV, and export → import → export round trips', async () => {
      const exported = await runCli(['pets', 'export', '--status', 'pending'], env);
      assert.equal(exported.code, 0, exported.stderr);
      const lines = exported.stdout.trim().split('\n');
      assert.equal(lines[0], csvHeader);
      assert.deepEqual(
        lines.slice(1).map((line) => line.split(',').slice(1, 4)),
        [
          ['Zed', '11', 'pending'],
          ['Ada', '12', 'pending'],
        ],
      );

      // Into a fresh deployment and out again, in each format: the same pets, profiles whole (ids aside;
      // concurrent rows get ids in any order).
      await addPet(server, { name: 'Profiled, "fully"', categoryId: 14, status: 'sold', ...fullProfile });
      const original = await runCli(['pets', 'export', '--format', 'ndjson'], env);
      for (const format of ['csv', 'ndjson']) {
        const other = await startSdkServer(backend);
        try {
          const file = join(dir, `all.${format}`);
          const out = await runCli(['pets', 'export', '--output', file, '--json'], env);
          assert.equal(out.code, 0, out.stderr);
          const { exported: count } = JSON.parse(out.stdout);
          const otherEnv = { PETSTORE_URL: other.baseUrl, PETSTORE_API_KEY: other.key };
          const imported = await runCli(['pets', 'import', file, '--json'], otherEnv);
          assert.equal(imported.code, 0, imported.stderr);
          assert.equal(JSON.parse(imported.stdout).created, count, format);
          const copy = await runCli(['pets', 'export', '--format', 'ndjson'], otherEnv);
          assert.equal(copy.code, 0, copy.stderr);
          assert.equal(asImported(copy.stdout).length, count);
          assert.deepEqual(asImported(copy.stdout), asImported(original.stdout), format);
        } finally {
          await other.close();
        }
      }
    });

    test('export to a folder that does not exist says so in one line, before asking for a page', async () => {
      const requestsBefore = server.petRequests;
      const missing = join(tmpdir(), 'petstore-no-such-folder', 'pets.csv');
      const out = await runCli(['pets', 'export', '--output', missing], env);
      assert.equal(out.code, 1);
      assert.match(out.stderr, /^petstore: cannot write .*petstore-no-such-folder.*pets\.csv: ENOENT/);
      assert.doesNotMatch(out.stderr, /\n\s+at /, 'no stack trace');
      assert.equal(server.petRequests, requestsBefore, 'nothing was asked of the service');
    });

    test('export waits out a Retry-After up to --max-wait, and stops at once beyond it', async () => {
      const rateLimited = { status: 429, code: 'rate_limited', headers: { 'retry-after': '2' } };
      server.faults.push(rateLimited);
      const waited = await runCli(['pets', 'export', '--status', 'pending', '--max-wait', '5'], env);
      assert.equal(waited.code, 0, waited.stderr);
      assert.ok(waited.stdout.startsWith(`${csvHeader}\n`));

      // Beyond it, the export stops at once with the 429 (whose message, from the limiter, says when). The
      // Retry-After is long, so that a CLI slow to start on a loaded machine is not taken for one that waited.
      server.faults.push({ ...rateLimited, headers: { 'retry-after': '30' } });
      const started = Date.now();
      const stopped = await runCli(['pets', 'export', '--status', 'pending', '--max-wait', '1'], env);
      assert.equal(stopped.code, 1);
      assert.match(stopped.stderr, /\(rate_limited, HTTP 429, request id /);
      assert.ok(Date.now() - started < 15_000, `took ${Date.now() - started} ms: it waited`);
      server.faults.length = 0;
    });
  });

  describe(`petstore pets import under a storm of 429s on ${backend.name}`, () => {
    let server: SdkServer;
    /** The 429 answers, by who gave them: the injected faults, the service's limiter, or its ban. */
    const refusals = { injected: 0, limiter: 0, banned: 0 };
    before(async () => {
      // The service's own limiter, with a "minute" of one second: the import waits for real, a few seconds.
      server = await startSdkServer(backend, {
        overrides: { minuteWindowSeconds: 1 },
        setup: (app) =>
          void app.addHook('onSend', async (_request, reply, payload) => {
            if (reply.statusCode !== 429 || typeof payload !== 'string') return;
            const { code, message } = JSON.parse(payload) as { code: string; message: string };
            if (code === 'api_key_banned') refusals.banned++;
            else if (message.startsWith('injected')) refusals.injected++;
            else refusals.limiter++;
          }),
      });
    });
    after(() => server.close());

    test('every row goes in, once; the import paces itself and the key is never banned', async () => {
      const { key } = await server.newKey('enterprise', { perMinute: 20, perDay: 10_000 });
      const dir = mkdtempSync(join(tmpdir(), 'petstore-bulk-'));
      try {
        const file = join(dir, 'storm.csv');
        const rows = 70;
        const stormLength = 6;
        writeFileSync(file, csvOf(21, rows, 'storm-'));
        // Besides the limiter's own budget (3.5 windows of it), a burst of refusals before any row gets in. The
        // rows' creations go out one at a time, in the file's order, so each refusal costs its Retry-After.
        const storm = { status: 429, code: 'rate_limited', headers: { 'retry-after': '1' } };
        server.faults.push(...Array.from({ length: stormLength }, () => storm));
        // A few seconds when paced; an import that is not goes on far longer.
        const outcome = await runCliWithin(
          60_000,
          ['pets', 'import', file, '--json', '--concurrency', '16'],
          {
            PETSTORE_URL: server.baseUrl,
            PETSTORE_API_KEY: key,
          },
        );
        assert.equal(refusals.injected, stormLength);
        assert.equal(refusals.banned, 0, `the key was banned: ${JSON.stringify(refusals)}`);
        // Paced by the budget the answers report and by every Retry-After, the import lets the limiter refuse a
        // few requests at most, where 30 in a minute ban the key; sending regardless, it collects those 30 in
        // seconds.
        assert.ok(refusals.limiter <= 10, `the limiter refused ${refusals.limiter} requests`);
        assert.equal(outcome.code, 0, outcome.stderr);
        assert.equal(JSON.parse(outcome.stdout).created, rows);
        // Its waits for the windows to reset are said on stderr, where no progress bar is shown.
        assert.match(
          outcome.stderr,
          /^petstore: rate limited: waiting \d+ s, until \d{4}-\d\d-\d\dT[\d:.]+Z$/m,
        );
        const names = (await petsOf(server, 21)).map((p) => p.name);
        assert.equal(new Set(names).size, rows);
        assert.equal(names.length, rows);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
}
