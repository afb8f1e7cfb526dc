// "A pet has at most one open order" is held by the database itself, on every backend: the unique index
// refuses a second placed or approved order row for a pet whatever the pets table says, and a placement
// that runs into it (pets and orders disagreeing) is refused as pet_not_available, never a 500.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { OrderStatus } from '../../src/domain/order.js';
import { insertOrder, oneOpenOrderPerPetIndex } from '../../src/store/repositories/orders-repository.js';
import { insertPets } from '../../src/store/repositories/pets-repository.js';
import { backends } from '../helpers/backends.js';
import { newPet } from '../helpers/http-calls.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

for (const backend of backends) {
  describe(`one open order per pet on ${backend.name}`, () => {
    let t: TestApp;
    let apiKeyId: string;
    before(async () => {
      t = await startTestApp(backend);
      apiKeyId = (await t.newKey()).id;
    });
    after(() => t.close());

    /** Inserts an order row straight into the table, past the service and its conditional pet update. */
    const orderRow = (petId: number, status: OrderStatus) =>
      insertOrder(t.app.store.db, {
        pet_id: petId,
        api_key_id: apiKeyId,
        status,
        note: null,
        created_at: 0,
        updated_at: 0,
      });
    const petRow = async () =>
      (
        await insertPets(t.app.store.db, [
          { name: 'Row', category_id: 1, status: 'pending', created_at: 0, updated_at: 0 },
        ])
      )[0]!.id;
    /** The error `insert` fails with; fails the test when it succeeds. */
    const failureOf = (insert: Promise<unknown>): Promise<unknown> =>
      insert.then(
        () => assert.fail('expected the insert to fail, it succeeded'),
        (error: unknown) => error,
      );

    for (const open of ['placed', 'approved'] as const) {
      for (const second of ['placed', 'approved'] as const) {
        test(`a second order row, ${second}, for a pet whose order is ${open} breaks the unique index`, async () => {
          const petId = await petRow();
          await orderRow(petId, open);
          const error = await failureOf(orderRow(petId, second));
          assert.equal(t.app.store.isUniqueViolation(error, oneOpenOrderPerPetIndex), true, String(error));
        });
      }
    }

    test('closed orders do not count: any number of them beside one open order', async () => {
      const petId = await petRow();
      for (const status of ['completed', 'cancelled', 'completed', 'cancelled'] as const)
        await orderRow(petId, status);
      await orderRow(petId, 'approved');
      const rows = await t.app.store.db
        .selectFrom('orders')
        .select('id')
        .where('pet_id', '=', petId)
        .execute();
      assert.equal(rows.length, 5);
    });

    test('isUniqueViolation says no to other failures: a missing pet, a missing key, no error at all', async () => {
      const { store } = t.app;
      const missingPet = await failureOf(orderRow(987_654_321, 'placed'));
      assert.equal(store.isUniqueViolation(missingPet, oneOpenOrderPerPetIndex), false, String(missingPet));
      const missingKey = await failureOf(
        insertOrder(store.db, {
          pet_id: await petRow(),
          api_key_id: 'key_missing',
          status: 'placed',
          note: null,
          created_at: 0,
          updated_at: 0,
        }),
      );
      assert.equal(store.isUniqueViolation(missingKey, oneOpenOrderPerPetIndex), false, String(missingKey));
      for (const notAnError of [undefined, null, 'unique', { code: 'unique' }])
        assert.equal(store.isUniqueViolation(notAnError, oneOpenOrderPerPetIndex), false);
    });

    if (backend.name === 'postgres')
      test('on PostgreSQL the index is told by name: a breach of another unique index is not this one', async () => {
        const petId = await petRow();
        await orderRow(petId, 'placed');
        const error = await failureOf(orderRow(petId, 'placed'));
        assert.equal(t.app.store.isUniqueViolation(error, 'another_index'), false);
      });

    test('a placement that runs into the index, pets and orders disagreeing, is 409 pet_not_available', async () => {
      const { store } = t.app;
      const petId = await newPet(t);
      const placed = await t.request({
        method: 'POST',
        url: '/v1/store/orders',
        headers: t.auth,
        payload: { petId },
      });
      assert.equal(placed.statusCode, 201, placed.body);
      const approved = await t.request({
        method: 'POST',
        url: `/v1/store/orders/${placed.json().id}/approve`,
        headers: t.auth,
      });
      assert.equal(approved.statusCode, 200, approved.body);
      // The pet said available again behind the service's back: only the index stands in the way.
      await store.db.updateTable('pets').set({ status: 'available' }).where('id', '=', petId).execute();
      const other = await newPet(t);

      // Without a key placements share a transaction: the breach undoes it, and each is placed again alone.
      const [refused, together] = await Promise.all(
        [petId, other].map((id) =>
          t.request({ method: 'POST', url: '/v1/store/orders', headers: t.auth, payload: { petId: id } }),
        ),
      );
      // With a key the placement runs alone.
      const keyed = await t.request({
        method: 'POST',
        url: '/v1/store/orders',
        headers: { ...t.auth, 'idempotency-key': `one-open-${backend.name}` },
        payload: { petId },
      });
      for (const res of [refused!, keyed]) {
        assert.equal(res.statusCode, 409, res.body);
        assert.equal(res.json().code, 'pet_not_available');
      }
      assert.equal(
        together!.statusCode,
        201,
        'the other placement of the transaction is not refused with it',
      );
      const open = await store.db.selectFrom('orders').select('status').where('pet_id', '=', petId).execute();
      assert.deepEqual(open, [{ status: 'approved' }]);
    });
  });
}
