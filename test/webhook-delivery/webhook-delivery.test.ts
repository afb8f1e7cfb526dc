// Webhook delivery to a real receiver on loopback, on every backend: each event once and in order, signed
// so that standardwebhooks verifies it (and refuses a tampered body or a stale timestamp), retried until a
// failing receiver recovers, every attempt recorded; loopback and metadata addresses refused without the
// allow-list, at registration and at delivery; an endpoint disabled only after the give-up time; a backlog
// of several batches delivered without waiting the poll interval between them.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { pino } from 'pino';
import { Webhook } from 'standardwebhooks';
import { Registry } from 'prom-client';
import { startDeliveryWorker, type DeliveryWorker } from '../../src/webhook-delivery/delivery-worker.js';
import { createWebhookMetrics, type WebhookMetrics } from '../../src/metrics/webhook-metrics.js';
import { createWebhooksService } from '../../src/services/webhooks-service.js';
import { backends } from '../helpers/backends.js';
import { addPet } from '../helpers/http-calls.js';
import { logLines } from '../helpers/log-lines.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { startWebhookReceiver, verifyDelivery, type WebhookReceiver } from '../helpers/webhook-receiver.js';

const silent = { info() {}, warn() {}, error() {} };
const settings = {
  webhookAllowedHosts: '127.0.0.1',
  webhookRetryBaseMs: 20,
  webhookPollIntervalMs: 20,
  webhookTimeoutMs: 2000,
};

