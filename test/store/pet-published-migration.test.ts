// Upgrading to `published`: the pets of a deployment from before it, removed ones too, become published, so
// the pages and the API show them as before; the column refuses null, and an insert that does not name it
// publishes. Down drops it and up again adds it as it was. On every backend.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Migrator } from 'kysely';
import { buildApp } from '../../src/app.js';
import { migrateToLatest, migrationsFor } from '../../src/store/migrations/index.js';
import type { Store } from '../../src/store/store.js';
import { backends } from '../helpers/backends.js';
import { openBefore } from '../helpers/older-deployment.js';

const publishedMigration = '2026-12-02-b-pet-published';

/** Each pet's `published` as stored, by the index of its id in `ids`. */
async function storedFlags(store: Store, ids: number[]): Promise<unknown[]> {
  const rows = await store.db
    .selectFrom('pets')
    .select(['id', 'published'])
    .where('id', 'in', ids)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.published);
}

for (const backend of backends) {
  describe(`pet published migration on ${backend.name}`, () => {
    test('every pet there becomes published; null is refused; down and up again', async () => {
      const { config, remove } = backend.freshDeployment({
        migrate: false,
        publicUrl: 'https://s.example/v1',
      });
      const store = await openBefore(config, publishedMigration);
      let app: Awaited<ReturnType<typeof buildApp>> | undefined;
      try {
        const ids: number[] = [];
        for (const [i, status] of (['available', 'pending', 'sold', 'available'] as const).entries()) {
          const { id } = await store.db
            .insertInto('pets')
            .values({
              name: `Old ${i}`,
              category_id: 1,
              status,
              name_key: `old ${i}`,
              created_at: 1_700_000_000_000 + i,
              updated_at: 1_700_000_000_000 + i,
              ...(i === 3 ? { removed_at: 1_700_000_000_100 } : {}),
            } as never)
            .returning('id')
            .executeTakeFirstOrThrow();
          ids.push(Number(id));
        }
        assert.ok((await migrateToLatest(store)).includes(publishedMigration));
        assert.deepEqual(await storedFlags(store, ids), [1, 1, 1, 1], 'every pet, a removed one too');
        await assert.rejects(
          store.db
            .updateTable('pets')
            .set({ published: null as never })
            .where('id', '=', ids[0]!)
            .execute(),
          'the column is NOT NULL',
        );
        const { id: inserted } = await store.db
          .insertInto('pets')
          .values({ name: 'New', category_id: 1, status: 'available', created_at: 1, updated_at: 1 })
          .returning('id')
          .executeTakeFirstOrThrow();
        assert.deepEqual(await storedFlags(store, [Number(inserted)]), [1], 'an insert without it publishes');

        app = await buildApp({ config, store });
        const { key } = await app.services.apiKeys.create({ name: 'test', plan: 'free' });
        const listed = await app.inject({
          url: '/v1/pets?categoryId=1',
          headers: { authorization: `Bearer ${key}` },
        });
        assert.equal(listed.statusCode, 200, listed.body);
        assert.deepEqual(
          (listed.json() as Array<{ id: number; published: boolean }>).map((pet) => [pet.id, pet.published]),
          [...ids.slice(0, 3), Number(inserted)].map((id) => [id, true]),
        );
        assert.equal((await app.inject({ url: `/adopt/pets/${ids[0]}` })).statusCode, 200, 'on the pages');

        const { error } = await new Migrator({
          db: store.db,
          provider: { getMigrations: async () => migrationsFor(store.dialect) },
          migrationTableSchema: store.schema,
        }).migrateTo('2026-12-02-a-application-order');
        assert.equal(error, undefined);
        await assert.rejects(storedFlags(store, ids), 'down drops the column');
        assert.ok((await migrateToLatest(store)).includes(publishedMigration), 'and up again');
        assert.deepEqual(await storedFlags(store, ids), [1, 1, 1, 1]);
      } finally {
        await (app ? app.close() : store.close());
        await remove();
      }
    });
  });
}
