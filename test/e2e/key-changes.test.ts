// Changes to a key made elsewhere (set-scopes, set-expiry, revoke) apply from the very next request of a
// server running in another process, key cache included: on SQLite through its change token, on PostgreSQL
// with Redis through the data version there, on PostgreSQL alone through its data_version sequence.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { backends, redisUrl } from '../helpers/backends.js';
import { envOf, startServerProcess, type ServerProcess } from '../helpers/server-process.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

const postgres = backends.find((backend) => backend.name === 'postgres');
const setups = [
  ...backends.map((backend) => ({ name: backend.name, backend, settings: {} })),
  ...(postgres && redisUrl
    ? [
        {
          name: 'postgres with Redis (key records cached)',
          backend: postgres,
          settings: { redisUrl, redisPrefix: `petstore-test:key-changes:${process.pid}` },
        },
      ]
    : []),
];

for (const { name, backend, settings } of setups) {
  describe(`key changes reach another server process on ${name}`, () => {
    let t: TestApp;
    let server: ServerProcess;
    before(async () => {
      t = await startTestApp(backend, settings);
      // A cold start under tsx on a busy machine can take a while.
      server = await startServerProcess([], envOf(t.config), 60_000);
      // A first write sets the data version where it lives in Redis; until then nothing is cached there.
      const created = await fetch(`${server.url}/v1/pets`, {
        method: 'POST',
        headers: { ...t.auth, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Rex', categoryId: 1 }),
      });
      assert.equal(created.status, 201);
    });
    after(async () => {
      await server.stop();
      await t.close();
    });

    const call = async (key: string, method = 'GET') => {
      const res = await fetch(`${server.url}/v1/pets`, {
        method,
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: method === 'POST' ? JSON.stringify({ name: 'Rex', categoryId: 1 }) : undefined,
      });
      const body = (await res.json()) as { code?: string };
      return `${res.status}${body.code ? ` ${body.code}` : ''}`;
    };

    test('set-scopes, set-expiry and revoke each hold from the next request', async () => {
      const { apiKeys } = t.app.services;
      const { id, key } = await apiKeys.create({ name: 'partner', plan: 'pro', scopes: ['pets:read'] });
      // Each request before a change also puts the key in the server's cache, where there is one.
      assert.equal(await call(key, 'POST'), '403 insufficient_scope');
      await apiKeys.setScopes(id, ['pets:read', 'pets:write']);
      assert.equal(await call(key, 'POST'), '201');
      await apiKeys.setScopes(id, ['orders:write']);
      assert.equal(await call(key), '403 insufficient_scope');
      await apiKeys.setScopes(id, ['pets:read']);
      assert.equal(await call(key), '200');

      await apiKeys.setExpiry(id, Date.now() - 1000);
      assert.equal(await call(key), '401 api_key_expired');
      await apiKeys.setExpiry(id, null);
      assert.equal(await call(key), '200');

      await apiKeys.revoke(id);
      assert.equal(await call(key), '401 api_key_revoked');
    });
  });
}
