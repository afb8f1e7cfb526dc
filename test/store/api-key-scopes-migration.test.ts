// The scopes migration on a database from before it: existing keys keep every scope and never expire.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Migrator, sql } from 'kysely';
import { createServices } from '../../src/services/index.js';
import { migrateToLatest, migrationsFor } from '../../src/store/migrations/index.js';
import { openStore } from '../../src/store/open-store.js';
import { backends } from '../helpers/backends.js';

for (const backend of backends) {
  test(`on ${backend.name}, keys issued before 2026-11-24-b-api-key-scopes hold every scope after it`, async () => {
    const deployment = backend.freshDeployment();
    const store = await openStore({ ...deployment.config, migrate: false }, { create: true });
    try {
      const migrator = new Migrator({
        db: store.db,
        provider: { getMigrations: async () => migrationsFor(store.dialect) },
        migrationTableSchema: store.schema,
      });
      const { error } = await migrator.migrateTo('2026-11-23-c-idempotency-records');
      assert.ifError(error);
      await sql`insert into api_keys (id, name, plan, key_hash, key_hint, created_at)
                values ('key_old', 'old', 'free', 'hash', 'abcd', 1)`.execute(store.db);
      // Other migrations of the same day may apply too; this one must be among them.
      assert.ok((await migrateToLatest(store)).includes('2026-11-24-b-api-key-scopes'));
      const old = await (await createServices(deployment.config, store)).apiKeys.get('key_old');
      assert.deepEqual(old.scopes, [
        'pets:read',
        'pets:write',
        // Gained with the split of removals from edits (2026-12-02-d-pets-remove-scope).
        'pets:remove',
        'orders:write',
        'orders:manage',
        'events:read',
        // Gained with the catalogue (2026-11-28-b-catalog), as every key that held every scope.
        'catalog:write',
        // Gained with applications (2026-12-01-b-applications), likewise.
        'applications:submit',
        'applications:read',
        'applications:manage',
        // Gained with the shelter's details (2026-12-02-c-shelter), likewise.
        'shelter:write',
      ]);
      assert.equal(old.expiresAt, null);
    } finally {
      await store.close();
      await deployment.remove();
    }
  });
}
