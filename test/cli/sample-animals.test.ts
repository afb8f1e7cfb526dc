// The README's first search: the sample animals of examples/animals.csv import whole with
// `petstore pets import`, with the photos of examples/photos, and the adopter's query finds the young cats that
// are good with dogs, through the API and through `petstore pets list`.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { backends } from '../helpers/backends.js';
import { petNames, runCli } from '../helpers/run-cli.js';
import { startSdkServer, type SdkServer } from '../helpers/sdk-server.js';

describe('the sample animals', () => {
  let server: SdkServer;
  before(async () => {
    server = await startSdkServer(backends[0]!);
  });
  after(() => server.close());

  test('import whole, and the README’s query finds the young cats good with dogs', async () => {
    const env = { PETSTORE_URL: server.baseUrl, PETSTORE_API_KEY: server.key };
    const imported = await runCli(
      ['pets', 'import', 'examples/animals.csv', '--photos-dir', 'examples/photos'],
      env,
    );
    assert.equal(imported.code, 0, imported.stderr);
    assert.match(
      imported.stdout + imported.stderr,
      /24 rows: 24 created, 0 already there, 0 rejected; 4 photos added, 0 already there, 0 refused/,
    );
    const res = await fetch(`${server.baseUrl}/pets?categoryId=2&age=young&goodWith=dogs`, {
      headers: { authorization: `Bearer ${server.key}` },
    });
    const cats = (await res.json()) as Array<{ name: string; photos: unknown[] }>;
    const names = cats.map((pet) => pet.name);
    assert.equal(cats.find((pet) => pet.name === 'Luna')?.photos.length, 1);
    // Rows are sent several at a time, so ids need not follow the file's order.
    assert.deepEqual(names.sort(), ['Luna', 'Miso', 'Smokey', 'Ziggy']);
    // The same from the command line, given the bare host as the README's PETSTORE_URL is.
    const host = { ...env, PETSTORE_URL: server.baseUrl.replace(/\/v1$/, '') };
    const listed = await runCli(
      ['pets', 'list', '--category', '2', '--age', 'young', '--good-with', 'dogs'],
      host,
    );
    assert.equal(listed.code, 0, listed.stderr);
    assert.deepEqual(petNames(listed.stdout).sort(), ['Luna', 'Miso', 'Smokey', 'Ziggy']);
  });
});
