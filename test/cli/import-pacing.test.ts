// The import's pacing and stops against a real listening service: waiting for a rate-limit window to reset
// is not a request that hangs, however long the SDK lets one attempt take; a wait longer than the import may
// make stops it at once, saying when to run it again; a key that may not create pets stops it, saying what
// to fix. All of it is the client's, so one backend suffices.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { PetstoreClient, type PetstoreClientOptions } from '@petstore/client';
import { importPets } from '../../src/cli/bulk/import-pets.js';
import { backends } from '../helpers/backends.js';
import { startSdkServer, type SdkServer } from '../helpers/sdk-server.js';

describe('petstore pets import: pacing and stops', () => {
  let server: SdkServer;
  let dir: string;
  before(async () => {
    // A "minute" of two seconds: the budget of the key below runs out, and the import waits for it.
    server = await startSdkServer(backends[0]!, { overrides: { minuteWindowSeconds: 2 } });
    dir = mkdtempSync(join(tmpdir(), 'petstore-pacing-'));
  });
  after(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const csv = (name: string, rows: number) => {
    const file = join(dir, `${name}.csv`);
    const lines = Array.from({ length: rows }, (_, i) => `${name} ${i},31,available`);
    writeFileSync(file, ['name,categoryId,status', ...lines].join('\n') + '\n');
    return file;
  };

  /** Imports `file` with a client whose attempts time out after `timeoutMs`, and are never retried. */
  const importWith = async (
    file: string,
    key: string,
    timeoutMs: number,
    maxWaitMs: number,
    onWait?: (ms: number) => void,
  ) =>
    importPets({
      file,
      format: 'csv',
      concurrency: 4,
      reportPath: `${file}.report.ndjson`,
      maxWaitMs,
      onWait,
      client: (options: Partial<PetstoreClientOptions>) =>
        new PetstoreClient({ baseUrl: server.baseUrl, apiKey: key, ...options, timeoutMs, maxAttempts: 1 }),
    });

  test('a wait for the window to reset, longer than an attempt may take, does not fail the rows', async () => {
    const { key } = await server.newKey('enterprise', { perMinute: 4, perDay: 10_000 });
    const started = Date.now();
    const waits: number[] = [];
    const summary = await importWith(csv('paced', 10), key, 300, 10_000, (ms) => waits.push(ms));
    assert.deepEqual([summary.created, summary.rejected], [10, 0]);
    // Ten rows at four a window: the import waited out at least two windows.
    assert.ok(Date.now() - started >= 2_000, `took ${Date.now() - started} ms`);
    // Each wait is told once, not once for each of the four rows in flight that sit it out; a window ends on
    // the whole second after it (X-RateLimit-Reset), so a wait may last up to a second more than it.
    assert.ok(
      waits.length >= 1 && waits.length <= 3,
      `told of ${waits.length} waits: ${waits.join(', ')} ms`,
    );
    assert.ok(
      waits.every((ms) => ms >= 1_000 && ms <= 3_000),
      `waits of ${waits.join(', ')} ms`,
    );
  });

  test(
    'a Retry-After beyond --max-wait stops the import at once, with when to resume',
    { timeout: 20_000 },
    async () => {
      const { key } = await server.newKey();
      server.faults.push({ status: 429, code: 'rate_limited', headers: { 'retry-after': '3600' } });
      const started = Date.now();
      await assert.rejects(
        importWith(csv('banned', 40), key, 30_000, 5_000),
        /^CliError: stopped at line \d+: .*Run the same command again after \d{4}-\d\d-\d\dT.* to resume/,
      );
      assert.ok(Date.now() - started < 5_000, `took ${Date.now() - started} ms`);
    },
  );

  test('a key that may not create pets stops the import at its first row, saying what to fix', async () => {
    const { key } = await server.app.services.apiKeys.create({
      name: 'reader',
      plan: 'free',
      scopes: ['pets:read'],
    });
    await assert.rejects(
      importWith(csv('unwritable', 3), key, 30_000, 5_000),
      /^CliError: stopped at line 2: .*\(insufficient_scope, HTTP 403, .*\)\. Use a key with the pets:write scope, then run the same command again to resume/,
    );
  });
});
