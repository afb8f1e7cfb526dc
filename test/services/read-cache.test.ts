// Cached pages are never stale: a listing shows every pet created before it began, by this instance or by
// another one sharing the SQLite file (a worker, another process).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { KyselyPlugin, RootOperationNode } from 'kysely';
import { backends } from '../helpers/backends.js';
import { newPet } from '../helpers/http-calls.js';
import { startTestApp } from '../helpers/test-app.js';

/** Counts the statements that read the `pets` table, so that a test can tell a cached page from a loaded one. */
function petReads(): { plugin: KyselyPlugin; count: () => number } {
  let count = 0;
  const readsPets = (node: RootOperationNode) =>
    node.kind === 'SelectQueryNode' && JSON.stringify(node.from ?? {}).includes('"name":"pets"');
  return {
    plugin: {
      transformQuery({ node }) {
        if (readsPets(node)) count++;
        return node;
      },
      transformResult: async ({ result }) => result,
    },
    count: () => count,
  };
}

test('a page cached by one instance shows a pet created through another instance on the same file', async () => {
  const first = await startTestApp(backends[0]!);
  const reads = petReads();
  const reader = await first.instance({
    wrap: (store) => ({ ...store, db: store.db.withPlugin(reads.plugin) }),
  });
  const second = await first.instance();
  try {
    const list = async () =>
      (await reader.request({ url: '/v1/pets?limit=100&status=pending', headers: reader.auth })).json();
    assert.deepEqual(await list(), []);
    const loaded = reads.count();
    assert.ok(loaded > 0, 'the first read loads the page');
    assert.deepEqual(await list(), []);
    assert.equal(reads.count(), loaded, 'the second read is answered from the cache: no query of pets');

    const created = await newPet(second, { name: 'from elsewhere', status: 'pending' });
    assert.deepEqual(
      (await list()).map((pet: { id: number }) => pet.id),
      [created],
    );
    assert.ok(reads.count() > loaded, 'the change elsewhere made it load the page again');

    const local = await newPet(reader, { name: 'from here', status: 'pending' });
    assert.equal((await list()).length, 2, `then ${local}`);
  } finally {
    await second.close();
    await reader.close();
    await first.close();
  }
});
