// No key reaches a log line or an error body, on the API's port or the metrics port, even when a log line
// writes the request's headers (as a serializer or a debugging line might): this fails if the loggers'
// `redact` option, any one of its paths, or the masking of keys in paths is removed.
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildMetricsApp } from '../../src/http/metrics-app.js';
import { backends } from '../helpers/backends.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

/** A log destination that keeps every line. */
function capture(): { stream: Writable; lines: string[] } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  return { stream, lines };
}

/**
 * Logs each request's headers in every shape the redaction paths cover. Fastify's own `req` serializer keeps
 * no headers, so the `req` line goes through a child logger whose serializer keeps them, as one added later
 * might; the redaction applies to what a serializer returns.
 */
function logHeadersOnPurpose(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const { headers } = request;
    const keepsHeaders = request.log.child({}, { serializers: { req: (req: unknown) => req } });
    keepsHeaders.info({ req: { headers } }, 'request headers under req');
    request.log.info({ request: { headers } }, 'request headers under request');
    request.log.info({ headers }, 'request headers');
    done();
  });
}

function assertNoKey(key: string, lines: string[], responses: LightMyRequestResponse[]): void {
  const secret = key.slice('pet_live_'.length);
  for (const line of lines) assert.ok(!line.includes(secret), `a log line holds the key: ${line}`);
  for (const res of responses) assert.ok(!res.body.includes(secret), `a body holds the key: ${res.body}`);
  assert.ok(
    lines.some((line) => line.includes('[redacted]')),
    'the headers were logged, masked',
  );
}

describe('keys in logs', () => {
  const backend = backends[0]!;
  let t: TestApp;
  let app: FastifyInstance;
  const log = capture();
  before(async () => {
    t = await startTestApp(backend, { logLevel: 'info' }, { logStream: log.stream });
    app = t.app;
    logHeadersOnPurpose(app);
  });
  after(() => t.close());

  test('no line of the API port holds a key, wherever the client put it', async () => {
    const { key } = await app.services.apiKeys.create({ name: 'logged', plan: 'free' });
    const auth = { authorization: `Bearer ${key}` };
    const responses = [
      await app.inject({ url: '/v1/pets', headers: auth }),
      await app.inject({ url: '/v1/pets', headers: { ...auth, cookie: `session=${key}` } }),
      await app.inject({ url: `/v1/pets/${key}`, headers: auth }),
      await app.inject({ url: `/v1/${key}`, headers: auth }),
      await app.inject({ url: `/${key}` }),
      await app.inject({ url: `/v1/pets/%FF${key}`, headers: auth }),
      await app.inject({ url: `/v1/pets?cursor=${key}`, headers: auth }),
      await app.inject({ url: '/v1/pets', headers: { authorization: `Bearer ${key}x` } }),
      await app.inject({
        method: 'POST',
        url: '/v1/pets',
        headers: auth,
        payload: { name: key, categoryId: 'x' },
      }),
      // Names quoted back in messages: an unknown query parameter, an unknown field.
      await app.inject({ url: `/v1/pets?${key}=1`, headers: auth }),
      await app.inject({
        method: 'POST',
        url: '/v1/pets',
        headers: auth,
        payload: { name: 'Rex', categoryId: 1, [key]: 1 },
      }),
    ];
    assert.ok(log.lines.length > 10);
    assertNoKey(key, log.lines, responses);
  });

  test('no line of the metrics port holds a key, and its errors are catalogue bodies', async () => {
    const metricsLog = capture();
    const metrics = buildMetricsApp(app.metrics.registry, 'info', metricsLog.stream);
    logHeadersOnPurpose(metrics);
    try {
      const { key } = await app.services.apiKeys.create({ name: 'scraped', plan: 'free' });
      const auth = { authorization: `Bearer ${key}` };
      const responses = [
        await metrics.inject({ url: `/${key}`, headers: { ...auth, cookie: `session=${key}` } }),
        await metrics.inject({ url: `/metrics/%FF${key}`, headers: auth }),
        await metrics.inject({ url: `/m/${'x'.repeat(500)}` }),
      ];
      assertNoKey(key, metricsLog.lines, responses);
      for (const res of responses) {
        const body = res.json() as { code: string; status: number; message: string };
        assert.deepEqual(Object.keys(body).sort(), ['code', 'message', 'status']);
        assert.equal(body.status, res.statusCode);
        assert.ok(body.message.length < 200, 'the path is not echoed whole');
      }
      assert.deepEqual(
        responses.map((res) => res.json().code),
        ['route_not_found', 'bad_request', 'route_not_found'],
      );
    } finally {
      await metrics.close();
    }
  });
});
