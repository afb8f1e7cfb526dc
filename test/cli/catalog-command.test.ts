// `petstore categories list|add|rename` and `petstore breeds list|add|import` as a user runs them: child
// processes talking HTTP to a listening app, on every backend.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { backends } from '../helpers/backends.js';
import { runCli } from '../helpers/run-cli.js';
import { startSdkServer, type SdkServer } from '../helpers/sdk-server.js';

for (const backend of backends) {
  describe(`petstore categories and breeds on ${backend.name}`, () => {
    let server: SdkServer;
    let env: Record<string, string>;
    const dir = mkdtempSync(join(tmpdir(), 'petstore-breeds-'));
    before(async () => {
      server = await startSdkServer(backend);
      env = { PETSTORE_URL: server.baseUrl, PETSTORE_API_KEY: server.key };
    });
    after(async () => {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    });

    const petstore = async (...args: string[]) => {
      const res = await runCli(args, env);
      assert.equal(res.code, 0, res.stderr);
      return res.stdout;
    };
    const file = (name: string, text: string) => {
      writeFileSync(join(dir, name), text);
      return join(dir, name);
    };

    test('categories list, add and rename print a table, or JSON with --json', async () => {
      assert.match(await petstore('categories', 'list'), /^ID\s+NAME\n1\s+Dog\n2\s+Cat\n/);
      const added = JSON.parse(await petstore('categories', 'add', 'Ferret', '--json'));
      assert.equal(added.name, 'Ferret');
      assert.deepEqual(
        JSON.parse(await petstore('categories', 'rename', String(added.id), 'Ferrets', '--json')),
        {
          id: added.id,
          name: 'Ferrets',
        },
      );
      assert.deepEqual(JSON.parse(await petstore('categories', 'list', '--json')).at(-1), {
        id: added.id,
        name: 'Ferrets',
      });
      const taken = await runCli(['categories', 'add', 'dog'], env);
      assert.equal(taken.code, 1);
      assert.match(
        taken.stderr,
        /A category named "Dog" already exists \(id 1\).*\(category_exists, HTTP 409/,
      );
    });

    test('breeds list and add; a key without catalog:write is refused', async () => {
      const dogs = JSON.parse(await petstore('breeds', 'list', '1', '--json'));
      assert.ok(dogs.some((breed: { name: string }) => breed.name === 'Mixed Breed'));
      assert.match(await petstore('breeds', 'add', '1', 'Dingo'), /^ID\s+NAME\n\d+\s+Dingo\n$/);
      const { key } = await server.app.services.apiKeys.create({
        name: 'ro',
        plan: 'free',
        scopes: ['pets:read'],
      });
      const refused = await runCli(['breeds', 'add', '1', 'Kelpie'], { ...env, PETSTORE_API_KEY: key });
      assert.equal(refused.code, 1);
      assert.match(refused.stderr, /catalog:write \(insufficient_scope, HTTP 403/);
    });

    test('breeds import adds what is missing, counts what is there, and runs again without adding twice', async () => {
      const { id } = JSON.parse(await petstore('categories', 'add', 'Rabbits of the file', '--json'));
      const lines = file('rabbits.txt', 'Angora\n\n  Lionhead \nangora\nHolland Lop\n');
      assert.equal(
        await petstore('breeds', 'import', String(id), lines),
        '4 breeds: 3 added, 1 already present\n',
      );
      assert.equal(
        await petstore('breeds', 'import', String(id), lines),
        '4 breeds: 0 added, 4 already present\n',
      );
      const csv = file('more.csv', 'name,origin\n"Rex, Mini",US\nLIONHEAD,BE\n');
      assert.deepEqual(JSON.parse(await petstore('breeds', 'import', String(id), csv, '--json')), {
        file: csv,
        categoryId: id,
        names: 2,
        added: 1,
        alreadyPresent: 1,
        rejected: [],
      });
      assert.deepEqual(
        JSON.parse(await petstore('breeds', 'list', String(id), '--json')).map(
          (b: { name: string }) => b.name,
        ),
        ['Angora', 'Holland Lop', 'Lionhead', 'Rex, Mini'],
      );
    });

    test('a name the service refuses is listed and the rest goes in (exit 2); an unknown category stops it', async () => {
      const { id } = JSON.parse(await petstore('categories', 'add', 'Birds of the file', '--json'));
      const names = file('birds.txt', `Budgie\n${'x'.repeat(101)}\nCanary\n`);
      const partly = await runCli(['breeds', 'import', String(id), names], env);
      assert.equal(partly.code, 2, partly.stderr);
      assert.equal(partly.stdout, '3 breeds: 2 added, 0 already present, 1 refused\n');
      assert.match(
        partly.stderr,
        /^petstore: line 2: Invalid request: name must be at most 100 characters long\n$/,
      );
      const unknown = await runCli(['breeds', 'import', '987654', names], env);
      assert.equal(unknown.code, 1);
      assert.match(unknown.stderr, /No category with id 987654 \(category_not_found, HTTP 404/);
      const missing = await runCli(['breeds', 'import', String(id), join(dir, 'none.txt')], env);
      assert.equal(missing.code, 1);
      assert.match(missing.stderr, /no such file/);
    });
  });
}
