// The store area through HTTP, on every backend: every row of the transition table and every forbidden
// transition (pet status checked after each), idempotent repeats, validation, paging and the inventory.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  actionsAllowedFrom,
  orderStatuses,
  orderStepActions,
  orderTransitions,
  type OrderStatus,
  type OrderStepAction,
} from '../../src/domain/order.js';
import { backends } from '../helpers/backends.js';
import { followNext, newPet } from '../helpers/http-calls.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

/** The shortest path of actions from a freshly placed order to each status. */
const pathTo: Record<OrderStatus, OrderStepAction[]> = {
  placed: [],
  approved: ['approve'],
  completed: ['approve', 'complete'],
  cancelled: ['cancel'],
};

/** The pet's status while its order is in each status, as the table implies. */
const petStatusFor: Record<OrderStatus, string> = {
  placed: orderTransitions.place.petTo,
  approved: orderTransitions.approve.petTo,
  completed: orderTransitions.complete.petTo,
  cancelled: orderTransitions.cancel.petTo,
};

for (const backend of backends) {
  describe(`orders on ${backend.name}`, () => {
    let t: TestApp;
    before(async () => {
      t = await startTestApp(backend);
    });
    after(() => t.close());

    const petStatus = async (id: number) =>
      (await t.request({ url: `/v1/pets/${id}`, headers: t.auth })).json().status as string;
    const place = (payload: object, headers: Record<string, string> = {}) =>
      t.request({ method: 'POST', url: '/v1/store/orders', headers: { ...t.auth, ...headers }, payload });
    const act = (orderId: number, action: OrderStepAction) =>
      t.request({ method: 'POST', url: `/v1/store/orders/${orderId}/${action}`, headers: t.auth });
    const orderIn = async (status: OrderStatus) => {
      const petId = await newPet(t);
      const order = (await place({ petId })).json();
      for (const action of pathTo[status]) assert.equal((await act(order.id, action)).statusCode, 200);
      return { petId, orderId: order.id as number };
    };

    test('place: 201 with Location, the order placed and the pet pending', async () => {
      const petId = await newPet(t);
      const res = await place({ petId, note: '  Will collect on Saturday\nafter noon  ' });
      assert.equal(res.statusCode, 201);
      const order = res.json();
      assert.deepEqual(Object.keys(order).sort(), [
        'createdAt',
        'id',
        'note',
        'petId',
        'status',
        'updatedAt',
      ]);
      assert.equal(order.status, 'placed');
      assert.equal(order.petId, petId);
      assert.equal(order.note, 'Will collect on Saturday\nafter noon');
      assert.match(order.createdAt, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      assert.equal(res.headers.location, `/v1/store/orders/${order.id}`);
      assert.equal(await petStatus(petId), 'pending');
      const fetched = await t.request({ url: `/v1/store/orders/${order.id}`, headers: t.auth });
      assert.deepEqual(fetched.json(), order);
    });

    for (const status of ['pending', 'sold'] as const) {
      test(`place for a pet created ${status}: 409 pet_not_available naming the status`, async () => {
        const petId = await newPet(t, { status });
        const res = await place({ petId });
        assert.equal(res.statusCode, 409);
        assert.equal(res.json().code, 'pet_not_available');
        assert.match(res.json().message, new RegExp(`status is ${status}`));
        assert.equal(await petStatus(petId), status);
      });
    }

    test('place for a pet with an open order: 409; for a missing pet: 404 pet_not_found', async () => {
      const { petId } = await orderIn('approved');
      const taken = await place({ petId });
      assert.equal(taken.json().code, 'pet_not_available');
      assert.match(taken.json().message, /status is pending/);
      const missing = await place({ petId: 999_999_999 });
      assert.equal(missing.statusCode, 404);
      assert.equal(missing.json().code, 'pet_not_found');
    });

    for (const from of orderStatuses) {
      for (const action of orderStepActions) {
        const transition = orderTransitions[action];
        const allowed = (transition.from as readonly string[]).includes(from);
        const repeat = transition.to === from;
        const outcome = allowed ? `→ ${transition.to}` : repeat ? '200 unchanged' : '409';
        test(`${action} on a ${from} order: ${outcome}, pet status checked`, async () => {
          const { petId, orderId } = await orderIn(from);
          const before = (await t.request({ url: `/v1/store/orders/${orderId}`, headers: t.auth })).json();
          const res = await act(orderId, action);
          if (allowed) {
            assert.equal(res.statusCode, 200);
            assert.equal(res.json().status, transition.to);
            assert.equal(await petStatus(petId), transition.petTo);
          } else if (repeat) {
            assert.equal(res.statusCode, 200);
            assert.deepEqual(res.json(), before);
            assert.equal(await petStatus(petId), petStatusFor[from]);
          } else {
            assert.equal(res.statusCode, 409);
            const body = res.json();
            assert.equal(body.code, 'order_status_conflict');
            const names = actionsAllowedFrom(from).join(', ') || 'none';
            assert.equal(
              body.message,
              `Cannot ${action} order ${orderId}: its status is ${from}; actions allowed from there: ${names}`,
            );
            assert.equal(await petStatus(petId), petStatusFor[from]);
            const after = (await t.request({ url: `/v1/store/orders/${orderId}`, headers: t.auth })).json();
            assert.deepEqual(after, before);
          }
        });
      }
    }

    // The actions take no body: one may be sent if it has no field, and any field is refused, not ignored.
    const actionBodies: Array<[string, string, RegExp]> = [
      ['an unknown field', '{"x":1}', /^Invalid request: unknown field 'x'$/],
      ['a field the order has', '{"status":"cancelled"}', /^Invalid request: unknown field 'status'$/],
      ['a JSON array', '[]', /request body must be a JSON object/],
      ['JSON null', 'null', /request body must be a JSON object/],
    ];
    for (const action of orderStepActions) {
      const from = orderTransitions[action].from[0];
      for (const [what, payload, message] of actionBodies) {
        test(`${action} with ${what} in its body: 400 validation_failed, nothing changed`, async () => {
          const { petId, orderId } = await orderIn(from);
          const url = `/v1/store/orders/${orderId}`;
          const before = (await t.request({ url, headers: t.auth })).json();
          const res = await t.request({
            method: 'POST',
            url: `${url}/${action}`,
            headers: { ...t.auth, 'content-type': 'application/json' },
            payload,
          });
          assert.equal(res.statusCode, 400, res.body);
          assert.equal(res.json().code, 'validation_failed');
          assert.match(res.json().message, message);
          assert.deepEqual((await t.request({ url, headers: t.auth })).json(), before);
          assert.equal(await petStatus(petId), petStatusFor[from]);
        });
      }

      test(`${action} with an empty JSON object as its body: applied`, async () => {
        const { petId, orderId } = await orderIn(from);
        const res = await t.request({
          method: 'POST',
          url: `/v1/store/orders/${orderId}/${action}`,
          headers: t.auth,
          payload: {},
        });
        assert.equal(res.statusCode, 200, res.body);
        assert.equal(res.json().status, orderTransitions[action].to);
        assert.equal(await petStatus(petId), orderTransitions[action].petTo);
      });
    }

    test('a cancelled pet can be ordered again; its old order stays cancelled', async () => {
      const { petId, orderId } = await orderIn('cancelled');
      assert.equal(await petStatus(petId), 'available');
      const again = await place({ petId });
      assert.equal(again.statusCode, 201);
      const old = await t.request({ url: `/v1/store/orders/${orderId}`, headers: t.auth });
      assert.equal(old.json().status, 'cancelled');
    });

    test('pet listings and the inventory reflect each transition at once', async () => {
      const listed = async (status: string, id: number) => {
        let url: string | undefined = `/v1/pets?status=${status}&limit=100`;
        while (url) {
          const res = await t.request({ url, headers: t.auth });
          if ((res.json() as Array<{ id: number }>).some((p) => p.id === id)) return true;
          url = /<([^>]+)>; rel="next"/.exec(String(res.headers.link ?? ''))?.[1];
        }
        return false;
      };
      const inventory = async () => (await t.request({ url: '/v1/store/inventory', headers: t.auth })).json();
      const petId = await newPet(t);
      assert.ok(await listed('available', petId));
      const start = await inventory();
      const order = (await place({ petId })).json();
      assert.ok(await listed('pending', petId));
      assert.ok(!(await listed('available', petId)));
      assert.deepEqual(await inventory(), {
        ...start,
        available: start.available - 1,
        pending: start.pending + 1,
      });
      await act(order.id, 'approve');
      await act(order.id, 'complete');
      assert.ok(await listed('sold', petId));
      assert.ok(!(await listed('pending', petId)));
      assert.deepEqual(await inventory(), { ...start, available: start.available - 1, sold: start.sold + 1 });
    });

    test('Idempotency-Key: a retried place replays the order and places nothing more', async () => {
      const petId = await newPet(t);
      const first = await place({ petId }, { 'idempotency-key': `k-${petId}` });
      const retry = await place({ petId }, { 'idempotency-key': `k-${petId}` });
      assert.equal(first.statusCode, 201);
      assert.equal(retry.statusCode, 201);
      assert.equal(retry.headers['idempotent-replayed'], 'true');
      assert.deepEqual(retry.json(), first.json());
      const other = await place({ petId, note: 'x' }, { 'idempotency-key': `k-${petId}` });
      assert.equal(other.statusCode, 422);
    });

    const rejected: Array<[string, string, RegExp]> = [
      ['POST', '/v1/store/orders/0/approve', /orderId must be at least 1/],
      ['GET', '/v1/store/orders/abc', /orderId must be an integer/],
      ['GET', '/v1/store/orders?colour=red', /unknown query parameter 'colour'/],
      ['GET', '/v1/store/orders?status=lost', /status must be one of placed, approved, completed, cancelled/],
      ['GET', '/v1/store/orders?limit=101', /limit must be at most 100/],
      ['GET', '/v1/store/orders?cursor=abc', /cursor is invalid/],
    ];
    for (const [method, url, message] of rejected) {
      test(`${method} ${url}: 400`, async () => {
        const res = await t.request({ method: method as 'GET', url, headers: t.auth });
        assert.equal(res.statusCode, 400);
        assert.match(res.json().message, message);
      });
    }

    const all = (url: string) => followNext<{ id: number }>(t, `${url}?limit=100`, t.auth);
    const control = /note must not contain control characters other than newline/;
    // Each body is for an available pet, whose id is added unless the body leaves it out on purpose.
    const badBodies: Array<[string, object, RegExp]> = [
      ['missing petId', { petId: undefined, note: 'x' }, /petId is required/],
      ['note over 500 characters', { note: 'x'.repeat(501) }, /note must be at most 500 characters/],
      ['a C0 control character in note', { note: 'a\u0007b' }, control],
      ['a tab or a carriage return in note', { note: 'a\tb\r\nc' }, control],
      ['DEL in note', { note: 'a\u007fb' }, control],
      ['C1 control characters in note', { note: 'a\u0085b\u009bc' }, control],
      ['the first and last C1 control characters in note', { note: '\u0080 \u009f' }, control],
      ['unknown field', { owner: 'me' }, /unknown field 'owner'/],
    ];
    for (const [name, fields, message] of badBodies) {
      test(`place with ${name}: 400, nothing written`, async () => {
        const petId = await newPet(t);
        const before = await all('/v1/store/orders');
        const res = await place({ petId, ...fields });
        assert.equal(res.statusCode, 400);
        assert.equal(res.json().code, 'validation_failed');
        assert.match(res.json().message, message);
        assert.deepEqual(await all('/v1/store/orders'), before);
        assert.equal(await petStatus(petId), 'available');
      });
    }

    test('a note keeps newlines and characters past the C1 controls', async () => {
      const petId = await newPet(t);
      const res = await place({ petId, note: 'Saturday\nat\u00a0noon \u2014 ok' });
      assert.equal(res.statusCode, 201, res.body);
      assert.equal(res.json().note, 'Saturday\nat\u00a0noon \u2014 ok');
    });

    test('unknown order: 404 order_not_found on get and on every action', async () => {
      const get = await t.request({ url: '/v1/store/orders/987654321', headers: t.auth });
      assert.equal(get.statusCode, 404);
      assert.equal(get.json().code, 'order_not_found');
      for (const action of orderStepActions) assert.equal((await act(987654321, action)).statusCode, 404);
    });

    test('list: ascending ids, filters by status and petId, and Link pages that add up exactly', async () => {
      const { petId } = await orderIn('approved');
      const byPet = await t.request({ url: `/v1/store/orders?petId=${petId}`, headers: t.auth });
      assert.deepEqual(
        (byPet.json() as Array<{ petId: number }>).map((o) => o.petId),
        [petId],
      );
      const all: number[] = [];
      let url: string | undefined = '/v1/store/orders?limit=3&status=placed';
      while (url) {
        const res = await t.request({ url, headers: t.auth });
        assert.equal(res.statusCode, 200);
        for (const order of res.json() as Array<{ id: number; status: string }>) {
          assert.equal(order.status, 'placed');
          all.push(order.id);
        }
        url = /<([^>]+)>; rel="next"/.exec(String(res.headers.link ?? ''))?.[1];
      }
      const once = (
        await t.request({ url: '/v1/store/orders?limit=100&status=placed', headers: t.auth })
      ).json();
      assert.deepEqual(
        all,
        (once as Array<{ id: number }>).map((o) => o.id),
      );
      assert.ok(all.length > 3);
      assert.deepEqual(
        all,
        [...all].sort((a, b) => a - b),
      );
      // A cursor belongs to its filter.
      const paged = await t.request({ url: '/v1/store/orders?limit=1&status=placed', headers: t.auth });
      const cursor = /cursor=([^>&]+)/.exec(String(paged.headers.link))![1];
      const foreign = await t.request({ url: `/v1/store/orders?limit=1&cursor=${cursor}`, headers: t.auth });
      assert.equal(foreign.json().code, 'invalid_cursor');
    });

    test('methods not in the interface: 405 with Allow', async () => {
      const res = await t.request({ method: 'DELETE', url: '/v1/store/orders/1', headers: t.auth });
      assert.equal(res.statusCode, 405);
      assert.equal(res.headers.allow, 'GET, HEAD');
    });
  });
}
