// A change that makes two events (an order action that also moves the pet) queues a delivery of each, in the
// order the feed lists them, on every backend: the endpoint receives the feed itself, none missing.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startDeliveryWorker, type DeliveryWorker } from '../../src/webhook-delivery/delivery-worker.js';
import { createWebhookMetrics } from '../../src/metrics/webhook-metrics.js';
import { Registry } from 'prom-client';
import { backends } from '../helpers/backends.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.js';

const silent = { info() {}, warn() {}, error() {} };
const settings = { webhookAllowedHosts: '127.0.0.1', webhookPollIntervalMs: 20, webhookTimeoutMs: 2000 };

for (const backend of backends) {
  describe(`the events of one change, delivered on ${backend.name}`, () => {
    let t: TestApp;
    let receiver: WebhookReceiver;
    let worker: DeliveryWorker;
    before(async () => {
      t = await startTestApp(backend, settings);
      receiver = await startWebhookReceiver();
      await t.app.services.webhooks.add({ url: receiver.url, events: ['order.*', 'pet.*'] });
      const metrics = createWebhookMetrics(new Registry(), t.app.store, Date.now);
      worker = startDeliveryWorker({ store: t.app.store, config: t.config, log: silent, metrics });
    });
    after(async () => {
      await worker.stop();
      await receiver.close();
      await t.close();
    });

    test('an adoption delivers every event of the feed, in its order', async () => {
      const call = async (method: 'GET' | 'POST', url: string, payload?: object) => {
        const res = await t.request({ method, url, headers: t.auth, payload });
        assert.ok(res.statusCode < 300, `${method} ${url}: ${res.statusCode} ${res.body}`);
        return res.json();
      };
      const pet = await call('POST', '/v1/pets', { name: 'Rex', categoryId: 1 });
      const order = await call('POST', '/v1/store/orders', { petId: pet.id });
      await call('POST', `/v1/store/orders/${order.id}/approve`);
      await call('POST', `/v1/store/orders/${order.id}/complete`);

      const feed = await call('GET', '/v1/events?limit=100');
      assert.deepEqual(
        feed.map((e: { type: string }) => e.type),
        [
          'pet.created',
          'order.placed',
          'pet.status_changed',
          'order.approved',
          'order.completed',
          'pet.status_changed',
        ],
      );
      assert.ok(
        feed.every((e: { actor?: { type: string } }) => e.actor?.type === 'key'),
        'each names the key that made its change, and the webhooks carry it as the feed does',
      );
      const got = await receiver.waitForAccepted(feed.length);
      assert.deepEqual(
        got.map((r) => r.event),
        feed,
      );
    });
  });
}
