// The SDK's photo calls against a real listening server, on every backend: an upload from a Buffer, a Blob or
// a stream, sent as the bytes with their Content-Type and a default Idempotency-Key that makes a retry safe;
// moving and removing a photo; and the service's refusals as PetstoreErrors.
import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { after, before, describe, test } from 'node:test';
import type { PetstoreClient } from '@petstore/client';
import { backends } from '../helpers/backends.js';
import { makeImage } from '../helpers/images.js';
import { failureOf, spyingClient, startSdkServer, type SdkServer } from '../helpers/sdk-server.js';

for (const backend of backends) {
  describe(`SDK photos on ${backend.name}`, () => {
    let server: SdkServer;
    let client: PetstoreClient;
    /** What the spying client sent: each request's method, content type and Idempotency-Key. */
    let sent: Array<{ method: string; type: string | null; key: string | null }>;
    before(async () => {
      server = await startSdkServer(backend);
      ({ client, sent } = spyingClient(server, { type: 'content-type', key: 'idempotency-key' }));
    });
    after(() => server.close());

    test('uploadPhoto takes a Buffer, a Blob and a Node stream, sent as the image with its type', async () => {
      const id = (await client.createPet({ name: 'Biscuit', categoryId: 1 })).id;
      const jpeg = await makeImage('jpeg', 400, 300);
      const png = await makeImage('png', 300, 400);
      const webp = await makeImage('webp', 200, 100);
      sent.length = 0;
      const first = await client.uploadPhoto(id, jpeg, { contentType: 'image/jpeg' });
      const second = await client.uploadPhoto(id, new Blob([new Uint8Array(png)]), {
        contentType: 'image/png',
      });
      const third = await client.uploadPhoto(id, Readable.from([webp.subarray(0, 50), webp.subarray(50)]), {
        contentType: 'image/webp',
      });
      assert.deepEqual(
        sent.map(({ method, type }) => [method, type]),
        [
          ['POST', 'image/jpeg'],
          ['POST', 'image/png'],
          ['POST', 'image/webp'],
        ],
      );
      assert.ok(
        sent.every(({ key }) => key),
        'each with an Idempotency-Key',
      );
      assert.deepEqual(
        [first, second, third].map((photo) => [photo.position, photo.width, photo.height]),
        [
          [0, 400, 300],
          [1, 300, 400],
          [2, 200, 100],
        ],
      );
      const served = await fetch(new URL(third.urls.full, server.baseUrl));
      assert.equal(served.headers.get('content-type'), 'image/webp');
      const pet = await client.getPet(id);
      assert.deepEqual(pet.photos, [first, second, third]);
    });

    test('an upload whose answer is lost is sent again with its key: one photo, not two', async () => {
      const id = (await client.createPet({ name: 'Kit', categoryId: 2 })).id;
      const image = await makeImage('png');
      server.faults.push({ drop: true });
      const before = server.petRequests;
      const photo = await client.uploadPhoto(id, Readable.from([image]), { contentType: 'image/png' });
      assert.equal(server.petRequests - before, 2, 'sent twice');
      assert.deepEqual((await client.getPet(id)).photos, [photo]);
    });

    test('movePhoto makes a photo the primary one; deletePhoto removes it and its URLs', async () => {
      const id = (await client.createPet({ name: 'Rex', categoryId: 1 })).id;
      const image = await makeImage('jpeg');
      const photos = [];
      for (let i = 0; i < 3; i++)
        photos.push(
          await client.uploadPhoto(id, image, { contentType: 'image/jpeg', idempotencyKey: false }),
        );
      const moved = await client.movePhoto(id, photos[2]!.id, 0);
      assert.deepEqual([moved.id, moved.position], [photos[2]!.id, 0]);
      const order = (await client.getPet(id)).photos.map((photo) => photo.id);
      assert.deepEqual(order, [photos[2]!.id, photos[0]!.id, photos[1]!.id]);

      assert.equal(await client.deletePhoto(id, photos[0]!.id), undefined);
      assert.equal(sent.at(-1)?.method, 'DELETE');
      const left = (await client.getPet(id)).photos;
      assert.deepEqual(
        left.map((photo) => [photo.id, photo.position]),
        [
          [photos[2]!.id, 0],
          [photos[1]!.id, 1],
        ],
      );
      assert.equal((await fetch(new URL(photos[0]!.urls.small, server.baseUrl))).status, 404);
      const again = await failureOf(client.deletePhoto(id, photos[0]!.id));
      assert.deepEqual([again.code, again.status], ['photo_not_found', 404]);
    });

    test("the service's refusals are PetstoreErrors: bytes of another type, an unknown pet", async () => {
      const id = (await client.createPet({ name: 'Ada', categoryId: 5 })).id;
      const mismatch = await failureOf(
        client.uploadPhoto(id, await makeImage('jpeg'), { contentType: 'image/png' }),
      );
      assert.deepEqual([mismatch.code, mismatch.status], ['unsupported_image', 415]);
      const missing = await failureOf(
        client.uploadPhoto(999_999, await makeImage('png'), { contentType: 'image/png' }),
      );
      assert.deepEqual([missing.code, missing.status], ['pet_not_found', 404]);
    });
  });
}
