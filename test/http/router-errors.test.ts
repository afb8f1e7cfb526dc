// The router's own errors (a path that is not valid percent-encoding, an over-long path parameter) are
// answered as every other request is: through the very /v1 hooks, on the app's clock; counted in the request
// metrics; logged at the level of the answer, a fault at error level.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { expiryWarningMs } from '../../src/domain/key-expiry.js';
import { backends } from '../helpers/backends.js';
import { logLines } from '../helpers/log-lines.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

const day = 24 * 60 * 60 * 1000;

describe('router errors', () => {
  // The app's clock runs far ahead of the real one: a header computed on Date.now would differ.
  const now = Date.now() + 100 * day;
  const { stream, lines } = logLines();
  let t: TestApp;
  let app: FastifyInstance;
  let auth: { authorization: string };
  before(async () => {
    t = await startTestApp(backends[0]!, { logLevel: 'info' }, { clock: () => now, logStream: stream });
    app = t.app;
    auth = { authorization: `Bearer ${(await t.newKey('free')).key}` };
  });
  after(() => t.close());

  test('a router 400 and 414 are counted and timed in the request metrics', async () => {
    assert.equal((await app.inject({ url: '/v1/pets/%FF', headers: auth })).statusCode, 400);
    assert.equal((await app.inject({ url: '/v1/pets/%FF', headers: auth })).statusCode, 400);
    assert.equal((await app.inject({ url: `/v1/pets/${'9'.repeat(200)}`, headers: auth })).statusCode, 414);
    const text = await app.metrics.registry.metrics();
    for (const [series, count] of [
      ['petstore_http_requests_total{method="GET",route="unmatched",status="400"}', 2],
      ['petstore_http_requests_total{method="GET",route="unmatched",status="414"}', 1],
      ['petstore_http_request_duration_seconds_count{method="GET",route="unmatched",status="414"}', 1],
    ] as const) {
      assert.ok(text.split('\n').includes(`${series} ${count}`), `${series} ${count}`);
    }
  });

  test('a router error under /v1 warns of key expiry on the app clock', async () => {
    const expiresAt = now + expiryWarningMs - day;
    const { key } = await app.services.apiKeys.create({ name: 'expiring', plan: 'free', expiresAt });
    const res = await app.inject({ url: '/v1/pets/%FF', headers: { authorization: `Bearer ${key}` } });
    assert.equal(res.statusCode, 400);
    assert.equal(res.headers['api-key-expires'], new Date(expiresAt).toISOString());
  });

  test('a fault while answering a router error is a 500, logged at error level with its cause', async () => {
    const { apiKeys } = app.services;
    const authenticate = apiKeys.authenticate;
    apiKeys.authenticate = async () => {
      throw new Error('key store exploded');
    };
    try {
      const res = await app.inject({ url: '/v1/pets/%FF', headers: auth });
      assert.equal(res.statusCode, 500);
      assert.equal(res.json().code, 'internal_error');
      const line = lines.find((l) => l.err?.message === 'key store exploded');
      assert.ok(line, 'the fault is logged with its cause');
      assert.equal(line.level, 50, 'at error level');
    } finally {
      apiKeys.authenticate = authenticate;
    }
  });
});
