// The event-actor migration on a deployment from before it, on every backend: the events already recorded
// keep no actor (who made them was never kept) and learn their animal from their data; down takes both away.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Migrator, sql } from 'kysely';
import { migrateToLatest, migrationsFor } from '../../src/store/migrations/index.js';
import { backends } from '../helpers/backends.js';
import { openBefore } from '../helpers/older-deployment.js';

const actorMigration = '2026-12-03-a-event-actor';

for (const backend of backends) {
  describe(`event-actor migration on ${backend.name}`, () => {
    test('old events: no actor, their animal read from their data; down undoes it', async () => {
      const { config, remove } = backend.freshDeployment({ migrate: false });
      const store = await openBefore(config, actorMigration);
      try {
        await sql`insert into events (type, created_at, data) values
          ('pet.created', 1, '{"id":7,"name":"Rex"}'),
          ('order.placed', 2, '{"id":3,"petId":7,"status":"placed"}'),
          ('application.submitted', 3, '{"id":4,"petId":null}'),
          ('pet.removed', 4, '{"id":8}')`.execute(store.db);

        assert.ok((await migrateToLatest(store)).includes(actorMigration));
        const rows = await store.db
          .selectFrom('events')
          .select(['type', 'actor', 'pet_id'])
          .orderBy('id')
          .execute();
        assert.deepEqual(
          rows.map((row) => [row.type, row.actor, row.pet_id === null ? null : Number(row.pet_id)]),
          [
            ['pet.created', null, 7],
            ['order.placed', null, 7],
            ['application.submitted', null, null],
            ['pet.removed', null, 8],
          ],
        );

        const down = await new Migrator({
          db: store.db,
          provider: { getMigrations: async () => migrationsFor(store.dialect) },
          migrationTableSchema: store.schema,
        }).migrateTo('2026-12-02-f-pets-status-created');
        assert.ifError(down.error);
        const columns = (await store.db.introspection.getTables()).find(
          (table) => table.name === 'events',
        )!.columns;
        assert.deepEqual(
          columns.map((column) => column.name).filter((name) => name === 'actor' || name === 'pet_id'),
          [],
        );
      } finally {
        await store.close();
        await remove();
      }
    });
  });
}
