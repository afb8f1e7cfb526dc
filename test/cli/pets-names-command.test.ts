// `petstore pets` speaks of categories by name: tables show the name, `get` shows it with the pet's photos,
// `--category` takes a name (any case) or an id, and `--status adopted` is the API's `sold`.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { backends } from '../helpers/backends.js';
import { newPet } from '../helpers/http-calls.js';
import { petNames, runCli } from '../helpers/run-cli.js';
import { startSdkServer, type SdkServer } from '../helpers/sdk-server.js';

describe('petstore pets: categories by name', () => {
  let server: SdkServer;
  let env: Record<string, string>;
  let rexId: number;
  before(async () => {
    server = await startSdkServer(backends[0]!);
    env = { PETSTORE_URL: server.baseUrl, PETSTORE_API_KEY: server.key };
    // The starter catalogue: Dog is 1, Cat 2.
    rexId = await newPet(server, { name: 'Rex', categoryId: 1 });
    await newPet(server, { name: 'Tom', categoryId: 2, status: 'sold' });
    await newPet(server, { name: 'Kit', categoryId: 2 });
  });
  after(() => server.close());

  test('the list table names each category', async () => {
    const res = await runCli(['pets', 'list'], env);
    assert.equal(res.code, 0, res.stderr);
    assert.match(res.stdout, /^\d+\s+Rex\s+Dog\s+available$/m);
    assert.match(res.stdout, /^\d+\s+Tom\s+Cat\s+sold$/m);
  });

  test('--category takes a name in any case, or an id, or both', async () => {
    for (const category of ['cat', 'CAT', 'Cat', '2']) {
      const res = await runCli(['pets', 'list', '--category', category], env);
      assert.equal(res.code, 0, res.stderr);
      assert.deepEqual(petNames(res.stdout), ['Tom', 'Kit'], category);
    }
    const both = await runCli(['pets', 'list', '--category', 'dog,2'], env);
    assert.deepEqual(petNames(both.stdout), ['Rex', 'Tom', 'Kit']);
    const unknown = await runCli(['pets', 'list', '--category', 'dragon'], env);
    assert.equal(unknown.code, 1);
    assert.match(unknown.stderr, /no category is named 'dragon'/);
  });

  test('--status adopted lists the sold pets, and the help says so', async () => {
    const res = await runCli(['pets', 'list', '--status', 'adopted'], env);
    assert.equal(res.code, 0, res.stderr);
    assert.deepEqual(petNames(res.stdout), ['Tom']);
    const help = await runCli(['pets', 'list', '--help'], env);
    assert.match(help.stdout.replace(/\s+/g, ' '), /adopted is taken for sold/);
  });

  test('get shows the category by name and the photos’ URLs', async () => {
    const upload = await fetch(`${server.baseUrl}/pets/${rexId}/photos`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.key}`, 'content-type': 'image/jpeg' },
      body: readFileSync('examples/photos/biscuit-1.jpg'),
    });
    assert.equal(upload.status, 201, await upload.text());
    const res = await runCli(['pets', 'get', String(rexId)], env);
    assert.equal(res.code, 0, res.stderr);
    assert.match(res.stdout, /^Category\s+Dog \(1\)$/m);
    assert.match(res.stdout, /^Photos\s+http:\/\/127\.0\.0\.1:\d+\/v1\/photos\/[\w-]+\/medium$/m);
  });
});
