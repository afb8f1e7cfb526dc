// `petstore pets import` creates a file's rows in its order: the ids the service gives grow with the rows,
// although rows go out several at a time and some wait for their photo files to be found first. Checked on
// the sample animals (whose first row, Biscuit, names two photos) and on a longer file sent 16 at a time.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { parse } from 'csv-parse/sync';
import { backends } from '../helpers/backends.js';
import { runCli } from '../helpers/run-cli.js';
import { startSdkServer, type SdkServer } from '../helpers/sdk-server.js';

for (const backend of backends) {
  describe(`import keeps the file's order on ${backend.name}`, () => {
    let server: SdkServer;
    const dir = mkdtempSync(join(tmpdir(), 'petstore-import-order-'));
    before(async () => {
      server = await startSdkServer(backend);
    });
    after(async () => {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    });

    /** Every pet's name, in the order of its id. */
    const namesById = async (): Promise<string[]> => {
      const res = await fetch(`${server.baseUrl}/pets?limit=100`, {
        headers: { authorization: `Bearer ${server.key}` },
      });
      const pets = (await res.json()) as Array<{ id: number; name: string }>;
      return pets.sort((a, b) => a.id - b.id).map((pet) => pet.name);
    };
    const env = () => ({ PETSTORE_URL: server.baseUrl, PETSTORE_API_KEY: server.key });

    test('the sample animals get ids in the order of their rows', async () => {
      const rows = parse(readFileSync('examples/animals.csv'), { columns: true }) as Array<{ name: string }>;
      const imported = await runCli(
        ['pets', 'import', 'examples/animals.csv', '--photos-dir', 'examples/photos'],
        env(),
      );
      assert.equal(imported.code, 0, imported.stderr);
      assert.deepEqual(
        await namesById(),
        rows.map((row) => row.name),
      );
    });

    test('a longer file sent 16 rows at a time, some of them naming photos', async () => {
      const before = (await namesById()).length;
      const names = Array.from({ length: 60 }, (_, i) => `Order ${String(i).padStart(2, '0')}`);
      const lines = names.map((name, i) => `${name},1,${i === 3 || i === 40 ? 'biscuit-1.jpg' : ''}`);
      const file = join(dir, 'pets.csv');
      writeFileSync(file, ['name,categoryId,photoFiles', ...lines].join('\n') + '\n');
      const imported = await runCli(
        ['pets', 'import', file, '--concurrency', '16', '--photos-dir', 'examples/photos'],
        env(),
      );
      assert.equal(imported.code, 0, imported.stderr);
      assert.deepEqual((await namesById()).slice(before), names);
    });
  });
}
