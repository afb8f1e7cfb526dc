// The SDK's catalogue and shelter calls against a real listening server, on every backend: list, add, rename,
// the shelter's details read, changed and cleared, and the service's refusals as PetstoreError.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { PetstoreClient } from '@petstore/client';
import { backends } from '../helpers/backends.js';
import { makeImage } from '../helpers/images.js';
import { failureOf, startSdkServer, type SdkServer } from '../helpers/sdk-server.js';

for (const backend of backends) {
  describe(`SDK catalogue calls on ${backend.name}`, () => {
    let server: SdkServer;
    let client: PetstoreClient;
    before(async () => {
      server = await startSdkServer(backend);
      client = new PetstoreClient({ baseUrl: server.baseUrl, apiKey: server.key });
    });
    after(() => server.close());

    test('createCategory, renameCategory, createBreed; listCategories and listBreeds show them', async () => {
      const starter = await client.listCategories();
      assert.deepEqual(starter[0], { id: 1, name: 'Dog' });
      const ferret = await client.createCategory('Ferret');
      assert.deepEqual((await client.listCategories()).at(-1), ferret);
      assert.deepEqual(await client.renameCategory(ferret.id, 'Ferrets'), { id: ferret.id, name: 'Ferrets' });
      const breed = await client.createBreed(ferret.id, 'Angora');
      assert.deepEqual(await client.listBreeds(ferret.id), [breed]);
      assert.ok((await client.listBreeds(2)).some(({ name }) => name === 'Domestic Short Hair'));
    });

    test('a name taken and an unknown category fail with the service’s codes', async () => {
      const taken = await failureOf(client.createCategory('cat'));
      assert.equal(taken.code, 'category_exists');
      assert.equal(taken.status, 409);
      assert.equal((await failureOf(client.createBreed(1, 'BEAGLE'))).code, 'breed_exists');
      assert.equal((await failureOf(client.listBreeds(987654))).code, 'category_not_found');
      assert.equal((await failureOf(client.renameCategory(987654, 'X'))).code, 'category_not_found');
    });

    test('updateShelter sets and clears fields; getShelter reads them back', async () => {
      assert.equal((await client.getShelter()).name, null);
      const changed = await client.updateShelter({
        name: 'Hillside Rescue',
        email: 'hello@hillside.example',
      });
      assert.equal(changed.name, 'Hillside Rescue');
      assert.deepEqual(await client.getShelter(), changed);
      const cleared = await client.updateShelter({ email: null });
      assert.deepEqual([cleared.name, cleared.email], ['Hillside Rescue', null]);
    });

    test('setShelterLogo puts a logo in its four sizes, read from its bytes; removeShelterLogo takes it away', async () => {
      const logo = await client.setShelterLogo(await makeImage('png', 320, 160), {
        contentType: 'image/png',
      });
      assert.deepEqual(Object.keys(logo.urls).sort(), ['full', 'large', 'medium', 'small']);
      assert.deepEqual((await client.getShelter()).logo, logo);
      const shown = await fetch(new URL(logo.urls.small, server.baseUrl));
      assert.equal(shown.status, 200);
      assert.equal(shown.headers.get('content-type'), 'image/webp');
      const notAnImage = await failureOf(
        client.setShelterLogo(new TextEncoder().encode('not an image'), { contentType: 'image/png' }),
      );
      assert.equal(notAnImage.status, 415);
      await client.removeShelterLogo();
      assert.equal((await client.getShelter()).logo, null);
      assert.equal((await fetch(new URL(logo.urls.small, server.baseUrl))).status, 404);
      await client.removeShelterLogo();
    });

    test('a pale accent colour and a key without shelter:write fail with the service’s codes', async () => {
      const pale = await failureOf(client.updateShelter({ accentColour: '#ffcc00' }));
      assert.deepEqual([pale.code, pale.status], ['low_contrast', 400]);
      assert.match(pale.message, /1\.5\d?:1/);
      const reader = await server.app.services.apiKeys.create({
        name: 'reader',
        plan: 'free',
        scopes: ['pets:read'],
      });
      const readOnly = new PetstoreClient({ baseUrl: server.baseUrl, apiKey: reader.key });
      assert.equal((await readOnly.getShelter()).name, 'Hillside Rescue');
      assert.equal((await failureOf(readOnly.updateShelter({ name: 'X' }))).code, 'insufficient_scope');
    });
  });
}
