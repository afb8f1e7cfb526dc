// Order visibility by caller, on every backend: a key that does not manage all orders reaches only those it
// placed (others are order_not_found, and its listing pages exactly over its own); a managing key reaches all.
// Called on the service, with callers made directly; test/http/order-ownership.test.ts does it through HTTP.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { OrderCaller } from '../../src/domain/order.js';
import { ApiError } from '../../src/errors/api-error.js';
import type { Services } from '../../src/services/index.js';
import { backends } from '../helpers/backends.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

for (const backend of backends) {
  describe(`order ownership on ${backend.name}`, () => {
    let t: TestApp;
    let services: Services;
    let a: OrderCaller;
    let b: OrderCaller;
    let manager: OrderCaller;
    const placedBy = new Map<number, string>();

    before(async () => {
      t = await startTestApp(backend);
      services = t.app.services;
      a = { apiKeyId: (await t.newKey()).id, managesAll: false };
      b = { apiKeyId: (await t.newKey()).id, managesAll: false };
      manager = { apiKeyId: (await t.newKey()).id, managesAll: true };
      // Interleaved, so that A's orders are spread across B's in id order.
      for (let i = 0; i < 9; i++) {
        const caller = i % 3 === 0 ? a : b;
        const pet = await services.pets.create({ name: `p${i}`, categoryId: 1 });
        const order = await services.orders.place(caller, { petId: pet.id });
        placedBy.set(order.id, caller.apiKeyId);
      }
    });
    after(() => t.close());

    const ownIds = (caller: OrderCaller) =>
      [...placedBy].filter(([, key]) => key === caller.apiKeyId).map(([id]) => id);
    const isNotFound = (error: unknown) => error instanceof ApiError && error.code === 'order_not_found';

    test('A pages through exactly its own orders, one per page', async () => {
      const seen: number[] = [];
      let cursor: string | undefined;
      do {
        const page = await services.orders.list(a, { limit: 1, ...(cursor ? { cursor } : {}) });
        assert.ok(page.orders.length === 1 || (page.orders.length === 0 && seen.length === 3));
        seen.push(...page.orders.map((o) => o.id));
        cursor = page.nextCursor;
      } while (cursor);
      assert.deepEqual(seen, ownIds(a));
    });

    test('B cannot get, cancel or approve A’s orders: order_not_found, and nothing changes', async () => {
      for (const id of ownIds(a)) {
        await assert.rejects(services.orders.get(b, id), isNotFound);
        await assert.rejects(services.orders.act(b, id, 'cancel'), isNotFound);
        assert.equal((await services.orders.get(a, id)).status, 'placed');
      }
      const bList = await services.orders.list(b, { limit: 100 });
      assert.deepEqual(
        bList.orders.map((o) => o.id),
        ownIds(b),
      );
    });

    test('a managing key lists and acts on every order', async () => {
      const all = await services.orders.list(manager, { limit: 100 });
      assert.deepEqual(
        all.orders.map((o) => o.id),
        [...placedBy.keys()],
      );
      const [first] = ownIds(a);
      assert.equal((await services.orders.act(manager, first!, 'approve')).status, 'approved');
      assert.equal((await services.orders.act(a, first!, 'cancel')).status, 'cancelled');
    });

    test('the owner is never in the API body', async () => {
      const [id] = ownIds(a);
      const res = await t.request({ url: `/v1/store/orders/${id}`, headers: t.auth });
      assert.equal(res.statusCode, 200);
      assert.ok(!JSON.stringify(res.json()).includes(a.apiKeyId!));
      assert.deepEqual(Object.keys(res.json()).sort(), ['createdAt', 'id', 'petId', 'status', 'updatedAt']);
    });
  });
}
