// "Last used" is kept without a read writing on its way: a request leaves the SQLite change token (and so
// every read cache) alone, a failing write never fails a read, and the batch written later is what
// `keys list` and `keys show` report, on every backend.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { backends } from '../helpers/backends.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

for (const backend of backends) {
  describe(`last used on ${backend.name}`, () => {
    let t: TestApp;
    let now = Date.parse('2026-11-24T10:00:00Z');
    before(async () => {
      t = await startTestApp(backend, {}, { clock: () => now });
    });
    after(() => t.close());

    test('is noted by a request, written in a batch, and shown by keys list and show', async () => {
      const { id, key } = await t.newKey('pro');
      assert.equal((await t.app.services.apiKeys.get(id)).lastUsedAt, null);
      assert.equal(
        (await t.request({ url: '/v1/pets', headers: { authorization: `Bearer ${key}` } })).statusCode,
        200,
      );
      const stored = () =>
        t.app.store.db.selectFrom('api_key_usage').selectAll().where('key_id', '=', id).execute();
      assert.deepEqual(await stored(), [], 'nothing is written on the request path');
      assert.equal((await t.app.services.apiKeys.get(id)).lastUsedAt, new Date(now).toISOString());
      await t.app.services.apiKeys.usage.flush();
      assert.deepEqual(
        (await stored()).map((row) => Number(row.last_used_at)),
        [now],
      );
      now += 61_000;
      await t.request({ url: '/v1/pets', headers: { authorization: `Bearer ${key}` } });
      await t.app.services.apiKeys.usage.flush();
      const listed = (await t.app.services.apiKeys.list()).find((k) => k.id === id)!;
      assert.equal(listed.lastUsedAt, new Date(now).toISOString());
    });

    if (backend.name === 'sqlite') {
      test('a request and the batch leave the change token, and so the read caches, alone', async () => {
        const { key } = await t.newKey('pro');
        const auth = { authorization: `Bearer ${key}` };
        await t.request({ url: '/v1/pets', headers: t.auth });
        const token = t.app.store.changeToken();
        now += 61_000;
        assert.equal((await t.request({ url: '/v1/pets', headers: auth })).statusCode, 200);
        assert.equal((await t.request({ url: '/v1/pets', headers: t.auth })).statusCode, 200);
        assert.equal(t.app.store.changeToken(), token, 'a read moved the change token');
        await t.app.services.apiKeys.usage.flush();
        assert.equal(t.app.store.changeToken(), token, 'the batch moved the change token');
      });

      test('a database that refuses writes does not fail a read; the uses are written once it takes them', async () => {
        const { id, key } = await t.newKey('pro');
        now += 61_000;
        await sql`pragma query_only = on`.execute(t.app.store.db);
        try {
          const res = await t.request({ url: '/v1/pets', headers: { authorization: `Bearer ${key}` } });
          assert.equal(res.statusCode, 200, res.body);
          await assert.rejects(t.app.services.apiKeys.usage.flush());
        } finally {
          await sql`pragma query_only = off`.execute(t.app.store.db);
        }
        await t.app.services.apiKeys.usage.flush();
        const rows = await t.app.store.db
          .selectFrom('api_key_usage')
          .selectAll()
          .where('key_id', '=', id)
          .execute();
        assert.deepEqual(
          rows.map((row) => Number(row.last_used_at)),
          [now],
        );
      });
    }
  });
}
