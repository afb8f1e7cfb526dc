// The change token moves whenever the data may have changed, whoever changed it, and is absent where it
// cannot be had cheaply (PostgreSQL), so that caches built on it are never stale.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { openStore } from '../../src/store/open-store.js';
import { backends } from '../helpers/backends.js';

const pet = { name: 'a', category_id: 1, status: 'available' as const, created_at: 0, updated_at: 0 };

test('SQLite: the token moves with this connection’s writes and with another process’s commits', async () => {
  const { config, remove } = backends[0]!.freshDeployment();
  const mine = await openStore(config);
  const other = await openStore(config); // a second connection, as a worker or the CLI would have
  try {
    const start = mine.changeToken();
    await mine.db.selectFrom('pets').selectAll().execute();
    assert.equal(mine.changeToken(), start, 'reads leave it alone');

    await mine.db.insertInto('pets').values(pet).execute();
    const afterOwnWrite = mine.changeToken();
    assert.notEqual(afterOwnWrite, start);

    await other.db.insertInto('pets').values(pet).returningAll().execute();
    assert.notEqual(mine.changeToken(), afterOwnWrite, 'another connection’s commit is seen');

    const settled = mine.changeToken();
    await mine.db.transaction().execute(async (trx) => {
      await trx.updateTable('pets').set({ name: 'b' }).execute();
    });
    assert.notEqual(mine.changeToken(), settled, 'a transaction counts');

    // No cache shows the tables of key usage or webhooks; their transactions must not empty the caches.
    const beforeUncached = mine.changeToken();
    await mine.db.transaction().execute(async (trx) => {
      await trx.selectFrom('pets').selectAll().execute();
      await trx.updateTable('api_key_usage').set({ last_used_at: 1 }).execute();
    });
    assert.equal(mine.changeToken(), beforeUncached, 'a transaction that writes no cached table');
    await mine.db
      .transaction()
      .execute(async () => {
        throw new Error('rolled back');
      })
      .catch(() => {});
    assert.equal(mine.changeToken(), beforeUncached, 'a transaction rolled back without writing');
  } finally {
    await mine.close();
    await other.close();
    await remove();
  }
});

const postgres = backends.find((backend) => backend.name === 'postgres');
test(
  'PostgreSQL offers no change token (its data version is a sequence, src/speed/versions.ts)',
  { skip: !postgres && 'no PostgreSQL' },
  async () => {
    const { config, remove } = postgres!.freshDeployment();
    const store = await openStore(config);
    try {
      assert.equal(store.changeToken(), undefined);
    } finally {
      await store.close();
      await remove();
    }
  },
);
