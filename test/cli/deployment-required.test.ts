// Only `migrate` and `serve` create a deployment: administrative commands, and `serve --no-migrate`, refuse
// one that does not exist with a message saying to run `petstore migrate`, and leave nothing behind.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { openStore } from '../../src/store/open-store.js';
import { backends } from '../helpers/backends.js';
import { runCli as petstore } from '../helpers/run-cli.js';
import { envOf } from '../helpers/server-process.js';

const refusal = /^petstore: No deployment at .+: run `petstore migrate` to create it/m;

for (const backend of backends) {
  describe(`a deployment that does not exist, on ${backend.name}`, () => {
    const deployment = backend.freshDeployment();
    const env = envOf(deployment.config);
    after(() => deployment.remove());

    const commands = [
      ['keys', 'list'],
      ['keys', 'create', '--name', 'x', '--plan', 'free'],
      ['serve', '--no-migrate', '--port', '0'],
    ];
    for (const args of commands) {
      test(`${args.join(' ')} refuses it and creates nothing`, async () => {
        const res = await petstore(args, env);
        assert.equal(res.code, 1, res.stdout);
        assert.match(res.stderr, refusal);
        await assert.rejects(
          openStore(deployment.config, { create: false }),
          /No deployment at/,
          'still none',
        );
      });
    }

    test('migrate creates it; then the administrative commands work on it', async () => {
      const migrated = await petstore(['migrate'], env);
      assert.equal(migrated.code, 0, migrated.stderr);
      const listed = await petstore(['keys', 'list'], env);
      assert.equal(listed.code, 0, listed.stderr);
    });
  });
}

test('keys list --data-dir on a mistyped folder refuses, without creating the folder', async () => {
  const typo = join(backends[0]!.freshDeployment().config.dataDir, 'no-such-folder');
  const res = await petstore(['keys', 'list', '--data-dir', typo]);
  assert.equal(res.code, 1);
  assert.match(res.stderr, refusal);
  assert.ok(!existsSync(typo));
});

// Node 20's recursive mkdir spun forever there: the timeout is what fails the test if that comes back.
test(
  '--data-dir where no folder can be made fails with a message, instead of hanging',
  { timeout: 90_000 },
  async () => {
    const res = await petstore(['migrate', '--data-dir', '/proc/petstore-cannot-be-here/data']);
    assert.equal(res.code, 1);
    assert.match(
      res.stderr,
      /The data folder \/proc\/petstore-cannot-be-here\/data cannot be created \(.+\)\. Choose another/,
    );
  },
);
