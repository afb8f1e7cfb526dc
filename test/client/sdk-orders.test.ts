// The SDK's order calls against a real listening server, on every backend: the adoption flow, paging and errors.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { PetstoreClient } from '@petstore/client';
import { backends } from '../helpers/backends.js';
import { failureOf, startSdkServer, type SdkServer } from '../helpers/sdk-server.js';

for (const backend of backends) {
  describe(`SDK order calls on ${backend.name}`, () => {
    let server: SdkServer;
    let client: PetstoreClient;
    before(async () => {
      server = await startSdkServer(backend);
      client = new PetstoreClient({ baseUrl: server.baseUrl, apiKey: server.key });
    });
    after(() => server.close());

    test('placeOrder, approveOrder, completeOrder carry a pet to sold; getInventory counts it', async () => {
      const pet = await client.createPet({ name: 'Rex', categoryId: 1 });
      const before = await client.getInventory();
      const order = await client.placeOrder({ petId: pet.id, note: 'Saturday' });
      assert.equal(order.status, 'placed');
      assert.equal(order.note, 'Saturday');
      assert.deepEqual(await client.getOrder(order.id), order);
      assert.equal((await client.approveOrder(order.id)).status, 'approved');
      assert.equal((await client.completeOrder(order.id)).status, 'completed');
      const after = await client.getInventory();
      assert.deepEqual(after, { ...before, available: before.available - 1, sold: before.sold + 1 });
    });

    test('cancelOrder puts the pet back; listAllOrders pages through every order of a filter', async () => {
      const ids: number[] = [];
      for (let i = 0; i < 5; i++) {
        const pet = await client.createPet({ name: `p${i}`, categoryId: 1 });
        const order = await client.placeOrder({ petId: pet.id });
        ids.push((await client.cancelOrder(order.id)).id);
      }
      const seen: number[] = [];
      for await (const order of client.listAllOrders({ status: 'cancelled', limit: 2 })) seen.push(order.id);
      assert.deepEqual(seen, ids);
      assert.deepEqual(
        (await client.listOrders({ status: 'cancelled', limit: 2 })).map((o) => o.id),
        ids.slice(0, 2),
      );
      // listOrdersPage: the page says whether more follow, and its cursor leads on to the rest.
      const first = await client.listOrdersPage({ status: 'cancelled', limit: 4 });
      assert.deepEqual(
        first.items.map((o) => o.id),
        ids.slice(0, 4),
      );
      assert.ok(first.nextCursor, 'a full page with more behind it names the next');
      const rest = await client.listOrdersPage({ status: 'cancelled', limit: 4, cursor: first.nextCursor });
      assert.deepEqual(
        rest.items.map((o) => o.id),
        ids.slice(4),
      );
      assert.equal(rest.nextCursor, undefined, 'the last page names none');
    });

    test('errors are PetstoreError with the catalogue code', async () => {
      const sold = await client.createPet({ name: 'Gone', categoryId: 1, status: 'sold' });
      const notAvailable = await failureOf(client.placeOrder({ petId: sold.id }));
      assert.equal(notAvailable.code, 'pet_not_available');
      assert.equal(notAvailable.status, 409);
      assert.equal((await failureOf(client.getOrder(987654321))).code, 'order_not_found');
      const pet = await client.createPet({ name: 'Kit', categoryId: 1 });
      const order = await client.placeOrder({ petId: pet.id });
      assert.equal((await failureOf(client.completeOrder(order.id))).code, 'order_status_conflict');
    });
  });
}
