// The parts a benchmark may leave out to measure their cost (src/left-out.ts): each is really left out
// when asked, and only then.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { buildApp } from '../../src/app.js';
import { leftOut as hook, type LeftOut } from '../../src/left-out.js';
import { openStore } from '../../src/store/open-store.js';
import { backends } from '../helpers/backends.js';

for (const backend of backends) {
  describe(`parts left out on ${backend.name}`, () => {
    /** Creates a pet with a key that may only read, then lists the events: what each build answered. */
    async function createWithReadOnlyKey(leftOut: Partial<LeftOut> = {}) {
      const deployment = backend.freshDeployment();
      const store = await openStore(deployment.config);
      // Read as the app is built: set for this build alone.
      Object.assign(hook, leftOut);
      const app = await buildApp({ config: deployment.config, store }).finally(() =>
        Object.assign(hook, { scopeChecks: false, eventOutbox: false, readCaches: false }),
      );
      try {
        const { key } = await app.services.apiKeys.create({
          name: 'reader',
          plan: 'free',
          scopes: ['pets:read'],
        });
        const full = await app.services.apiKeys.create({ name: 'all', plan: 'free' });
        const created = await app.inject({
          method: 'POST',
          url: '/v1/pets',
          headers: { authorization: `Bearer ${key}` },
          payload: { name: 'Rex', categoryId: 1 },
        });
        await app.inject({
          method: 'POST',
          url: '/v1/pets',
          headers: { authorization: `Bearer ${full.key}` },
          payload: { name: 'Tom', categoryId: 1 },
        });
        // The pets' events: making the two keys is in the feed too (key.created).
        const events = await app.inject({
          url: '/v1/events?type=pet.*',
          headers: { authorization: `Bearer ${full.key}` },
        });
        return { status: created.statusCode, events: events.json().length };
      } finally {
        await app.close();
        await deployment.remove();
      }
    }

    test('by default a read-only key may not create, and a creation writes its event', async () => {
      assert.deepEqual(await createWithReadOnlyKey(), { status: 403, events: 1 });
    });

    test('scope checks left out: a read-only key creates; events still written', async () => {
      assert.deepEqual(await createWithReadOnlyKey({ scopeChecks: true }), { status: 201, events: 2 });
    });

    test('the event outbox left out: creations write no event; scopes still checked', async () => {
      assert.deepEqual(await createWithReadOnlyKey({ eventOutbox: true }), { status: 403, events: 0 });
    });

    /** Lists the pets twice, the same page: how many times the store was asked for pets. */
    async function petQueriesOfTwoLists(leftOut: Partial<LeftOut> = {}) {
      const deployment = backend.freshDeployment();
      const store = await openStore(deployment.config);
      let queries = 0;
      const selectFrom = store.db.selectFrom.bind(store.db);
      store.db.selectFrom = ((from: unknown) => {
        if (from === 'pets') queries++;
        return selectFrom(from as 'pets');
      }) as typeof store.db.selectFrom;
      Object.assign(hook, leftOut);
      const app = await buildApp({ config: deployment.config, store }).finally(() =>
        Object.assign(hook, { readCaches: false }),
      );
      try {
        const { key } = await app.services.apiKeys.create({ name: 'reader', plan: 'free' });
        for (let i = 0; i < 2; i++) {
          const res = await app.inject({ url: '/v1/pets', headers: { authorization: `Bearer ${key}` } });
          assert.equal(res.statusCode, 200, res.body);
        }
        return queries;
      } finally {
        await app.close();
        await deployment.remove();
      }
    }

    test('read caches left out: the same page twice is read from the store twice, once by default', async () => {
      assert.equal(await petQueriesOfTwoLists(), 1);
      assert.equal(await petQueriesOfTwoLists({ readCaches: true }), 2);
    });
  });
}
