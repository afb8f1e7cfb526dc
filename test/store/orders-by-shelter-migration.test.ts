// The migration that lets an order belong to no key (one the shelter placed in the console), on every
// backend: the orders already placed keep every field and their owner, the tables that name them keep their
// references, ids go on past the highest ever given, the rules the table held still hold, and down is
// refused while such an order exists.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Migrator, sql } from 'kysely';
import type { OrderStatus } from '../../src/domain/order.js';
import { createServices } from '../../src/services/index.js';
import { migrationsFor } from '../../src/store/migrations/index.js';
import { openStore } from '../../src/store/open-store.js';
import type { Store } from '../../src/store/store.js';
import { application as applicationFor } from '../helpers/applications.js';
import { backends } from '../helpers/backends.js';
import { openBefore } from '../helpers/older-deployment.js';

const migration = '2026-12-03-b-orders-by-shelter';
const previous = '2026-12-03-a-event-actor';

const migrateTo = (store: Store, name: string) =>
  new Migrator({
    db: store.db,
    provider: { getMigrations: async () => migrationsFor(store.dialect) },
    migrationTableSchema: store.schema,
  }).migrateTo(name);

const orderRow = (petId: number, apiKeyId: string | null, status: OrderStatus = 'cancelled') => ({
  pet_id: petId,
  api_key_id: apiKeyId,
  status,
  note: null,
  created_at: 1,
  updated_at: 1,
});

for (const backend of backends) {
  describe(`orders-by-shelter migration on ${backend.name}`, () => {
    test('keeps every order, reference and rule; orders may then belong to no key', async () => {
      const { config, remove } = backend.freshDeployment({ migrate: false });
      try {
        const old = await openBefore(config, migration);
        const before = await createServices(config, old);
        const { id: keyId } = await before.apiKeys.create({ name: 'partner', plan: 'free' });
        const pets = [];
        for (const name of ['Rex', 'Tom', 'Kit'])
          pets.push(await before.pets.create({ name, categoryId: 1 }));
        const partner = { apiKeyId: keyId, managesAll: false };
        const orders = [];
        for (const pet of pets) orders.push(await before.orders.place(partner, { petId: pet.id, note: 'n' }));
        await before.orders.act(partner, orders[0]!.id, 'cancel');
        const application = await before.applications.submit(applicationFor(pets[1]!.id) as never);
        await old.db
          .updateTable('applications')
          .set({ order_id: orders[1]!.id })
          .where('id', '=', application.id)
          .execute();
        // The highest order is gone: its id is still never given again.
        await old.db.deleteFrom('orders').where('id', '=', orders[2]!.id).execute();
        const kept = await old.db.selectFrom('orders').selectAll().orderBy('id').execute();
        await old.close();

        const store = await openStore({ ...config, migrate: true });
        try {
          assert.deepEqual(await store.db.selectFrom('orders').selectAll().orderBy('id').execute(), kept);
          const linked = await store.db
            .selectFrom('applications')
            .select('order_id')
            .where('id', '=', application.id)
            .executeTakeFirstOrThrow();
          assert.equal(Number(linked.order_id), orders[1]!.id);

          const services = await createServices(config, store);
          const shelter = { apiKeyId: null, managesAll: true } as const;
          const placed = await services.orders.place(shelter, { petId: pets[0]!.id });
          assert.ok(placed.id > orders[2]!.id, 'ids go on past the highest ever given');
          const row = await store.db
            .selectFrom('orders')
            .select('api_key_id')
            .where('id', '=', placed.id)
            .executeTakeFirstOrThrow();
          assert.equal(row.api_key_id, null);
          const partnerSees = (await services.orders.list(partner, {})).orders.map((o) => o.id);
          assert.ok(!partnerSees.includes(placed.id), 'an order of no key is no partner key’s');
          assert.ok((await services.orders.list(shelter, {})).orders.some((o) => o.id === placed.id));

          // The rules the old table held: one open order per pet, and a pet and a key that exist.
          await assert.rejects(
            store.db
              .insertInto('orders')
              .values(orderRow(pets[0]!.id, null, 'placed'))
              .execute(),
          );
          await assert.rejects(store.db.insertInto('orders').values(orderRow(999_999, null)).execute());
          await assert.rejects(
            store.db.insertInto('orders').values(orderRow(pets[0]!.id, 'no-key')).execute(),
          );

          const refused = await migrateTo(store, previous);
          assert.ok(refused.error, 'down is refused while an order belongs to no key');
          await store.db.deleteFrom('orders').where('api_key_id', 'is', null).execute();
          const down = await migrateTo(store, previous);
          assert.ifError(down.error);
          await assert.rejects(store.db.insertInto('orders').values(orderRow(pets[0]!.id, null)).execute());
          const { rows } = await sql<{ n: number }>`select count(*) as n from orders`.execute(store.db);
          assert.equal(Number(rows[0]!.n), 2);
        } finally {
          await store.close();
        }
      } finally {
        await remove();
      }
    });
  });
}
