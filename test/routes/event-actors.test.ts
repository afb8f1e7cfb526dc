// Every event names who made its change (`actor`), in the feed and the webhooks alike, on every backend: the
// API key of an API call, the staff account of a console form, the service for its own work. Inputs of many
// callers that share one transaction each keep their own.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { backends } from '../helpers/backends.js';
import { makeImage } from '../helpers/images.js';
import { csrfOf, signedInAs, type ConsoleBrowser } from '../helpers/console.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

interface FeedEvent {
  id: number;
  type: string;
  actor?: { type: string; id?: string | number; name?: string };
  data: { id: number; name?: string; petId?: number };
}

for (const backend of backends) {
  describe(`event actors on ${backend.name}`, () => {
    let t: TestApp;
    let key: { id: string; auth: { authorization: string } };
    let staff: { browser: ConsoleBrowser; id: number };
    before(async () => {
      t = await startTestApp(backend);
      const issued = await t.app.services.apiKeys.create({
        name: 'Partner app',
        plan: 'enterprise',
        perMinute: 100_000,
        perDay: 100_000,
      });
      key = { id: issued.id, auth: { authorization: `Bearer ${issued.key}` } };
      staff = await signedInAs(t, 'staff');
    });
    after(() => t.close());

    const feed = async (): Promise<FeedEvent[]> => {
      const res = await t.request({ url: '/v1/events?limit=100', headers: t.auth });
      assert.equal(res.statusCode, 200, res.body);
      return res.json() as FeedEvent[];
    };
    /** A request with the partner's key, which must answer `status`; its JSON body. */
    async function withKey(
      method: 'POST' | 'PATCH',
      url: string,
      payload: unknown,
      status: number,
      headers = {},
    ) {
      const res = await t.request({
        method,
        url,
        headers: { ...key.auth, ...headers },
        payload: payload as object,
      });
      assert.equal(res.statusCode, status, res.body);
      return res.json() as { id: number };
    }
    const keyActor = () => ({ type: 'key', id: key.id, name: 'Partner app' });
    const staffActor = () => ({ type: 'staff', id: staff.id, name: 'A staff' });

    test('an API call names its key, a console form its account, the service’s own work the service', async () => {
      await withKey('POST', '/v1/pets', { name: 'Keyed', categoryId: 1 }, 201);
      await withKey('POST', '/v1/pets', { name: 'Keyed twice', categoryId: 1 }, 201, {
        'idempotency-key': 'actor-keyed',
      });
      const viaConsole = await staff.browser.post('/console/animals/new', {
        name: 'Consoled',
        categoryId: '1',
      });
      assert.equal(viaConsole.statusCode, 303, viaConsole.body.slice(0, 500));
      const consoled = Number(/\/console\/animals\/(\d+)/.exec(viaConsole.headers.location as string)![1]);
      await t.app.services.pets.create({ name: 'Served', categoryId: 1 });

      const events = await feed();
      const actorOf = (name: string) => events.find((e) => e.data.name === name)?.actor;
      assert.deepEqual(actorOf('Keyed'), keyActor());
      assert.deepEqual(actorOf('Keyed twice'), keyActor(), 'with an Idempotency-Key too');
      assert.deepEqual(actorOf('Consoled'), staffActor());
      assert.equal(events.find((e) => e.data.id === consoled)?.type, 'pet.created');
      assert.deepEqual(actorOf('Served'), { type: 'service' });
    });

    test('concurrent writes of two callers, sharing transactions, each name their own caller', async () => {
      const names = Array.from({ length: 12 }, (_, i) => `Batch ${i}`);
      // Read first, so that every post goes at once: none waits to read its token.
      const csrf = csrfOf((await staff.browser.get('/console/account')).body)!;
      const answers = await Promise.all(
        names.map((name, i) =>
          i % 2 === 0
            ? t.request({
                method: 'POST',
                url: '/v1/pets',
                headers: key.auth,
                payload: { name, categoryId: 1 },
              })
            : staff.browser.post('/console/animals/new', { name, categoryId: '1' }, { csrf }),
        ),
      );
      assert.ok(answers.every((res) => res.statusCode === 201 || res.statusCode === 303));
      const events = await feed();
      for (const [i, name] of names.entries()) {
        const event = events.find((e) => e.type === 'pet.created' && e.data.name === name);
        assert.deepEqual(event?.actor, i % 2 === 0 ? keyActor() : staffActor(), name);
      }
    });
    test('edits, photos, orders and removals name their actor too', async () => {
      const pet = await withKey('POST', '/v1/pets', { name: 'Rex', categoryId: 1 }, 201);
      await withKey('PATCH', `/v1/pets/${pet.id}`, { name: 'Rexy' }, 200, {
        'content-type': 'application/merge-patch+json',
      });
      await withKey('POST', `/v1/pets/${pet.id}/photos`, await makeImage('png', 200, 100), 201, {
        'content-type': 'image/png',
      });
      const order = await t.request({
        method: 'POST',
        url: '/v1/store/orders',
        headers: t.auth,
        payload: { petId: pet.id },
      });
      assert.equal(order.statusCode, 201, order.body);
      const other = await withKey('POST', '/v1/pets', { name: 'Gone', categoryId: 1 }, 201);
      const removed = await staff.browser.post(`/console/animals/${other.id}/remove`, {});
      assert.equal(removed.statusCode, 303, removed.body.slice(0, 300));

      const all = await feed();
      const events = all.filter((e) => e.data.id === pet.id || e.data.petId === pet.id);
      assert.deepEqual(
        events.map((e) => [e.type, e.actor?.type]),
        [
          ['pet.created', 'key'],
          ['pet.updated', 'key'],
          ['pet.updated', 'key'],
          ['order.placed', 'key'],
          ['pet.status_changed', 'key'],
        ],
      );
      assert.equal(events.at(-1)!.actor!.name, 'test', 'the order’s key, not the pet’s');
      const removal = all.find((e) => e.type === 'pet.removed' && e.data.id === other.id);
      assert.deepEqual(removal?.actor, staffActor());
    });
  });
}
