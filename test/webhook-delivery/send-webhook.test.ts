// One delivery attempt on its own: the signed timestamp and the `webhook-timestamp` header agree even when
// the clock moves on between reads, the URL's form is checked again at delivery, a slow DNS lookup counts
// against the attempt's timeout, and the payload is the event exactly as the feed would serialize it.
import assert from 'node:assert/strict';
import dns from 'node:dns/promises';
import { after, before, describe, mock, test } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { sendWebhook } from '../../src/webhook-delivery/send-webhook.js';
import { urlPolicyOf } from '../../src/services/webhook-url-safety.js';
import { eventJson, toEvent } from '../../src/services/events-service.js';
import { startWebhookReceiver, verifyDelivery, type WebhookReceiver } from '../helpers/webhook-receiver.js';

const secret = `whsec_${Buffer.alloc(24, 3).toString('base64')}`;
const signer = new Webhook(secret);
const message = { id: 'evt_1', payload: '{"id":1,"type":"pet.created","createdAt":"x","data":{}}' };
const staging = urlPolicyOf({ env: 'staging', allowedHosts: '127.0.0.1' });

describe('sendWebhook', () => {
  let receiver: WebhookReceiver;
  before(async () => {
    receiver = await startWebhookReceiver();
  });
  after(() => receiver.close());

  test('reads the clock once: a clock a second later at every read still gives a verifiable delivery', async () => {
    let now = Date.now();
    const clock = () => (now += 1000);
    const count = receiver.received.length;
    const result = await sendWebhook({ url: receiver.url, signer }, message, {
      policy: staging,
      timeoutMs: 2000,
      now: clock,
    });
    assert.equal(result.ok, true, result.error);
    const [got] = receiver.received.slice(count);
    assert.deepEqual(verifyDelivery(secret, got!.body, got!.headers), JSON.parse(message.payload));
  });

  test('checks the URL form again at delivery: http refused in production, before any lookup', async () => {
    // The address is allowed, so only the form check can refuse it: the host itself is not on the list.
    const lookup = mock.method(dns, 'lookup', async () => [{ address: '127.0.0.1', family: 4 }]);
    try {
      const url = receiver.url.replace('127.0.0.1', 'hooks.example');
      const count = receiver.received.length;
      const result = await sendWebhook({ url, signer }, message, {
        policy: urlPolicyOf({ env: 'production', allowedHosts: '127.0.0.1' }),
        timeoutMs: 2000,
        now: Date.now,
      });
      assert.equal(result.ok, false);
      assert.equal(result.blocked, true);
      assert.equal(
        result.error,
        'a webhook URL must be https in production; to allow it, add hooks.example to ' +
          'PETSTORE_WEBHOOK_ALLOWED_HOSTS (comma-separated hosts, addresses or CIDR ranges)',
      );
      assert.equal(result.blockedUnless, 'PETSTORE_WEBHOOK_ALLOWED_HOSTS');
      assert.equal(receiver.received.length, count);
      assert.equal(lookup.mock.callCount(), 0);
    } finally {
      lookup.mock.restore();
    }
  });

  test(
    'a DNS lookup that never answers ends with the attempt timeout, as a failure to retry',
    { timeout: 5000 },
    async () => {
      const lookup = mock.method(dns, 'lookup', () => new Promise(() => {}));
      try {
        const started = performance.now();
        const result = await sendWebhook({ url: 'http://slow.example/hooks', signer }, message, {
          policy: staging,
          timeoutMs: 100,
          now: Date.now,
        });
        assert.ok(performance.now() - started < 1000);
        assert.equal(lookup.mock.callCount(), 1);
        assert.deepEqual(
          { ok: result.ok, blocked: result.blocked, error: result.error },
          { ok: false, blocked: false, error: 'no answer within 100 ms' },
        );
      } finally {
        lookup.mock.restore();
      }
    },
  );
});

test('the payload is the event as JSON.stringify gives it, with the stored data text as it is', () => {
  for (const [data, changes, actor] of [
    [{ id: 7, name: 'Rex "the dog" \u00e9', tags: [], price: 0.1, '10': 1, '2': null }, null, null],
    [{}, null, '{"type":"service"}'],
    [{ id: 7, name: 'Rex' }, '["name","goodWith"]', '{"type":"staff","id":"stf_1","name":"Ana \\"A\\""}'],
  ] as const) {
    const row = {
      id: 42,
      type: changes ? 'pet.updated' : 'pet.created',
      created_at: Date.UTC(2026, 10, 24),
      data: JSON.stringify(data),
      changes,
      actor,
    };
    assert.equal(eventJson(row), JSON.stringify(toEvent(row)));
  }
});
