// The main scenario's targets compare the service with baselines and a peer that answer "the same page": this
// holds them to it, byte for byte, on a small deployment seeded as the benchmark seeds it (full profiles in
// every row). The service runs as built (scripts/run-tests.js builds dist/ first), on SQLite and, where it
// answers, PostgreSQL; the baselines and the peer as the harness starts them.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fixedPage } from '../../bench/baselines/fixed-page.js';
import { createFixtures } from '../../bench/lib/fixtures.js';
import { startServer } from '../../bench/lib/server-process.js';
import { scenarios } from '../../bench/scenarios.js';
import { postgresUrl } from '../helpers/backends.js';

const rows = ['list-available', 'list-available-postgres', 'fastify-static', 'node-http-static', 'express'];

test(
  'the service, the static baselines and the Express peer answer the same page',
  { timeout: 120_000 },
  async () => {
    const dir = mkdtempSync(join(tmpdir(), 'petstore-same-page-'));
    const fixtures = createFixtures({
      dir,
      pets: 300,
      deepPets: 300,
      postgresUrl: postgresUrl ?? 'postgres://postgres@127.0.0.1:1/none',
      redisUrl: 'redis://127.0.0.1:1',
      rounds: 1,
      seconds: 1,
      warmupSeconds: 0,
    });
    try {
      const expected = JSON.stringify(fixedPage);
      assert.equal(fixedPage.length, 20);
      for (const name of rows) {
        const prepared = await scenarios.find((s) => s.name === name)!.prepare(fixtures);
        if ('skipped' in prepared) {
          assert.equal(name, 'list-available-postgres', `${name} ran: ${prepared.skipped}`);
          continue;
        }
        const server = await startServer(prepared.server);
        try {
          const { path, headers } = prepared.request;
          const response = await fetch(server.url + path, { headers });
          assert.equal(response.status, 200, name);
          assert.equal(await response.text(), expected, `${name} answers the fixed page`);
        } finally {
          await server.stop();
        }
      }
    } finally {
      await fixtures.cleanup();
      rmSync(dir, { recursive: true, force: true });
    }
  },
);
