// Upgrading to the orders schema, and on to the profiles: a database from before both migrates forward, its
// pets keep their ids and fields, gain an empty profile updated when they were created, and can be ordered
// and edited right away. On every backend.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createServices } from '../../src/services/index.js';
import { openStore } from '../../src/store/open-store.js';
import { backends } from '../helpers/backends.js';
import { openBefore } from '../helpers/older-deployment.js';

const ordersMigration = '2026-11-24-a-orders';

for (const backend of backends) {
  describe(`orders migration on ${backend.name}`, () => {
    test('a database from before orders migrates forward; its pets keep ids and fields', async () => {
      const { config, remove } = backend.freshDeployment({ migrate: false });
      try {
        // The schema as the release before orders left it.
        const old = await openBefore(config, ordersMigration);
        // The pets table of that release had these columns only.
        const oldColumns = ['id', 'name', 'category_id', 'status', 'created_at'] as const;
        const rows = await old.db
          .insertInto('pets')
          .values([
            { name: 'Rex', category_id: 7, status: 'available', created_at: 1_700_000_000_000 },
            { name: 'Tom', category_id: 2 ** 40, status: 'pending', created_at: 1_700_000_000_001 },
            { name: 'Kit', category_id: 1, status: 'sold', created_at: 1_700_000_000_002 },
          ] as never)
          .returning(oldColumns)
          .execute();
        await old.close();

        const store = await openStore({ ...config, migrate: true });
        try {
          assert.deepEqual(
            await store.db.selectFrom('pets').select(oldColumns).orderBy('id').execute(),
            rows,
          );
          const services = await createServices(config, store);
          const { pet: tom, etag } = await services.pets.get(rows[1]!.id);
          assert.equal(etag, `"${tom.id}.1"`);
          assert.equal(tom.createdAt, new Date(1_700_000_000_001).toISOString());
          assert.equal(tom.updatedAt, tom.createdAt, 'updatedAt starts at createdAt');
          assert.deepEqual([tom.breed, tom.description, tom.tags, tom.goodWith.cats], [null, null, [], null]);
          const edited = await services.pets.update({
            id: tom.id,
            patch: { breed: 'Tabby' },
            ifMatch: [etag],
          });
          assert.equal(edited.pet.breed, 'Tabby');
          const { id: apiKeyId } = await services.apiKeys.create({ name: 'upgrade', plan: 'free' });
          const order = await services.orders.place({ apiKeyId, managesAll: false }, { petId: rows[0]!.id });
          assert.equal(order.status, 'placed');
          assert.equal((await services.pets.get(rows[0]!.id)).pet.status, 'pending');
          const { id } = await services.pets.create({ name: 'New', categoryId: 1 });
          assert.ok(id > rows[2]!.id, 'ids go on after the migrated ones');
        } finally {
          await store.close();
        }
      } finally {
        await remove();
      }
    });
  });
}
