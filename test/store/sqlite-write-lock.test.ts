// Several processes share one SQLite file (workers, the CLI). A transaction that reads and then writes must
// hold the write lock from its start: had it begun as a reader, a commit from another process in between
// would leave its snapshot stale, and its first write would fail at once (SQLITE_BUSY_SNAPSHOT), a 503 for
// a request that did nothing wrong.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import SqliteDatabase from 'better-sqlite3';
import { openStore } from '../../src/store/open-store.js';
import { backends } from '../helpers/backends.js';

const pet = { name: 'a', category_id: 1, status: 'available' as const, created_at: 0, updated_at: 0 };

test('SQLite: another process’s commit cannot come between a transaction’s read and its write', async () => {
  const { config, remove } = backends[0]!.freshDeployment();
  const store = await openStore(config);
  const other = new SqliteDatabase(store.location, { timeout: 20 }); // as another worker would hold it
  let otherCommitted = true;
  try {
    await store.db.transaction().execute(async (trx) => {
      await trx.selectFrom('pets').select('id').execute();
      try {
        other
          .prepare(
            "insert into pets (name, category_id, status, created_at, updated_at) values ('b', 1, 'available', 0, 0)",
          )
          .run();
      } catch {
        otherCommitted = false; // it waits for the lock, as a real process would until the commit
      }
      await trx.insertInto('pets').values(pet).execute();
    });
    assert.equal(otherCommitted, false, 'the other process waited for the transaction');
    const names = await store.db.selectFrom('pets').select('name').execute();
    assert.deepEqual(
      names.map((row) => row.name),
      ['a'],
    );
  } finally {
    other.close();
    await store.close();
    await remove();
  }
});
