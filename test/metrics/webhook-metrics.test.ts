// The webhook gauge reads the database at each scrape: a database that cannot be reached leaves the gauge
// out of that scrape (the rest of it, the 503 counts above all, still answers); any other failure fails it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Registry } from 'prom-client';
import { buildMetricsApp } from '../../src/http/metrics-app.js';
import { createWebhookMetrics } from '../../src/metrics/webhook-metrics.js';
import type { Store } from '../../src/store/store.js';

const unavailable = new Error('connect ECONNREFUSED 127.0.0.1:5432');
const fault = new Error('column "endpoint_id" does not exist');

/** A store whose every query fails with `error`, and which classes only `unavailable` as an outage. */
const failingStore = (error: Error) =>
  ({
    db: new Proxy(
      {},
      {
        get() {
          throw error;
        },
      },
    ),
    isUnavailable: (e: unknown) => e === unavailable,
  }) as unknown as Store;

async function scrape(error: Error) {
  const registry = new Registry();
  createWebhookMetrics(registry, failingStore(error), Date.now).observeAttempt('delivered', 0.2);
  const app = buildMetricsApp(
    { contentType: registry.contentType, metrics: () => registry.metrics() },
    'silent',
  );
  return app.inject({ url: '/metrics' });
}

test('a database out of reach leaves the gauge out of the scrape, and the other metrics in', async () => {
  const res = await scrape(unavailable);
  assert.equal(res.statusCode, 200);
  assert.match(res.body, /^petstore_webhook_deliveries_total\{outcome="delivered"\} 1$/m);
  assert.match(res.body, /^# TYPE petstore_webhook_oldest_undelivered_seconds gauge$/m);
  assert.doesNotMatch(res.body, /^petstore_webhook_oldest_undelivered_seconds/m);
});

test('any other failure of the gauge’s read fails the scrape with 503, as a fault should', async () => {
  const res = await scrape(fault);
  assert.equal(res.statusCode, 503);
  assert.equal(res.json().code, 'service_unavailable');
});