for (const backend of backends) {
  describe(`webhook delivery on ${backend.name}`, () => {
    let t: TestApp;
    let receiver: WebhookReceiver;
    let worker: DeliveryWorker;
    let endpoint: { id: string; secret: string };
    const registry = new Registry();
    let metrics: WebhookMetrics;
    const metric = async (name: string, labels: Record<string, string> = {}) =>
      (await registry.getSingleMetric(name)!.get()).values.find((v) =>
        Object.entries(labels).every(([k, value]) => v.labels[k] === value),
      )?.value;
    before(async () => {
      t = await startTestApp(backend, settings);
      receiver = await startWebhookReceiver();
      const added = await t.app.services.webhooks.add({ url: receiver.url, events: ['pet.*'] });
      endpoint = { id: added.endpoint.id, secret: added.secret };
      metrics = createWebhookMetrics(registry, t.app.store, Date.now);
      worker = startDeliveryWorker({ store: t.app.store, config: t.config, log: silent, metrics });
    });
    after(async () => {
      await worker.stop();
      await receiver.close();
      await t.close();
    });

    const createPet = (name: string) => addPet(t, { name, categoryId: 3 });

    test('each event arrives once, in order, with the resource as data, signed', async () => {
      assert.match(endpoint.secret, /^whsec_[A-Za-z0-9+/]+=*$/);
      const pets = [];
      for (let i = 0; i < 8; i++) pets.push(await createPet(`hook ${i}`));
      const got = await receiver.waitForAccepted(8);
      await new Promise((resolve) => setTimeout(resolve, 100)); // nothing more may come
      assert.equal(receiver.received.length, 8);
      assert.deepEqual(
        got.map((r) => r.event.data),
        pets,
      );
      const feed = (await t.request({ url: '/v1/events', headers: t.auth })).json();
      assert.deepEqual(
        got.map((r) => r.event),
        feed,
      );
      for (const r of got) {
        assert.equal(r.headers['webhook-id'], `evt_${r.event.id}`);
        assert.match(String(r.headers['webhook-signature']), /^v1,/);
        assert.deepEqual(verifyDelivery(endpoint.secret, r.body, r.headers), r.event);
      }
    });

    test('an edit and a removal arrive as pet.updated, with its changes, and pet.removed, signed', async () => {
      const pet = await createPet('to edit');
      const before = receiver.accepted().length + 1; // with the pet's creation
      const edit = await t.request({
        method: 'PATCH',
        url: `/v1/pets/${pet.id}`,
        headers: { ...t.auth, 'content-type': 'application/merge-patch+json' },
        payload: JSON.stringify({ name: 'edited', goodWith: { cats: true } }),
      });
      assert.equal(edit.statusCode, 200, edit.body);
      assert.equal(
        (await t.request({ method: 'DELETE', url: `/v1/pets/${pet.id}`, headers: t.auth })).statusCode,
        204,
      );
      const got = (await receiver.waitForAccepted(before + 2)).slice(before);
      assert.deepEqual(
        got.map((r) => [r.event.type, r.event.changes, r.event.data]),
        [
          ['pet.updated', ['name', 'goodWith'], edit.json()],
          ['pet.removed', undefined, { id: pet.id }],
        ],
      );
      for (const r of got) assert.deepEqual(verifyDelivery(endpoint.secret, r.body, r.headers), r.event);
    });

    test('a tampered body, a stale timestamp or another secret fails verification', () => {
      const { body, headers } = receiver.accepted()[0]!;
      assert.throws(() => verifyDelivery(endpoint.secret, body.replace('hook 0', 'hook X'), headers));
      const id = String(headers['webhook-id']);
      const stale = new Date(Date.now() - 10 * 60_000);
      const staleHeaders = {
        'webhook-id': id,
        'webhook-timestamp': String(Math.floor(stale.getTime() / 1000)),
        'webhook-signature': new Webhook(endpoint.secret).sign(id, stale, body),
      };
      assert.throws(() => verifyDelivery(endpoint.secret, body, staleHeaders), /too old/);
      const other = `whsec_${Buffer.alloc(24, 7).toString('base64')}`;
      assert.throws(() => verifyDelivery(other, body, headers));
    });

    test('a receiver failing the first 3 attempts gets the event on the 4th; every attempt is recorded', async () => {
      const before = receiver.accepted().length;
      receiver.failNext(3);
      const pet = await createPet('patient');
      const got = await receiver.waitForAccepted(before + 1);
      assert.deepEqual(got.at(-1)!.event.data, pet);
      // The receiver has answered; the worker records the outcome right after.
      let [delivery] = await t.app.services.webhooks.deliveries(endpoint.id, 1);
      for (let i = 0; i < 100 && delivery!.state !== 'delivered'; i++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        [delivery] = await t.app.services.webhooks.deliveries(endpoint.id, 1);
      }
      assert.equal(delivery!.state, 'delivered');
      assert.deepEqual(
        delivery!.attempts.map((a) => a.status),
        [500, 500, 500, 204],
      );
      assert.match(delivery!.attempts[0]!.error!, /HTTP 500: receiver is down/);
      assert.equal(delivery!.attempts[3]!.error, null);
      // The endpoint's failing mark is cleared by a write of its own, right after the delivery's.
      let shown = await t.app.services.webhooks.show(endpoint.id);
      for (let i = 0; i < 100 && shown.failingSince !== null; i++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        shown = await t.app.services.webhooks.show(endpoint.id);
      }
      assert.equal(shown.failingSince, null);
      assert.equal(shown.pending, 0);
      assert.equal(await metric('petstore_webhook_deliveries_total', { outcome: 'failed' }), 3);
      // The 8 creations of the first test, the creation, edit and removal of the second, and this one.
      assert.equal(await metric('petstore_webhook_deliveries_total', { outcome: 'delivered' }), 12);
      assert.equal(
        await metric('petstore_webhook_oldest_undelivered_seconds', { endpoint: endpoint.id }),
        undefined,
      );
    });

    test('replay sends an event again with the same webhook-id', async () => {
      const last = receiver.accepted().at(-1)!;
      const count = receiver.accepted().length;
      assert.deepEqual(await t.app.services.webhooks.replay(last.event.id), [endpoint.id]);
      const got = await receiver.waitForAccepted(count + 1);
      assert.equal(got.at(-1)!.headers['webhook-id'], last.headers['webhook-id']);
    });

    test('127.0.0.1 and 169.254.169.254 are refused without the allow-list, at registration and delivery', async () => {
      const strict = createWebhooksService(t.app.store, { env: 'production', webhookAllowedHosts: '' });
      // Each refusal says what to add to which setting to allow the URL.
      const allow = (entries: string) =>
        `; to allow it, add ${entries} to PETSTORE_WEBHOOK_ALLOWED_HOSTS (comma-separated hosts, addresses or CIDR ranges)`;
      for (const [url, why] of [
        [receiver.url, `a webhook URL must be https in production${allow('127.0.0.1')}`],
        [
          'https://127.0.0.1/hooks',
          `127.0.0.1 resolves to 127.0.0.1, a loopback, private, link-local or metadata address${allow('127.0.0.1')}`,
        ],
        [
          'https://169.254.169.254/latest/meta-data',
          `169.254.169.254 resolves to 169.254.169.254, a loopback, private, link-local or metadata address${allow('169.254.169.254')}`,
        ],
        [
          'https://[::1]/x',
          `::1 resolves to ::1, a loopback, private, link-local or metadata address${allow('::1')}`,
        ],
      ]) {
        await assert.rejects(strict.add({ url: url!, events: ['pet.created'] }), {
          message: `Refused ${url}: ${why}`,
        });
      }
      // A name may be allowed by itself or by the address it resolves to.
      await assert.rejects(
        strict.add({ url: 'https://localhost/x', events: ['pet.created'] }),
        /Refused https:\/\/localhost\/x: localhost resolves to (127\.0\.0\.1|::1), .*; to allow it, add localhost \(or (127\.0\.0\.1|::1), or a CIDR range that holds it\) to PETSTORE_WEBHOOK_ALLOWED_HOSTS /,
      );
      // Registered while allowed, then delivered by an instance without the allow-list: nothing is sent.
      // (In staging, so that the address, not the http form, is what is refused.)
      await worker.stop();
      const count = receiver.received.length;
      const strictWorker = startDeliveryWorker(
        { store: t.app.store, config: { ...t.config, env: 'staging', webhookAllowedHosts: '' }, log: silent },
        false,
      );
      await createPet('blocked');
      await strictWorker.runOnce();
      assert.equal(receiver.received.length, count);
      const [delivery] = await t.app.services.webhooks.deliveries(endpoint.id, 1);
      assert.equal(delivery!.state, 'pending');
      assert.match(delivery!.attempts[0]!.error!, /loopback, private, link-local or metadata/);
      const age = await metric('petstore_webhook_oldest_undelivered_seconds', { endpoint: endpoint.id });
      assert.ok(age !== undefined && age >= 0, 'the waiting event shows in the oldest-undelivered gauge');
      worker = startDeliveryWorker({ store: t.app.store, config: t.config, log: silent });
      await receiver.waitForAccepted(receiver.accepted().length + 1);
    });

    test('deliveries blocked by the settings are logged once per endpoint, at warn, naming the setting', async () => {
      await worker.stop();
      // Its query carries a token, which no log line may show.
      const tokened = await t.app.services.webhooks.add({
        url: `${receiver.url}?token=s3cret`,
        events: ['pet.*'],
      });
      const strictLog = logLines();
      let now = 0;
      const strictly = () =>
        startDeliveryWorker(
          {
            store: t.app.store,
            config: { ...t.config, env: 'staging', webhookAllowedHosts: '' },
            log: pino(strictLog.stream),
            clock: () => now,
          },
          false,
        );
      const blockedLines = () => strictLog.lines.filter((line) => line.msg.includes('blocked'));
      let strict = strictly();
      await createPet('blocked again and again');
      now = Date.now();
      for (let pass = 0; pass < 5; pass++) {
        assert.equal(await strict.runOnce(), 2, 'each pass tries both endpoints');
        now += 3_600_000; // past each retry's wait
      }
      const host = new URL(receiver.url).host;
      const expected = (id: string) => ({
        level: 40,
        endpoint: id,
        host,
        setting: 'PETSTORE_WEBHOOK_ALLOWED_HOSTS',
        msg: "webhook deliveries to an endpoint are blocked by this instance's settings; change PETSTORE_WEBHOOK_ALLOWED_HOSTS to allow them",
      });
      const seen = () =>
        blockedLines().map(({ level, endpoint: id, host, setting, msg }) => ({
          level,
          endpoint: id,
          host,
          setting,
          msg,
        }));
      assert.deepEqual(
        seen().sort((a, b) => String(a.endpoint).localeCompare(String(b.endpoint))),
        [expected(endpoint.id), expected(tokened.endpoint.id)].sort((a, b) =>
          a.endpoint.localeCompare(b.endpoint),
        ),
      );
      assert.match(
        String(blockedLines()[0]!.reason),
        /loopback, private, link-local or metadata address; to allow it/,
      );
      assert.doesNotMatch(JSON.stringify(strictLog.lines), /s3cret|\/hooks/);

      // A new URL is logged again, once; so is every endpoint after a restart.
      await t.app.store.db
        .updateTable('webhook_endpoints')
        .set({ url: `${receiver.url}/moved` })
        .where('id', '=', tokened.endpoint.id)
        .execute();
      for (let pass = 0; pass < 3; pass++, now += 3_600_000) await strict.runOnce();
      assert.deepEqual(seen().slice(2), [expected(tokened.endpoint.id)]);
      strict = strictly();
      await strict.runOnce();
      assert.equal(seen().length, 5);

      // The allowed instance, on the same clock, delivers what waited.
      await t.app.services.webhooks.remove(tokened.endpoint.id);
      now += 3_600_000;
      const count = receiver.accepted().length;
      const allowed = startDeliveryWorker(
        { store: t.app.store, config: t.config, log: silent, clock: () => now },
        false,
      );
      assert.equal(await allowed.runOnce(), 1);
      assert.equal(receiver.accepted().length, count + 1);
      worker = startDeliveryWorker({ store: t.app.store, config: t.config, log: silent });
    });

    test('an endpoint failing for the give-up time is disabled, logged and counted; its events wait', async () => {
      await worker.stop();
      const dead = await t.app.services.webhooks.add({
        url: 'http://127.0.0.1:9/gone?token=s3cret',
        events: ['pet.created'],
      });
      await createPet('unheard');
      let now = Date.now();
      const warnings: string[] = [];
      const logged: object[] = [];
      const log = {
        ...silent,
        warn: (fields: object, message: string) => void (logged.push(fields), warnings.push(message)),
      };
      const config = { ...t.config, webhookGiveUpSeconds: 3 * 86_400 };
      const clocked = startDeliveryWorker(
        { store: t.app.store, config, log, metrics, clock: () => now },
        false,
      );
      await clocked.runOnce();
      assert.notEqual((await t.app.services.webhooks.show(dead.endpoint.id)).failingSince, null);
      now += 2 * 86_400_000; // two days of failing later: retried, and still enabled
      assert.equal(await clocked.runOnce(), 1);
      assert.equal((await t.app.services.webhooks.show(dead.endpoint.id)).enabled, true);
      assert.deepEqual(warnings, []);
      now += 86_400_000; // three days
      assert.equal(await clocked.runOnce(), 1);
      const shown = await t.app.services.webhooks.show(dead.endpoint.id);
      assert.equal(shown.enabled, false);
      assert.match(shown.disabledReason!, /failing since/);
      assert.equal(shown.pending, 1);
      assert.deepEqual(warnings, ['webhook endpoint disabled after failing for the give-up time']);
      // The host only: the URL's path or query may carry a token.
      assert.equal((logged[0] as { host?: string }).host, '127.0.0.1:9');
      assert.doesNotMatch(JSON.stringify(logged), /s3cret|\/gone/);
      assert.equal(await metric('petstore_webhook_endpoints_disabled_total'), 1);
      await t.app.services.webhooks.remove(dead.endpoint.id);
      worker = startDeliveryWorker({ store: t.app.store, config: t.config, log: silent, metrics });
    });

    test('a backlog of several batches is delivered pass after pass, without waiting the poll interval', async () => {
      await worker.stop();
      const count = receiver.accepted().length;
      const pets = [];
      for (let i = 0; i < 120; i++) pets.push(await createPet(`backlog ${i}`));
      // Far longer than the test may take: only a pass that found nothing due may wait for it.
      const config = { ...t.config, webhookPollIntervalMs: 600_000 };
      worker = startDeliveryWorker({ store: t.app.store, config, log: silent });
      const got = await receiver.waitForAccepted(count + 120, 10_000);
      assert.deepEqual(
        got.slice(count).map((r) => r.event.data),
        pets,
      );
    });

    test('a pass in which one endpoint fails still waits for the others, and logs the failure', async () => {
      await worker.stop();
      // An empty secret makes signing throw outside the attempt: the worker serving it rejects.
      const broken = await t.app.services.webhooks.add({ url: receiver.url, events: ['pet.created'] });
      await t.app.store.db
        .updateTable('webhook_endpoints')
        .set({ secret: '' })
        .where('id', '=', broken.endpoint.id)
        .execute();
      receiver.delayMs = 300;
      const errors: string[] = [];
      const log = { ...silent, error: (_: object, message: string) => void errors.push(message) };
      const pass = startDeliveryWorker({ store: t.app.store, config: t.config, log, concurrency: 2 }, false);
      try {
        await createPet('slow');
        assert.equal(await pass.runOnce(), 1);
        const [delivery] = await t.app.services.webhooks.deliveries(endpoint.id, 1);
        assert.equal(delivery!.state, 'delivered', 'the slow endpoint was done when the pass ended');
        assert.deepEqual(errors, ['webhook delivery pass failed']);
      } finally {
        receiver.delayMs = 0;
        await t.app.services.webhooks.remove(broken.endpoint.id);
        worker = startDeliveryWorker({ store: t.app.store, config: t.config, log: silent });
      }
    });
  });
}
