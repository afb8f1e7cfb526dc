// The operator's `petstore` command: keys create, list and revoke, migrate, the Redis settings of the commands
// that change keys, and how bad input is refused.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { openStore } from '../../src/store/open-store.js';
import { backends, redisUrl } from '../helpers/backends.js';
import { storeArgs } from '../helpers/deployment-process.js';
import { newPet } from '../helpers/http-calls.js';
import { runCli } from '../helpers/run-cli.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

for (const backend of backends) {
  describe(`petstore keys on ${backend.name}`, () => {
    let t: TestApp;
    let args: string[];
    before(async () => {
      t = await startTestApp(backend);
      args = storeArgs(t.config);
    });
    after(() => t.close());

    test('create --json prints one object with id, key and plan; the key works until revoked', async () => {
      const created = await runCli([
        'keys',
        'create',
        '--plan',
        'pro',
        '--name',
        'shelter app',
        '--json',
        ...args,
      ]);
      assert.equal(created.code, 0, created.stderr);
      const issued = JSON.parse(created.stdout);
      assert.equal(issued.plan, 'pro');
      assert.equal(issued.name, 'shelter app');
      assert.match(issued.id, /^key_/);
      assert.match(issued.key, /^pet_live_[0-9A-Za-z]{36}$/);
      const auth = { authorization: `Bearer ${issued.key}` };
      assert.equal((await t.request({ url: '/v1/pets', headers: auth })).statusCode, 200);

      const listed = await runCli(['keys', 'list', '--json', ...args]);
      assert.equal(listed.code, 0, listed.stderr);
      const entry = JSON.parse(listed.stdout).find((k: { id: string }) => k.id === issued.id);
      assert.equal(entry.plan, 'pro');
      assert.equal(entry.key, undefined, 'a listing never shows the secret');
      assert.doesNotMatch(listed.stdout, new RegExp(issued.key));

      const table = await runCli(['keys', 'list', ...args]);
      assert.match(table.stdout, /^ID\s+NAME\s+PLAN/m);
      assert.match(table.stdout, new RegExp(`${issued.id}\\s+shelter app\\s+pro`));

      const revoked = await runCli(['keys', 'revoke', issued.id, ...args]);
      assert.equal(revoked.code, 0, revoked.stderr);
      const refused = await t.request({ url: '/v1/pets', headers: auth });
      assert.equal(refused.statusCode, 401);
      assert.equal(refused.json().code, 'api_key_revoked');
    });

    test('create --scopes and --expires-in, set-scopes and set-expiry; list and show print both', async () => {
      const created = await runCli([
        'keys',
        'create',
        '--plan',
        'free',
        '--name',
        'website',
        '--scopes',
        'pets:read',
        '--expires-in',
        '90d',
        '--json',
        ...args,
      ]);
      assert.equal(created.code, 0, created.stderr);
      const issued = JSON.parse(created.stdout);
      assert.deepEqual(issued.scopes, ['pets:read']);
      const ninetyDays = Date.parse(issued.expiresAt) - Date.parse(issued.createdAt);
      assert.ok(Math.abs(ninetyDays - 90 * 24 * 3600 * 1000) < 60_000, issued.expiresAt);
      const auth = { authorization: `Bearer ${issued.key}` };
      const post = () =>
        t.request({ method: 'POST', url: '/v1/pets', headers: auth, payload: { name: 'x', categoryId: 1 } });
      assert.equal((await t.request({ url: '/v1/pets', headers: auth })).statusCode, 200);
      assert.equal((await post()).statusCode, 403);

      const table = await runCli(['keys', 'list', ...args]);
      assert.equal(table.code, 0, table.stderr);
      assert.match(table.stdout, /SCOPES\s+EXPIRES/);
      assert.match(table.stdout, new RegExp(`${issued.id}.*\\spets:read\\s+${issued.expiresAt}`));

      const rescoped = await runCli(['keys', 'set-scopes', issued.id, 'pets:read,pets:write', ...args]);
      assert.match(rescoped.stdout, /now has the scopes pets:read,pets:write/);
      assert.equal((await post()).statusCode, 201, 'from the next request');

      const unknown = await runCli(['keys', 'set-scopes', issued.id, 'pets:read,pets:delete', ...args]);
      assert.notEqual(unknown.code, 0);
      assert.match(
        unknown.stderr,
        /unknown scope pets:delete; valid scopes: pets:read, pets:write, pets:remove, orders:write, orders:manage, events:read, catalog:write/,
      );

      const past = await runCli(['keys', 'set-expiry', issued.id, '2020-01-01T00:00:00Z', ...args]);
      assert.match(past.stdout, /already expired/);
      assert.equal((await t.request({ url: '/v1/pets', headers: auth })).json().code, 'api_key_expired');
      const never = await runCli(['keys', 'set-expiry', issued.id, 'never', ...args]);
      assert.match(never.stdout, /expires never/);
      const shown = await runCli(['keys', 'show', issued.id, ...args]);
      assert.match(shown.stdout, /Scopes: pets:read,pets:write\nExpiry: never/);

      const everything = JSON.parse(
        (await runCli(['keys', 'create', '--plan', 'free', '--name', 'all', '--json', ...args])).stdout,
      );
      assert.deepEqual(
        everything.scopes,
        [
          'pets:read',
          'pets:write',
          'pets:remove',
          'orders:write',
          'orders:manage',
          'events:read',
          'catalog:write',
          'applications:submit',
          'applications:read',
          'applications:manage',
          'shelter:write',
        ],
        'no --scopes: every scope',
      );
      assert.equal(everything.expiresAt, null);
      const both = await runCli([
        'keys',
        'create',
        '--plan',
        'free',
        '--name',
        'x',
        '--expires-in',
        '1d',
        '--expires-at',
        '2030-01-01T00:00:00Z',
        ...args,
      ]);
      assert.match(both.stderr, /not both/);
    });

    test('migrate reports an up-to-date database', async () => {
      const res = await runCli(['migrate', ...args]);
      assert.equal(res.code, 0, res.stderr);
      assert.match(res.stdout, /up to date/);
    });
  });
}

