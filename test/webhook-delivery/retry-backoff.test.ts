// Failed webhook deliveries back off: the schedule itself (4 times longer after each failed attempt, from the
// base up to 12 hours, ±20% jitter), and the worker that follows it: each failed attempt of a real delivery
// to a failing receiver on loopback is given a later next attempt than the one before, on every backend.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startDeliveryWorker } from '../../src/webhook-delivery/delivery-worker.js';
import { retryDelayMs } from '../../src/webhook-delivery/retry-schedule.js';
import { backends } from '../helpers/backends.js';
import { addPet } from '../helpers/http-calls.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.js';

const second = 1000;
const hour = 3600 * second;
/** A random source at the middle of [0, 1): no jitter, the wait exactly as scheduled. */
const noJitter = () => 0.5;

describe('the retry schedule', () => {
  test('with the default 5 s base: the waits docs/webhooks.md lists, then every 12 hours', () => {
    const waits = [1, 2, 3, 4, 5, 6, 7, 8, 9, 12].map((attempt) =>
      retryDelayMs(attempt, 5 * second, noJitter),
    );
    assert.deepEqual(
      waits,
      [5, 20, 80, 320, 1280, 5120, 20480, 43200, 43200, 43200].map((seconds) => seconds * second),
    );
  });

  test('each wait is 4 times the one before, from any base, until the 12-hour cap', () => {
    for (const base of [1, 20, 5 * second, hour]) {
      for (let attempt = 1; attempt < 20; attempt++) {
        const wait = retryDelayMs(attempt, base, noJitter);
        const next = retryDelayMs(attempt + 1, base, noJitter);
        assert.equal(next, Math.min(4 * wait, 12 * hour), `base ${base}, after attempt ${attempt}`);
      }
    }
  });

  test('jitter keeps each wait within ±20% of the schedule', () => {
    const scheduled = retryDelayMs(3, 5 * second, noJitter);
    assert.equal(
      retryDelayMs(3, 5 * second, () => 0),
      0.8 * scheduled,
    );
    const longest = retryDelayMs(3, 5 * second, () => 0.999_999);
    assert.ok(longest > 1.19 * scheduled && longest <= 1.2 * scheduled, String(longest));
  });
});

for (const backend of backends) {
  describe(`the delivery worker backs off on ${backend.name}`, () => {
    const base = 60 * second;
    let t: TestApp;
    let receiver: WebhookReceiver;
    before(async () => {
      t = await startTestApp(backend, { webhookAllowedHosts: '127.0.0.1', webhookRetryBaseMs: base });
      receiver = await startWebhookReceiver();
    });
    after(async () => {
      await receiver.close();
      await t.close();
    });

    test('each failed attempt is given a later next attempt, 4 times further off than the one before', async () => {
      const { endpoint } = await t.app.services.webhooks.add({ url: receiver.url, events: ['pet.created'] });
      // The worker's own clock: an attempt is due only when it says so, and the test waits for none.
      let now = 0;
      const worker = startDeliveryWorker(
        {
          store: t.app.store,
          config: t.config,
          log: { info() {}, warn() {}, error() {} },
          clock: () => now,
          random: noJitter,
        },
        false,
      );
      const pet = await addPet(t, { name: 'patient' });
      const delivery = async () => (await t.app.services.webhooks.deliveries(endpoint.id, 1))[0]!;
      now = Date.parse((await delivery()).nextAttemptAt!); // the first attempt is due when the event is made

      receiver.failNext(4);
      const waits: number[] = [];
      for (let attempt = 1; attempt <= 4; attempt++) {
        assert.equal(await worker.runOnce(), 1, `attempt ${attempt} is made once due`);
        const next = Date.parse((await delivery()).nextAttemptAt!);
        waits.push(next - now);
        now = next - 1;
        assert.equal(await worker.runOnce(), 0, `attempt ${attempt + 1} waits until its time`);
        now = next;
      }
      assert.deepEqual(waits, [base, 4 * base, 16 * base, 64 * base]);

      assert.equal(await worker.runOnce(), 1);
      const delivered = await delivery();
      assert.equal(delivered.state, 'delivered');
      assert.deepEqual(
        delivered.attempts.map((a) => a.status),
        [500, 500, 500, 500, 204],
      );
      assert.deepEqual(receiver.accepted().at(-1)!.event.data, pet);
      await worker.stop();
    });
  });
}
