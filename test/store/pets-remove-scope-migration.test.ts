// The split of `pets:remove` from `pets:write` on a deployment from before it: every key that could remove a
// pet still can, and no other key gains anything. On every backend.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { sql } from 'kysely';
import { migrateToLatest } from '../../src/store/migrations/index.js';
import { backends } from '../helpers/backends.js';
import { openBefore } from '../helpers/older-deployment.js';

const keys = {
  writer: 'pets:read pets:write',
  reader: 'pets:read',
  orders: 'orders:write orders:manage',
  everything:
    'pets:read pets:write orders:write orders:manage events:read catalog:write applications:submit applications:read applications:manage',
};

for (const backend of backends) {
  describe(`the pets:remove migration on ${backend.name}`, () => {
    test('keys holding pets:write gain pets:remove right after it; the others are unchanged', async () => {
      const { config, remove } = backend.freshDeployment({ migrate: false });
      const store = await openBefore(config, '2026-12-02-d-pets-remove-scope');
      try {
        for (const [id, scopes] of Object.entries(keys)) {
          await sql`insert into api_keys (id, name, plan, key_hash, key_hint, created_at, scopes)
                    values (${id}, ${id}, 'free', ${`hash-${id}`}, 'abcd', 1, ${scopes})`.execute(store.db);
        }
        assert.ok((await migrateToLatest(store)).includes('2026-12-02-d-pets-remove-scope'));
        const rows = await store.db.selectFrom('api_keys').select(['id', 'scopes']).execute();
        const after = Object.fromEntries(rows.map((row) => [row.id, row.scopes]));
        assert.equal(after.writer, 'pets:read pets:write pets:remove');
        assert.equal(after.reader, 'pets:read');
        assert.equal(after.orders, 'orders:write orders:manage');
        assert.match(after.everything!, /^pets:read pets:write pets:remove orders:write /);
      } finally {
        await store.close();
        await remove();
      }
    });
  });
}
