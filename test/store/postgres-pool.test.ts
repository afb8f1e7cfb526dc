// The PostgreSQL pool size and statement timeout settings take effect: a statement past the timeout is
// cancelled and counts as "unavailable" (503), and no more connections open than the pool size allows.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { openStore } from '../../src/store/open-store.js';
import type { Store } from '../../src/store/store.js';
import { backends } from '../helpers/backends.js';

const postgres = backends.find((backend) => backend.name === 'postgres');

/** A fresh PostgreSQL deployment with a pool of two, for the enclosing suite; call the result for its store. */
function poolOfTwo(statementTimeoutMs: number): () => Store {
  const deployment = postgres?.freshDeployment({ databasePoolSize: 2, statementTimeoutMs });
  let store: Store;
  before(async () => {
    store = await openStore(deployment!.config);
  });
  after(async () => {
    await store?.close();
    await deployment?.remove();
  });
  return () => store;
}

describe('PostgreSQL pool and statement timeout', { skip: !postgres && 'no PostgreSQL' }, () => {
  const storeOf = poolOfTwo(300);

  test('a statement running past the timeout is cancelled, and classed as unavailable', async () => {
    const store = storeOf();
    const error = await sql`select pg_sleep(2)`.execute(store.db).then(
      () => assert.fail('the statement was not cancelled'),
      (e: unknown) => e,
    );
    assert.equal((error as { code?: string }).code, '57014');
    assert.ok(store.isUnavailable(error));
  });
});

describe('PostgreSQL pool size', { skip: !postgres && 'no PostgreSQL' }, () => {
  // A generous wait for a connection, so that a busy machine does not turn waiting into a timeout.
  const storeOf = poolOfTwo(10_000);

  test('no more connections than the pool size; the rest wait', async () => {
    const store = storeOf();
    const queries = Array.from({ length: 5 }, () => sql`select pg_sleep(0.05)`.execute(store.db));
    await new Promise((resolve) => setImmediate(resolve));
    const during = store.poolStats()!;
    await Promise.all(queries);
    assert.equal(during.max, 2);
    assert.ok(during.total <= 2, `total ${during.total}`);
    assert.ok(during.waiting >= 3, `waiting ${during.waiting}`);
  });
});

describe('PostgreSQL connection lost while checked out', { skip: !postgres && 'no PostgreSQL' }, () => {
  const storeOf = poolOfTwo(10_000);

  // The pool stops listening for a client's errors while it is checked out; a server that goes away then
  // (a crash, a failover, an operator's pg_terminate_backend) must fail the work, not the whole process.
  test('the transaction fails as unavailable, the process lives on, and the pool recovers', async () => {
    const store = storeOf();
    const error = await store.db
      .transaction()
      .execute(async (trx) => {
        const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
        await sql`select pg_terminate_backend(${rows[0]!.pid})`.execute(store.db);
        // The client hears of its end between two queries, while no query is waiting for it.
        await new Promise((resolve) => setTimeout(resolve, 200));
        await sql`select 1`.execute(trx);
      })
      .then(
        () => assert.fail('the transaction outlived its connection'),
        (e: unknown) => e,
      );
    assert.ok(store.isUnavailable(error), String(error));
    await sql`select 1`.execute(store.db);
  });
});
