// The shelter migration on a deployment from before it: one empty row of details, and keys that held every
// scope gain shelter:write while narrower keys keep theirs; down takes both back. On every backend.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Migrator, sql } from 'kysely';
import { migrateToLatest, migrationsFor } from '../../src/store/migrations/index.js';
import type { Store } from '../../src/store/store.js';
import { backends } from '../helpers/backends.js';
import { openBefore } from '../helpers/older-deployment.js';

const shelterMigration = '2026-12-02-c-shelter';
const everyScopeBefore =
  'pets:read pets:write orders:write orders:manage events:read catalog:write ' +
  'applications:submit applications:read applications:manage';

const scopesOf = async (store: Store) =>
  Object.fromEntries(
    (await store.db.selectFrom('api_keys').select(['id', 'scopes']).orderBy('id').execute()).map((k) => [
      k.id,
      k.scopes,
    ]),
  );

for (const backend of backends) {
  describe(`shelter migration on ${backend.name}`, () => {
    test('an empty row of details; every-scope keys gain shelter:write, narrow ones do not; down undoes it', async () => {
      const { config, remove } = backend.freshDeployment({ migrate: false });
      const store = await openBefore(config, shelterMigration);
      try {
        await sql`insert into api_keys (id, name, plan, key_hash, key_hint, created_at, scopes) values
          ('key_all', 'all', 'free', 'h1', 'abcd', 1, ${everyScopeBefore}),
          ('key_most', 'most', 'free', 'h2', 'efgh', 1, 'pets:read pets:write catalog:write'),
          ('key_read', 'read', 'free', 'h3', 'ijkl', 1, 'pets:read')`.execute(store.db);

        assert.ok((await migrateToLatest(store)).includes(shelterMigration));
        // And pets:remove beside pets:write, from the later 2026-12-02-d-pets-remove-scope.
        assert.deepEqual(await scopesOf(store), {
          key_all: `${everyScopeBefore} shelter:write`.replace('pets:write', 'pets:write pets:remove'),
          key_most: 'pets:read pets:write pets:remove catalog:write',
          key_read: 'pets:read',
        });
        const rows = await store.db.selectFrom('shelter').selectAll().execute();
        assert.equal(rows.length, 1);
        assert.equal(rows[0]!.id, 1);
        assert.ok(
          Object.entries(rows[0]!).every(([column, value]) => column === 'id' || value === null),
          'every detail null until given',
        );
        await assert.rejects(
          sql`insert into shelter (id) values (2)`.execute(store.db),
          'a second row is refused',
        );

        const migrator = new Migrator({
          db: store.db,
          provider: { getMigrations: async () => migrationsFor(store.dialect) },
          migrationTableSchema: store.schema,
        });
        const down = await migrator.migrateTo('2026-12-02-b-pet-published');
        assert.ifError(down.error);
        assert.equal((await scopesOf(store)).key_all, everyScopeBefore);
      } finally {
        await store.close();
        await remove();
      }
    });
  });
}
