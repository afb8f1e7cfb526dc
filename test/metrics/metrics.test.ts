// /metrics in Prometheus text format, on every backend: requests by route pattern and status, latency,
// the database pool, and the rate-limit counters; never on the API's own port.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildMetricsApp } from '../../src/http/metrics-app.js';
import { backends } from '../helpers/backends.js';
import { newPet } from '../helpers/http-calls.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

for (const backend of backends) {
  describe(`metrics on ${backend.name}`, () => {
    let t: TestApp;
    let metricsApp: FastifyInstance;
    const scrape = async () => {
      const res = await metricsApp.inject({ url: '/metrics' });
      assert.equal(res.statusCode, 200);
      assert.match(String(res.headers['content-type']), /^text\/plain; version=0\.0\.4/);
      return res.body;
    };
    /** The value of one series, or undefined when it is absent. */
    const valueOf = (text: string, series: string) => {
      const line = text.split('\n').find((l) => l.startsWith(`${series} `));
      return line === undefined ? undefined : Number(line.slice(series.length + 1));
    };

    before(async () => {
      t = await startTestApp(backend);
      metricsApp = buildMetricsApp(t.app.metrics.registry, 'silent');
      await t.request({ url: `/v1/pets/${await newPet(t, { name: 'a' })}`, headers: t.auth });
      await t.request({ url: '/v1/pets/999999', headers: t.auth });
      await t.request({ url: '/v1/pets' });
      await t.request({ url: '/no/such/path/1' });
      await t.request({ url: '/no/such/path/2' });
    });
    after(async () => {
      await metricsApp.close();
      await t.close();
    });

    const counted: Array<[string, number]> = [
      ['petstore_http_requests_total{method="POST",route="/v1/pets",status="201"}', 1],
      ['petstore_http_requests_total{method="GET",route="/v1/pets/:petId",status="200"}', 1],
      ['petstore_http_requests_total{method="GET",route="/v1/pets/:petId",status="404"}', 1],
      ['petstore_http_requests_total{method="GET",route="/v1/pets",status="401"}', 1],
      ['petstore_http_requests_total{method="GET",route="unmatched",status="404"}', 2],
      ['petstore_http_request_duration_seconds_count{method="POST",route="/v1/pets",status="201"}', 1],
      [
        'petstore_http_request_duration_seconds_bucket{le="+Inf",method="POST",route="/v1/pets",status="201"}',
        1,
      ],
      ['petstore_rate_limit_rejections_total{plan="free"}', 0],
      ['petstore_api_key_bans_total{plan="pro"}', 0],
      ['petstore_rate_limiter_fallbacks_total', 0],
    ];
    test('requests are counted and timed by route pattern and status, never by raw URL', async () => {
      const text = await scrape();
      for (const [series, value] of counted) assert.equal(valueOf(text, series), value, series);
      assert.doesNotMatch(text, /\/no\/such\/path|\/v1\/pets\/\d/);
      assert.match(text, /^# TYPE petstore_http_request_duration_seconds histogram$/m);
    });

    test('rate-limit rejections, bans and limiter fallbacks are counted through their functions', async () => {
      t.app.metrics.countRateLimitRejection('pro');
      t.app.metrics.countRateLimitRejection('pro');
      t.app.metrics.countBan('free');
      t.app.metrics.countLimiterFallback();
      const text = await scrape();
      assert.equal(valueOf(text, 'petstore_rate_limit_rejections_total{plan="pro"}'), 2);
      assert.equal(valueOf(text, 'petstore_api_key_bans_total{plan="free"}'), 1);
      assert.equal(valueOf(text, 'petstore_rate_limiter_fallbacks_total'), 1);
    });

    test(`the database pool is ${backend.name === 'postgres' ? 'reported' : 'absent (no pool)'}`, async () => {
      const text = await scrape();
      const max = valueOf(text, 'petstore_database_pool_connections{state="max"}');
      if (backend.name === 'postgres') {
        assert.equal(max, t.config.databasePoolSize);
        assert.ok((valueOf(text, 'petstore_database_pool_connections{state="idle"}') ?? -1) >= 0);
        assert.equal(valueOf(text, 'petstore_database_pool_waiting'), 0);
      } else {
        assert.equal(max, undefined);
      }
    });

    test('the API itself does not serve /metrics, with or without a key', async () => {
      for (const headers of [{}, t.auth]) {
        const res = await t.request({ url: '/metrics', headers });
        assert.equal(res.statusCode, 404);
        assert.equal(res.json().code, 'route_not_found');
      }
    });

    test('the metrics app answers nothing but /metrics', async () => {
      const res = await metricsApp.inject({ url: '/v1/pets' });
      assert.equal(res.statusCode, 404);
      assert.equal(res.json().code, 'route_not_found');
    });
  });
}

test('metrics that cannot be collected answer 503 with an Error body', async () => {
  const failing = buildMetricsApp(
    { contentType: 'text/plain', metrics: () => Promise.reject(new Error('Operation timed out.')) },
    'silent',
  );
  const res = await failing.inject({ url: '/metrics' });
  assert.equal(res.statusCode, 503);
  assert.deepEqual(res.json(), {
    code: 'service_unavailable',
    message: 'The service is temporarily unavailable: the metrics could not be collected',
    status: 503,
  });
  await failing.close();
});
