// Changes to a key made elsewhere (set-scopes, set-expiry, revoke) apply from the very next request of a
// server running in another process, key cache included: on SQLite through its change token, on PostgreSQL
// with Redis through the data version there, on PostgreSQL alone through its data_version sequence.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { backends, redisUrl } from '../helpers/backends.js';
import { envOf, startServerProcess, type ServerProcess } from '../helpers/server-process.js';
import { runCli } from '../helpers/run-cli.js';
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

// A command run without the servers' Redis settings would advance a version no server reads: the key it
// revoked would go on working from their caches while `keys show` said revoked. It is refused instead.
if (postgres && redisUrl) {
  describe('a key change made without the Redis settings the servers have', () => {
    const settings = { redisUrl, redisPrefix: `petstore-test:version-home:${process.pid}` };
    let t: TestApp;
    let server: ServerProcess;
    before(async () => {
      t = await startTestApp(postgres, settings);
      server = await startServerProcess([], envOf(t.config), 60_000);
    });
    after(async () => {
      await server.stop();
      await t.close();
    });

    const status = async (key: string) =>
      (await fetch(`${server.url}/v1/pets`, { headers: { authorization: `Bearer ${key}` } })).status;

    test('is refused, changing nothing; with them, it holds from the next request', async () => {
      const { id, key } = await t.app.services.apiKeys.create({ name: 'leaked', plan: 'pro' });
      assert.equal(await status(key), 200, 'the key is now in the server’s cache');
      const serversEnv = envOf(t.config);
      const { REDIS_URL, PETSTORE_REDIS_PREFIX, ...withoutRedis } = serversEnv;
      assert.ok(REDIS_URL && PETSTORE_REDIS_PREFIX);
      for (const env of [withoutRedis, { ...serversEnv, PETSTORE_REDIS_PREFIX: 'petstore-test:another' }]) {
        const refused = await runCli(['keys', 'revoke', id], env);
        assert.equal(refused.code, 1, refused.stdout);
        assert.match(
          refused.stderr,
          /servers keep their cache versions in Redis, under the prefix petstore-test:version-home/,
        );
        assert.match(refused.stderr, /Nothing was changed/);
        assert.equal((await t.app.services.apiKeys.get(id)).revokedAt, null);
        assert.equal(await status(key), 200);
      }
      const revoked = await runCli(['keys', 'revoke', id], serversEnv);
      assert.equal(revoked.code, 0, revoked.stderr);
      assert.equal(await status(key), 401);
    });

    test('an instance started without the Redis settings of the last one says so', async () => {
      const { REDIS_URL, PETSTORE_REDIS_PREFIX, ...withoutRedis } = envOf(t.config);
      assert.ok(REDIS_URL && PETSTORE_REDIS_PREFIX);
      const other = await startServerProcess([], { ...withoutRedis, LOG_LEVEL: 'warn' }, 60_000);
      try {
        await other.waitForOutput(
          /kept its cache versions in Redis, under the prefix petstore-test:version-home/,
          1,
          20_000,
        );
      } finally {
        await other.stop();
      }
    });
  });
}
