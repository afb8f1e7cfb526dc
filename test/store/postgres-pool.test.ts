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
