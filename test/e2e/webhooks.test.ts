// Webhook delivery by real `petstore serve` processes: a kill -9 in the middle of a delivery burst loses
// nothing (every event arrives at least once, in order per endpoint, after a restart), and two instances
// sharing PostgreSQL deliver each event to each endpoint once while both are healthy.
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { createServices } from '../../src/services/index.js';
import { openStore } from '../../src/store/open-store.js';
import type { Config } from '../../src/config.js';
import { backends } from '../helpers/backends.js';
import { envOf, startServerProcess, type ServerProcess } from '../helpers/server-process.js';
import {
  startWebhookReceiver,
  type ReceivedWebhook,
  type WebhookReceiver,
} from '../helpers/webhook-receiver.js';

const webhookEnv = {
  PETSTORE_WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
  PETSTORE_WEBHOOK_POLL_INTERVAL_MS: '50',
  PETSTORE_WEBHOOK_RETRY_BASE_MS: '50',
  // Short, so that the lease of a killed instance expires soon (2 x timeout + 2 s).
  PETSTORE_WEBHOOK_TIMEOUT_MS: '1000',
};

/** Registers endpoints at `paths` of the receiver and issues a key, straight on the deployment. */
async function prepare(config: Config, receiver: WebhookReceiver, paths: string[]) {
  const store = await openStore(config);
  try {
    const services = await createServices({ ...config, webhookAllowedHosts: '127.0.0.1' }, store);
    for (const path of paths) {
      await services.webhooks.add({ url: receiver.url.replace('/hooks', path), events: ['pet.created'] });
    }
    const { key } = await services.apiKeys.create({ name: 'hooks', plan: 'business' });
    return { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  } finally {
    await store.close();
  }
}

async function createPets(url: string, headers: Record<string, string>, count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const res = await fetch(`${url}/v1/pets`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: `burst ${i}`, categoryId: 1 }),
    });
    assert.equal(res.status, 201);
    ids.push(((await res.json()) as { id: number }).id);
  }
  return ids;
}

/** Event ids of the accepted deliveries to one path, in arrival order. */
const eventIds = (received: ReceivedWebhook[], path = '/hooks') =>
  received.filter((r) => r.path === path && r.status < 300).map((r) => r.event.id);

for (const backend of backends) {
  describe(`webhook delivery across a kill -9 on ${backend.name}`, () => {
    const deployment = backend.freshDeployment();
    let receiver: WebhookReceiver;
    let server: ServerProcess | undefined;
    after(async () => {
      await server?.stop();
      await receiver?.close();
      await deployment.remove();
    });

    test('every event reaches the receiver at least once, in order, after a restart', async () => {
      receiver = await startWebhookReceiver();
      receiver.delayMs = 15;
      const env = { ...envOf(deployment.config), ...webhookEnv };
      server = await startServerProcess([], env);
      const headers = await prepare(deployment.config, receiver, ['/hooks']);
      const count = 40;
      await createPets(server.url, headers, count);
      await receiver.waitForAccepted(5);
      await server.stop('SIGKILL');
      const beforeRestart = receiver.accepted().length;
      assert.ok(beforeRestart < count, `killed mid-burst (${beforeRestart} of ${count} delivered)`);
      server = await startServerProcess([], env);
      const deadline = Date.now() + 20_000;
      while (new Set(eventIds(receiver.received)).size < count) {
        assert.ok(
          Date.now() < deadline,
          `delivered ${new Set(eventIds(receiver.received)).size} of ${count}`,
        );
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      // In order: the first arrival of each event comes after the first arrival of every earlier one.
      const firsts = [...new Set(eventIds(receiver.received))];
      assert.deepEqual(
        firsts,
        [...firsts].sort((a, b) => a - b),
      );
      assert.equal(firsts.length, count);
    });
  });
}

const postgres = backends.find((backend) => backend.name === 'postgres');
describe('two instances sharing PostgreSQL', { skip: !postgres && 'no PostgreSQL' }, () => {
  const deployment = postgres?.freshDeployment();
  let receiver: WebhookReceiver;
  let instances: ServerProcess[] = [];
  after(async () => {
    await Promise.all(instances.map((instance) => instance.stop()));
    await receiver?.close();
    await deployment?.remove();
  });

  test('deliver each event to each endpoint once while both are healthy', async () => {
    receiver = await startWebhookReceiver();
    const env = { ...envOf(deployment!.config), ...webhookEnv };
    instances = await Promise.all([startServerProcess([], env), startServerProcess([], env)]);
    const paths = ['/a', '/b', '/c', '/d'];
    const headers = await prepare(deployment!.config, receiver, paths);
    const count = 25;
    const ids = (
      await Promise.all([
        createPets(instances[0]!.url, headers, count),
        createPets(instances[1]!.url, headers, count),
      ])
    ).flat();
    await receiver.waitForAccepted(ids.length * paths.length, 30_000);
    await new Promise((resolve) => setTimeout(resolve, 300)); // a duplicate would arrive by now
    for (const path of paths) {
      const got = eventIds(receiver.received, path);
      assert.equal(got.length, ids.length, `${path}: each event once`);
      assert.deepEqual(
        got,
        [...got].sort((a, b) => a - b),
        `${path}: in order`,
      );
    }
  });
});
