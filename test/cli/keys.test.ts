// The operator's `petstore` command: keys create, list and revoke, migrate, and how bad input is refused.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { backends } from '../helpers/backends.js';
import { storeArgs } from '../helpers/deployment-process.js';
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

    test('migrate reports an up-to-date database', async () => {
      const res = await runCli(['migrate', ...args]);
      assert.equal(res.code, 0, res.stderr);
      assert.match(res.stdout, /up to date/);
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
    ['a bad port', ['serve', '--port', 'http'], /PORT \(--port\) must be integer/],
    ['a bad log level', ['serve', '--log-level', 'loud'], /LOG_LEVEL \(--log-level\) must be one of/],
    ['an unknown key id', ['keys', 'revoke', 'key_nope'], /No API key with id key_nope/],
    ['an unknown command', ['feed', 'pets'], /unknown command 'feed'/],
    [
      'a database URL of another kind',
      ['keys', 'list', '--database-url', 'mysql://x'],
      /DATABASE_URL \(--database-url\) must match/,
    ],
  ];
  let dataDir: string;
  let removeData: () => Promise<void>;
  before(() => {
    const deployment = backends[0]!.freshDeployment();
    dataDir = deployment.config.dataDir;
    removeData = deployment.remove;
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
