// `petstore migrate` on every backend: it migrates a fresh database once, and a database migrated by a
// newer release stops it and `serve` with a message naming the unknown migration.
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { sql } from 'kysely';
import { migrationsFor } from '../../src/store/migrations/index.js';
import { openStore } from '../../src/store/open-store.js';
import { backends } from '../helpers/backends.js';
import { runCli as petstore } from '../helpers/run-cli.js';
import { envOf } from '../helpers/server-process.js';

for (const backend of backends) {
  describe(`petstore migrate on ${backend.name}`, () => {
    const deployment = backend.freshDeployment();
    const env = envOf(deployment.config);
    after(() => deployment.remove());

    test('migrate applies the migrations once, then finds nothing to do', async () => {
      const first = await petstore(['migrate'], env);
      assert.equal(first.code, 0, first.stderr);
      const all = Object.keys(migrationsFor(backend.name)).sort();
      assert.equal(all[0], '2026-11-22-initial');
      assert.match(first.stdout, new RegExp(`^Applied: ${all.join(', ')}$`, 'm'));
      const again = await petstore(['migrate'], env);
      assert.match(again.stdout, /up to date/);
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