// The key commands take the servers' Redis settings: on PostgreSQL a change must move the data version there,
// or servers caching key records would go on accepting a revoked key. On SQLite the version is the database's
// own, and Redis is not reached.
const postgres = backends.find((backend) => backend.name === 'postgres');
const redisSetups = [
  { name: 'sqlite', backend: backends[0]!, settings: {} },
  ...(postgres && redisUrl
    ? [
        {
          name: 'postgres with Redis (key records cached)',
          backend: postgres,
          settings: { redisUrl, redisPrefix: `petstore-test:cli-keys:${process.pid}` },
        },
      ]
    : []),
];

for (const { name, backend, settings } of redisSetups) {
  describe(`petstore keys with --redis-url on ${name}`, () => {
    let t: TestApp;
    before(async () => {
      t = await startTestApp(backend, settings);
      // A first write sets the data version in Redis; until then nothing is cached there.
      await newPet(t);
    });
    after(() => t.close());

    test('keys revoke takes --redis-url and --redis-prefix, and the server refuses the key at once', async () => {
      const { id, key } = await t.newKey('pro');
      const auth = { authorization: `Bearer ${key}` };
      // Twice: the key record is then in the server's cache, where there is one.
      for (let i = 0; i < 2; i++)
        assert.equal((await t.request({ url: '/v1/pets', headers: auth })).statusCode, 200);
      const redis = [
        '--redis-url',
        t.config.redisUrl || 'redis://127.0.0.1:6379',
        '--redis-prefix',
        t.config.redisPrefix || 'petstore-test',
      ];
      const revoked = await runCli(['keys', 'revoke', id, ...storeArgs(t.config), ...redis]);
      assert.equal(revoked.code, 0, revoked.stderr);
      const refused = await t.request({ url: '/v1/pets', headers: auth });
      assert.equal(refused.json().code, 'api_key_revoked');
    });
  });
}

describe('petstore refuses bad input with a message that names it', () => {
  const cases: Array<[string, string[], RegExp]> = [
    [
      'an unknown plan',
      ['keys', 'create', '--plan', 'gold', '--name', 'x'],
      /--plan.*gold.*free, pro, business, enterprise/,
    ],
    ['a missing name', ['keys', 'create', '--plan', 'free'], /--name/],
    [
      'enterprise without quotas',
      ['keys', 'create', '--plan', 'enterprise', '--name', 'x'],
      /--per-minute and --per-day/,
    ],
    [
      'quotas on a published plan',
      ['keys', 'create', '--plan', 'free', '--name', 'x', '--per-minute', '5'],
      /only to --plan enterprise/,
    ],
    [
      'a bad quota',
      ['keys', 'create', '--plan', 'enterprise', '--name', 'x', '--per-minute', '-1', '--per-day', '9'],
      /--per-minute must be a positive integer/,
    ],
    ['an unknown flag', ['serve', '--prot', '3000'], /unknown option '--prot'/],
    ['a bad port', ['serve', '--port', 'http'], /PORT \(--port\) must be a whole number from 0 to 65535/],
    ['a bad log level', ['serve', '--log-level', 'loud'], /LOG_LEVEL \(--log-level\) must be one of/],
    ['an unknown key id', ['keys', 'revoke', 'key_nope'], /No API key with id key_nope/],
    ['an unknown command', ['feed', 'pets'], /unknown command 'feed'/],
    [
      'a database URL of another kind',
      ['keys', 'list', '--database-url', 'mysql://x'],
      /DATABASE_URL \(--database-url\) must be a URL starting with postgres:\/\//,
    ],
  ];
  let dataDir: string;
  let removeData: () => Promise<void>;
  before(async () => {
    const deployment = backends[0]!.freshDeployment();
    dataDir = deployment.config.dataDir;
    removeData = deployment.remove;
    await (await openStore(deployment.config)).close(); // a deployment that exists: only the input is wrong
  });
  after(() => removeData());

  for (const [what, args, message] of cases) {
    test(what, async () => {
      const res = await runCli([...args, '--data-dir', dataDir]);
      assert.notEqual(res.code, 0);
      assert.match(res.stderr, message);
    });
  }

  test('an environment variable with a bad value is named too', async () => {
    const res = await runCli(['keys', 'list', '--data-dir', dataDir], { PETSTORE_ENV: 'prod' });
    assert.notEqual(res.code, 0);
    assert.match(res.stderr, /PETSTORE_ENV \(--env\) must be one of production, staging, got "prod"/);
  });
});
