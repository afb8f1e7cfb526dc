// The petstore command on every backend: migrate and keys use the database the settings name, a database
// migrated by a newer release stops every command, and a bad setting stops the start naming the setting.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { after, describe, test } from 'node:test';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { ConfigError, loadConfig, type SettingName } from '../../src/config.js';
import { openStore } from '../../src/store/open-store.js';
import { backends } from '../helpers/backends.js';
import { envOf } from '../helpers/server-process.js';

const cliEntry = new URL('../../src/cli/main.ts', import.meta.url).pathname;

/** Runs `petstore ARGS` with only the given environment; resolves with its exit code and output. */
async function petstore(args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', cliEntry, ...args],
      {
        env: { PATH: process.env.PATH ?? '', ...env },
      },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const { code, stdout, stderr } = error as { code: number; stdout: string; stderr: string };
    return { code, stdout, stderr };
  }
}

for (const backend of backends) {
  describe(`petstore migrate and keys on ${backend.name}`, () => {
    const deployment = backend.freshDeployment();
    const env = envOf(deployment.config);
    after(() => deployment.remove());

    test('migrate applies the migrations once, then finds nothing to do', async () => {
      const first = await petstore(['migrate'], env);
      assert.equal(first.code, 0, first.stderr);
      assert.match(first.stdout, /^Applied: 2026-11-22-initial$/m);
      const again = await petstore(['migrate'], env);
      assert.match(again.stdout, /up to date/);
    });

    test('keys create and keys list work on the same database', async () => {
      const created = await petstore(['keys', 'create', '--plan', 'pro', '--name', 'cli', '--json'], env);
      assert.equal(created.code, 0, created.stderr);
      const issued = JSON.parse(created.stdout);
      assert.match(issued.key, /^pet_live_/);
      const listed = JSON.parse((await petstore(['keys', 'list', '--json'], env)).stdout);
      assert.deepEqual(
        listed.map((key: { id: string }) => key.id),
        [issued.id],
      );
      assert.doesNotMatch(JSON.stringify(listed), new RegExp(issued.key));
    });

    test('a database migrated by a newer release stops migrate and serve with a clear message', async () => {
      const store = await openStore(deployment.config);
      await sql`insert into kysely_migration (name, timestamp) values ('2099-01-01-future', '2099-01-01')`.execute(
        store.db,
      );
      await store.close();
      for (const args of [['migrate'], ['serve', '--port', '0', '--no-migrate']]) {
        const res = await petstore(args, env);
        assert.equal(res.code, 1, args.join(' '));
        assert.match(
          res.stderr,
          /migrations this version does not know \(2099-01-01-future\).*newer version/,
        );
      }
    });
  });
}

const badSettings: Array<[Partial<Record<SettingName, unknown>>, RegExp]> = [
  [{ workers: 0 }, /PETSTORE_WORKERS \(--workers\) must be >= 1, got 0/],
  [{ metricsPort: 70000 }, /PETSTORE_METRICS_PORT \(--metrics-port\) must be <= 65535/],
  [{ databaseUrl: 'mysql://db/x' }, /DATABASE_URL \(--database-url\) must match/],
  [{ databasePoolSize: 0 }, /PETSTORE_DATABASE_POOL_SIZE \(--database-pool-size\) must be >= 1/],
  [{ env: 'qa' }, /PETSTORE_ENV \(--env\) must be one of production, staging, got "qa"/],
];
for (const [overrides, message] of badSettings) {
  test(`a bad setting is refused naming it: ${JSON.stringify(overrides)}`, () => {
    assert.throws(
      () => loadConfig({}, overrides),
      (error: Error) => error instanceof ConfigError && message.test(error.message),
    );
  });
}

test('serve with a bad setting exits 1 naming the setting, before touching anything', async () => {
  const res = await petstore(['serve', '--workers', 'many'], {});
  assert.equal(res.code, 1);
  assert.match(res.stderr, /PETSTORE_WORKERS \(--workers\) must be integer, got "many"/);
});
