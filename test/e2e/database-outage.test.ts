// Losing PostgreSQL: requests fail fast with 503 and an Error body, /readyz says not ready, and the service
// recovers by itself when the database returns. Runs against a private cluster the test stops and restarts.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createServices } from '../../src/services/index.js';
import { loadConfig } from '../../src/config.js';
import { openStore } from '../../src/store/open-store.js';
import {
  privatePostgresUnavailable,
  startPrivatePostgres,
  type PrivatePostgres,
} from '../helpers/private-postgres.js';
import { runCli } from '../helpers/run-cli.js';
import { freePort, startServerProcess, type ServerProcess } from '../helpers/server-process.js';

/** Longest any request may take while the database is gone; far above the configured timeouts. */
const hangMs = 15_000;
const statementTimeoutMs = 800;

describe('losing PostgreSQL', { skip: privatePostgresUnavailable }, () => {
  let database: PrivatePostgres;
  let server: ServerProcess;
  let metricsUrl: string;
  let auth: { authorization: string };
  let petId: number;

  const call = (path: string, init: RequestInit = {}) =>
    fetch(`${server.url}${path}`, {
      ...init,
      headers: { ...auth, 'content-type': 'application/json', ...init.headers },
      signal: AbortSignal.timeout(hangMs),
    });
  const createPet = () =>
    call('/v1/pets', { method: 'POST', body: JSON.stringify({ name: 'Rex', categoryId: 1 }) });

  before(async () => {
    database = await startPrivatePostgres();
    const settings = {
      DATABASE_URL: database.url,
      PETSTORE_STATEMENT_TIMEOUT_MS: String(statementTimeoutMs),
    };
    const metricsPort = await freePort();
    metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
    server = await startServerProcess(['--metrics-port', String(metricsPort)], settings);
    const store = await openStore(loadConfig(settings));
    const { apiKeys } = await createServices(loadConfig(settings), store);
    auth = { authorization: `Bearer ${(await apiKeys.create({ name: 'outage', plan: 'free' })).key}` };
    await store.close();
    const res = await createPet();
    assert.equal(res.status, 201);
    petId = (await res.json()).id;
  });

  after(async () => {
    await server?.stop();
    database?.destroy();
  });

  /** Polls readiness until it holds, as a load balancer would; fails after a bounded number of tries. */
  async function untilReady(): Promise<void> {
    for (let attempt = 0; attempt < 100; attempt++) {
      if ((await call('/readyz')).status === 200) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    assert.fail('the service did not become ready again');
  }

  async function assertScrapeCounts503s(): Promise<void> {
    const res = await fetch(metricsUrl, { signal: AbortSignal.timeout(hangMs) });
    const metrics = await res.text();
    assert.equal(res.status, 200, metrics);
    assert.match(
      metrics,
      /^petstore_http_requests_total\{method="GET",route="\/v1\/pets",status="503"\} [1-9]/m,
    );
    assert.match(metrics, /^petstore_database_pool_connections\{state="max"\} 10$/m);
  }

  const outages: Array<[string, () => void, () => void]> = [
    ['stopped cleanly', () => database.stop('fast'), () => database.start()],
    ['crashed', () => database.stop('immediate'), () => database.start()],
    ['frozen (no answer at all)', () => database.freeze(true), () => database.freeze(false)],
  ];

  for (const [how, lose, restore] of outages) {
    test(`database ${how}: 503 with an Error body, not ready, then recovery`, async () => {
      lose();
      try {
        const requests: Array<[string, () => Promise<Response>]> = [
          ['list', () => call('/v1/pets')],
          ['create', createPet],
          ['get', () => call(`/v1/pets/${petId}`)],
          ['readiness', () => call('/readyz')],
        ];
        for (const [what, send] of requests) {
          const res = await send();
          assert.equal(res.status, 503, what);
          assert.equal(res.headers.get('retry-after'), '1', what);
          const body = await res.json();
          assert.deepEqual(Object.keys(body).sort(), ['code', 'message', 'status'], what);
          assert.equal(body.code, 'service_unavailable', what);
          assert.equal(body.status, 503, what);
          // Nothing of the driver, the address or the stack reaches the client.
          assert.doesNotMatch(
            body.message,
            /ECONN|127\.0\.0\.1|timeout exceeded|terminat|\bat\b.*\.ts/,
            what,
          );
        }
        assert.equal((await call('/healthz')).status, 200, 'the process itself stays live');
        // What an operator's alert on 503s sees, from the metrics port of the single process, while the
        // database is still out: the scrape must not need it.
        await assertScrapeCounts503s();
      } finally {
        restore();
      }
      await assertScrapeCounts503s();
      await untilReady();
      assert.equal((await createPet()).status, 201);
      const listed = await (await call('/v1/pets?limit=100')).json();
      assert.ok(
        listed.some((pet: { id: number }) => pet.id === petId),
        'data written before the outage is there',
      );
    });
  }

  test('serve refuses to start, saying which database it could not reach, while the database is down', async () => {
    database.stop('fast');
    try {
      const res = await runCli(['serve', '--port', '0'], { DATABASE_URL: database.url });
      assert.equal(res.code, 1);
      assert.match(
        res.stderr,
        /The database at postgres:\/\/127\.0\.0\.1:\d+\/postgres schema public cannot be reached/,
      );
    } finally {
      database.start();
    }
  });
});
