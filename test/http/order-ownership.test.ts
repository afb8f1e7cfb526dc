// Order ownership through HTTP, on every backend: a key with orders:write reaches only the orders it placed
// (another key's order is 404, never 403), its listing pages exactly its own, and orders:manage reaches all.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Scope } from '../../src/domain/scopes.js';
import { backends } from '../helpers/backends.js';
import { followNext, newPet } from '../helpers/http-calls.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

interface Key {
  id: string;
  headers: { authorization: string };
}

for (const backend of backends) {
  describe(`order ownership on ${backend.name}`, () => {
    let t: TestApp;
    let a: Key;
    let b: Key;
    let m: Key;
    before(async () => {
      t = await startTestApp(backend);
      const issue = async (name: string, scopes: Scope[]): Promise<Key> => {
        const { id, key } = await t.app.services.apiKeys.create({
          name,
          plan: 'enterprise',
          perMinute: 1e6,
          perDay: 1e6,
          scopes,
        });
        return { id, headers: { authorization: `Bearer ${key}` } };
      };
      a = await issue('partner a', ['orders:write', 'pets:read']);
      b = await issue('partner b', ['orders:write', 'pets:read']);
      m = await issue('shelter staff', ['orders:manage']);
    });
    after(() => t.close());

    const place = async (key: Key) => {
      const res = await t.request({
        method: 'POST',
        url: '/v1/store/orders',
        headers: key.headers,
        payload: { petId: await newPet(t) },
      });
      assert.equal(res.statusCode, 201, res.body);
      return res.json() as { id: number; status: string };
    };
    const act = (key: Key, orderId: number, action: string) =>
      t.request({ method: 'POST', url: `/v1/store/orders/${orderId}/${action}`, headers: key.headers });
    /** Every order the key lists, one per page, following rel="next" until it is absent. */
    const pageAll = async (key: Key) =>
      (await followNext<{ id: number }>(t, '/v1/store/orders?limit=1', key.headers)).map((o) => o.id);

    test("another orders:write key gets 404 on A's orders, cannot cancel them, and lists nothing", async () => {
      const order = await place(a);
      const get = await t.request({ url: `/v1/store/orders/${order.id}`, headers: b.headers });
      assert.equal(get.statusCode, 404);
      assert.deepEqual(get.json(), {
        code: 'order_not_found',
        message: get.json().message,
        status: 404,
      });
      const cancel = await act(b, order.id, 'cancel');
      assert.equal(cancel.statusCode, 404);
      assert.equal(cancel.json().code, 'order_not_found');
      // B's refused cancel changed nothing: A still sees the order placed.
      const mine = await t.request({ url: `/v1/store/orders/${order.id}`, headers: a.headers });
      assert.equal(mine.statusCode, 200);
      assert.equal(mine.json().status, 'placed');
      const list = await t.request({ url: '/v1/store/orders', headers: b.headers });
      assert.equal(list.statusCode, 200);
      assert.deepEqual(list.json(), []);
      // The same 404 as for an id that does not exist at all: ids cannot be probed.
      const missing = await t.request({ url: '/v1/store/orders/999999', headers: b.headers });
      assert.equal(missing.statusCode, 404);
      assert.equal(missing.json().code, 'order_not_found');
    });

    test('paging one by one through interleaved orders returns exactly each key its own', async () => {
      const before = { a: await pageAll(a), b: await pageAll(b) };
      const placed = { a: [] as number[], b: [] as number[] };
      for (let i = 0; i < 4; i++) {
        placed.a.push((await place(a)).id);
        placed.b.push((await place(b)).id);
        if (i % 2 === 0) placed.b.push((await place(b)).id);
      }
      assert.deepEqual(await pageAll(a), [...before.a, ...placed.a]);
      assert.deepEqual(await pageAll(b), [...before.b, ...placed.b]);
      const everyone = await pageAll(m);
      assert.deepEqual(
        everyone,
        [...before.a, ...before.b, ...placed.a, ...placed.b].sort((x, y) => x - y),
      );
    });

    test('orders:manage sees every order and can approve, complete and cancel any', async () => {
      const ofA = await place(a);
      const ofB = await place(b);
      for (const order of [ofA, ofB]) {
        const get = await t.request({ url: `/v1/store/orders/${order.id}`, headers: m.headers });
        assert.equal(get.statusCode, 200);
        assert.deepEqual(get.json(), order);
      }
      const approved = await act(m, ofA.id, 'approve');
      assert.equal(approved.statusCode, 200, approved.body);
      assert.equal(approved.json().status, 'approved');
      const completed = await act(m, ofA.id, 'complete');
      assert.equal(completed.statusCode, 200, completed.body);
      assert.equal(completed.json().status, 'completed');
      const cancelled = await act(m, ofB.id, 'cancel');
      assert.equal(cancelled.statusCode, 200, cancelled.body);
      assert.equal(cancelled.json().status, 'cancelled');
      // The owners see what the manager did.
      const seenByA = await t.request({ url: `/v1/store/orders/${ofA.id}`, headers: a.headers });
      assert.equal(seenByA.json().status, 'completed');
      const seenByB = await t.request({ url: `/v1/store/orders/${ofB.id}`, headers: b.headers });
      assert.equal(seenByB.json().status, 'cancelled');
    });

    test("an Idempotency-Key another key already used does not replay that key's order", async () => {
      const petId = await newPet(t);
      const placeWith = (key: Key) =>
        t.request({
          method: 'POST',
          url: '/v1/store/orders',
          headers: { ...key.headers, 'idempotency-key': 'shared-key' },
          payload: { petId },
        });
      const first = await placeWith(a);
      assert.equal(first.statusCode, 201, first.body);
      const replay = await placeWith(a);
      assert.equal(replay.headers['idempotent-replayed'], 'true');
      assert.deepEqual(replay.json(), first.json());
      // B's request runs on its own: the pet is taken, and A's order is not handed over.
      const other = await placeWith(b);
      assert.equal(other.statusCode, 409, other.body);
      assert.equal(other.json().code, 'pet_not_available');
      assert.equal(other.headers['idempotent-replayed'], undefined);
    });

    test("no order body carries the placing key's id", async () => {
      const order = await place(a);
      const bodies = [
        JSON.stringify(order),
        (await t.request({ url: `/v1/store/orders/${order.id}`, headers: a.headers })).body,
        (await t.request({ url: `/v1/store/orders/${order.id}`, headers: m.headers })).body,
        (await t.request({ url: '/v1/store/orders?limit=100', headers: a.headers })).body,
        (await t.request({ url: '/v1/store/orders?limit=100', headers: m.headers })).body,
        (await act(m, order.id, 'approve')).body,
      ];
      for (const body of bodies) {
        assert.ok(!body.includes(a.id), body);
        assert.ok(!body.includes(b.id), body);
        assert.ok(!/api_?key/i.test(body), body);
      }
    });
  });
}
