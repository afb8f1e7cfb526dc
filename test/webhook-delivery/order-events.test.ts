// The events order actions write, read back through GET /v1/events on every backend: one event of the
// action's type with the order as answered, one pet.status_changed with the pet when its status moves, and
// none for an unchanged repeat, a refused action, or an action whose transaction rolls back.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { backends } from '../helpers/backends.js';
import { failInsertsInto } from '../helpers/fail-inserts.js';
import { followNext, newPet } from '../helpers/http-calls.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

interface Event {
  id: number;
  type: string;
  createdAt: string;
  data: { id: number; status: string };
}

const types = ['order.placed', 'order.approved', 'order.completed', 'order.cancelled', 'pet.status_changed'];

for (const backend of backends) {
  describe(`order events on ${backend.name}`, () => {
    let t: TestApp;
    before(async () => {
      t = await startTestApp(backend);
    });
    after(() => t.close());

    /** Every event of one type, paged through rel="next" until it is absent. */
    const feed = async (type: string) => {
      const events = await followNext<Event>(t, `/v1/events?type=${type}&limit=100`, t.auth);
      for (const event of events) assert.equal(event.type, type);
      return events;
    };
    /** Runs `action`, then returns the events of each type that appeared meanwhile (types with none left out). */
    const eventsDuring = async (action: () => Promise<unknown>) => {
      const before = new Map<string, Set<number>>();
      for (const type of types) before.set(type, new Set((await feed(type)).map((e) => e.id)));
      await action();
      const added: Record<string, Event[]> = {};
      for (const type of types) {
        const fresh = (await feed(type)).filter((e) => !before.get(type)!.has(e.id));
        if (fresh.length > 0) added[type] = fresh;
      }
      return added;
    };
    const getPet = async (id: number) => (await t.request({ url: `/v1/pets/${id}`, headers: t.auth })).json();
    const getOrder = async (id: number) =>
      (await t.request({ url: `/v1/store/orders/${id}`, headers: t.auth })).json();
    const place = (petId: number) =>
      t.request({ method: 'POST', url: '/v1/store/orders', headers: t.auth, payload: { petId } });
    const act = (orderId: number, action: string) =>
      t.request({ method: 'POST', url: `/v1/store/orders/${orderId}/${action}`, headers: t.auth });
    const placed = async () => {
      const petId = await newPet(t);
      const res = await place(petId);
      assert.equal(res.statusCode, 201, res.body);
      return { petId, orderId: res.json().id as number };
    };
    /** What one successful action must leave in the feed: its order event, and the pet's when it moved. */
    const expectEvents = async (
      added: Record<string, Event[]>,
      type: string,
      order: unknown,
      petId: number,
      petStatus: string | undefined,
    ) => {
      const expected: Record<string, unknown[]> = { [type]: [order] };
      if (petStatus) {
        const pet = await getPet(petId);
        assert.equal(pet.status, petStatus);
        expected['pet.status_changed'] = [pet];
      }
      assert.deepEqual(
        Object.fromEntries(Object.entries(added).map(([k, events]) => [k, events.map((e) => e.data)])),
        expected,
      );
      // The order's event comes first, in the same commit as the pet's.
      if (petStatus) assert.ok(added[type]![0]!.id < added['pet.status_changed']![0]!.id);
    };

    test('placing writes order.placed with the order and pet.status_changed with the pet pending', async () => {
      const petId = await newPet(t);
      let order: unknown;
      const added = await eventsDuring(async () => {
        const res = await place(petId);
        assert.equal(res.statusCode, 201, res.body);
        order = res.json();
      });
      await expectEvents(added, 'order.placed', order, petId, 'pending');
    });

    test('approving writes order.approved only: the pet stays pending', async () => {
      const { petId, orderId } = await placed();
      let order: unknown;
      const added = await eventsDuring(async () => {
        const res = await act(orderId, 'approve');
        assert.equal(res.statusCode, 200, res.body);
        order = res.json();
      });
      await expectEvents(added, 'order.approved', order, petId, undefined);
      assert.equal((await getPet(petId)).status, 'pending');
    });

    test('completing writes order.completed and pet.status_changed with the pet sold', async () => {
      const { petId, orderId } = await placed();
      assert.equal((await act(orderId, 'approve')).statusCode, 200);
      let order: unknown;
      const added = await eventsDuring(async () => {
        const res = await act(orderId, 'complete');
        assert.equal(res.statusCode, 200, res.body);
        order = res.json();
      });
      await expectEvents(added, 'order.completed', order, petId, 'sold');
    });

    for (const from of ['placed', 'approved']) {
      test(`cancelling a ${from} order writes order.cancelled and pet.status_changed with the pet available`, async () => {
        const { petId, orderId } = await placed();
        if (from === 'approved') assert.equal((await act(orderId, 'approve')).statusCode, 200);
        let order: unknown;
        const added = await eventsDuring(async () => {
          const res = await act(orderId, 'cancel');
          assert.equal(res.statusCode, 200, res.body);
          order = res.json();
        });
        await expectEvents(added, 'order.cancelled', order, petId, 'available');
      });
    }

    test('a repeated action answered 200 unchanged writes nothing', async () => {
      const { orderId: approvedId } = await placed();
      assert.equal((await act(approvedId, 'approve')).statusCode, 200);
      const { orderId: completedId } = await placed();
      assert.equal((await act(completedId, 'approve')).statusCode, 200);
      assert.equal((await act(completedId, 'complete')).statusCode, 200);
      const { orderId: cancelledId } = await placed();
      assert.equal((await act(cancelledId, 'cancel')).statusCode, 200);
      const repeats: Array<[number, string]> = [
        [approvedId, 'approve'],
        [completedId, 'complete'],
        [cancelledId, 'cancel'],
      ];
      const added = await eventsDuring(async () => {
        for (const [id, action] of repeats) {
          const before = await getOrder(id);
          const res = await act(id, action);
          assert.equal(res.statusCode, 200, res.body);
          assert.deepEqual(res.json(), before);
        }
      });
      assert.deepEqual(added, {});
    });

    test('a refused action (409) writes nothing', async () => {
      const { petId, orderId: placedId } = await placed();
      const { orderId: completedId } = await placed();
      assert.equal((await act(completedId, 'approve')).statusCode, 200);
      assert.equal((await act(completedId, 'complete')).statusCode, 200);
      const { orderId: cancelledId } = await placed();
      assert.equal((await act(cancelledId, 'cancel')).statusCode, 200);
      const added = await eventsDuring(async () => {
        const refusals = [
          await place(petId),
          await act(placedId, 'complete'),
          await act(completedId, 'cancel'),
          await act(completedId, 'approve'),
          await act(cancelledId, 'approve'),
        ];
        for (const res of refusals) assert.equal(res.statusCode, 409, res.body);
      });
      assert.deepEqual(added, {});
    });

    describe('an action whose transaction fails', () => {
      /** Runs the action while every event insert fails, and checks that it changed nothing at all. */
      const rolledBack = async (
        petId: number,
        action: () => Promise<{ statusCode: number }>,
        orderId?: number,
      ) => {
        const petBefore = await getPet(petId);
        const orderBefore = orderId === undefined ? undefined : await getOrder(orderId);
        const ordersOfPet = async () =>
          (await t.request({ url: `/v1/store/orders?petId=${petId}`, headers: t.auth })).json();
        const listedBefore = await ordersOfPet();
        const added = await eventsDuring(async () => {
          const undo = await failInsertsInto(t, 'events');
          try {
            assert.equal((await action()).statusCode, 500);
          } finally {
            await undo();
          }
        });
        assert.deepEqual(added, {});
        assert.deepEqual(await getPet(petId), petBefore);
        if (orderId !== undefined) assert.deepEqual(await getOrder(orderId), orderBefore);
        assert.deepEqual(await ordersOfPet(), listedBefore);
      };

      test('placing leaves no order, the pet available, and no event', async () => {
        const petId = await newPet(t);
        await rolledBack(petId, () => place(petId));
        assert.equal((await getPet(petId)).status, 'available');
        // The pet is still free to be ordered once the failure is gone.
        assert.equal((await place(petId)).statusCode, 201);
      });

      test('approving, completing or cancelling leaves the order and the pet as they were', async () => {
        const { petId, orderId } = await placed();
        await rolledBack(petId, () => act(orderId, 'approve'), orderId);
        await rolledBack(petId, () => act(orderId, 'cancel'), orderId);
        assert.equal((await act(orderId, 'approve')).statusCode, 200);
        await rolledBack(petId, () => act(orderId, 'complete'), orderId);
        assert.equal((await getOrder(orderId)).status, 'approved');
        assert.equal((await getPet(petId)).status, 'pending');
      });
    });
  });
}
