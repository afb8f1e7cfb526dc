// Cached pages are never stale: a listing shows every pet created before it began, by this instance or by
// another one sharing the SQLite file (a worker, another process).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { backends } from '../helpers/backends.js';
import { newPet } from '../helpers/http-calls.js';
import { startTestApp } from '../helpers/test-app.js';

test('a page cached by one instance shows a pet created through another instance on the same file', async () => {
  const first = await startTestApp(backends[0]!);
  const second = await first.instance();
  try {
    const list = async () =>
      (await first.request({ url: '/v1/pets?limit=100&status=pending', headers: first.auth })).json();
    assert.deepEqual(await list(), []);
    assert.deepEqual(await list(), [], 'read twice, so the page is cached');

    const created = await newPet(second, { name: 'from elsewhere', status: 'pending' });
    assert.deepEqual(
      (await list()).map((pet: { id: number }) => pet.id),
      [created],
    );

    const local = await newPet(first, { name: 'from here', status: 'pending' });
    assert.equal((await list()).length, 2, `then ${local}`);
  } finally {
    await second.close();
    await first.close();
  }
});
