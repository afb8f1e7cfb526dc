// Cached pages are never stale: a listing shows every pet created before it began, by this instance or by
// another one sharing the SQLite file (a worker, another process).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildApp } from '../../src/app.js';
import { openStore } from '../../src/store/open-store.js';
import { backends } from '../helpers/backends.js';
import { startTestApp } from '../helpers/test-app.js';

test('a page cached by one instance shows a pet created through another instance on the same file', async () => {
  const first = await startTestApp(backends[0]!);
  const second = await buildApp({ config: first.config, store: await openStore(first.config) });
  try {
    const list = async () =>
      (await first.request({ url: '/v1/pets?limit=100&status=pending', headers: first.auth })).json();
    assert.deepEqual(await list(), []);
    assert.deepEqual(await list(), [], 'read twice, so the page is cached');

    const created = await second.inject({
      method: 'POST',
      url: '/v1/pets',
      headers: first.auth,
      payload: { name: 'from elsewhere', categoryId: 1, status: 'pending' },
    });
    assert.equal(created.statusCode, 201);
    assert.deepEqual(
      (await list()).map((pet: { id: number }) => pet.id),
      [created.json().id],
    );

    const local = await first.request({
      method: 'POST',
      url: '/v1/pets',
      headers: first.auth,
      payload: { name: 'from here', categoryId: 1, status: 'pending' },
    });
    assert.equal((await list()).length, 2, `then ${local.json().id}`);
  } finally {
    await second.close();
    await first.close();
  }
});
