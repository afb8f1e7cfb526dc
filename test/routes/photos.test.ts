// The photos of an animal through HTTP on every backend: upload, the Pet's `photos` in every answer, move and
// remove, the limit per animal, Idempotency-Key, uploads past the cores, events, and serving without a key
// (headers, 304, HEAD, 404, its own budget per address).
import assert from 'node:assert/strict';
import { availableParallelism } from 'node:os';
import { after, before, describe, test } from 'node:test';
import type { Photo } from '../../src/domain/photo.js';
import { backends } from '../helpers/backends.js';
import { addPet } from '../helpers/http-calls.js';
import { makeImage } from '../helpers/images.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

const sizes = ['small', 'medium', 'large', 'full'] as const;

for (const backend of backends) {
  describe(`photos on ${backend.name}`, () => {
    let t: TestApp;
    let png: Buffer;
    before(async () => {
      // A small budget for requests without a key, to show photo downloads do not spend it.
      t = await startTestApp(backend, { anonymousPerMinute: 5, photoRequestsPerMinute: 150 });
      png = await makeImage('png', 60, 40);
    });
    after(() => t.close());

    const upload = (petId: number, body = png, headers: Record<string, string> = {}) =>
      t.request({
        method: 'POST',
        url: `/v1/pets/${petId}/photos`,
        headers: { ...t.auth, 'content-type': 'image/png', ...headers },
        payload: body,
      });
    const added = async (petId: number): Promise<Photo> => {
      const res = await upload(petId);
      assert.equal(res.statusCode, 201, res.body);
      return res.json();
    };
    const getPet = async (id: number) => {
      const res = await t.request({ url: `/v1/pets/${id}`, headers: t.auth });
      return { pet: res.json(), etag: res.headers.etag };
    };
    const photoIds = async (petId: number) =>
      (await getPet(petId)).pet.photos.map((photo: Photo) => [photo.id, photo.position]);

    test('an upload answers 201 with the Photo and Location; every answer of its pet lists it', async () => {
      const pet = await addPet(t);
      assert.deepEqual(pet.photos, [], 'a new pet has none');
      const res = await upload(pet.id);
      assert.equal(res.statusCode, 201, res.body);
      const photo = res.json() as Photo;
      assert.match(photo.id, /^[A-Za-z0-9_-]{22}$/);
      assert.equal(photo.position, 0);
      assert.deepEqual(
        photo.urls,
        Object.fromEntries(sizes.map((size) => [size, `/v1/photos/${photo.id}/${size}`])),
      );
      assert.equal(res.headers.location, photo.urls.full);
      const { pet: fetched } = await getPet(pet.id);
      assert.deepEqual(fetched.photos, [photo]);
      assert.ok(fetched.updatedAt > pet.updatedAt, 'a photo is a change of the pet');
      const listed = (await t.request({ url: '/v1/pets?limit=100', headers: t.auth })).json();
      assert.deepEqual(listed.find((p: { id: number }) => p.id === pet.id).photos, [photo]);
      const patched = await t.request({
        method: 'PATCH',
        url: `/v1/pets/${pet.id}`,
        headers: t.auth,
        payload: { color: 'Brown' },
      });
      assert.deepEqual(patched.json().photos, [photo]);
    });

    test('a page lists the photos of each of its pets, and the cached page is never stale', async () => {
      const pets = [await addPet(t), await addPet(t), await addPet(t)];
      const page = () =>
        t
          .request({ url: `/v1/pets?limit=100`, headers: t.auth })
          .then((res) => res.json().filter((p: { id: number }) => pets.some((pet) => pet.id === p.id)));
      assert.deepEqual(
        (await page()).map((p: { photos: Photo[] }) => p.photos.length),
        [0, 0, 0],
      );
      await added(pets[0]!.id);
      await added(pets[2]!.id);
      await added(pets[2]!.id);
      assert.deepEqual(
        (await page()).map((p: { photos: Photo[] }) => p.photos.length),
        [1, 0, 2],
      );
    });

    test('move: position 0 makes a photo the primary; the others keep their order; ETag and events move', async () => {
      const pet = await addPet(t);
      const [a, b, c] = [await added(pet.id), await added(pet.id), await added(pet.id)];
      const { etag } = await getPet(pet.id);
      const move = (photo: Photo, position: number) =>
        t.request({
          method: 'PATCH',
          url: `/v1/pets/${pet.id}/photos/${photo.id}`,
          headers: t.auth,
          payload: { position },
        });
      const moved = await move(c, 0);
      assert.equal(moved.statusCode, 200, moved.body);
      assert.equal(c.position, 2, 'uploaded last');
      assert.deepEqual(moved.json(), { ...c, position: 0 }, 'the photo, at its new position');
      assert.deepEqual(await photoIds(pet.id), [
        [c.id, 0],
        [a.id, 1],
        [b.id, 2],
      ]);
      assert.notEqual((await getPet(pet.id)).etag, etag, 'the pet changed');
      // Past the last: last. Where it is already: nothing changes.
      assert.equal((await move(c, 99)).json().position, 2);
      const { etag: settled } = await getPet(pet.id);
      assert.equal((await move(c, 2)).statusCode, 200);
      assert.equal((await getPet(pet.id)).etag, settled, 'a move to where it is changes nothing');
      assert.equal((await move(c, -1)).statusCode, 400);
      const events = (
        await t.request({ url: '/v1/events?type=pet.updated&limit=100', headers: t.auth })
      ).json() as Array<{ changes: string[]; data: { id: number; photos: Photo[] } }>;
      const ofPet = events.filter((event) => event.data.id === pet.id);
      // Three uploads and two moves; the move to where it was wrote none.
      assert.equal(ofPet.length, 5);
      for (const event of ofPet) assert.deepEqual(event.changes, ['photos']);
      assert.deepEqual(
        ofPet.at(-1)!.data.photos.map((photo) => photo.id),
        [a.id, b.id, c.id],
      );
    });

    test('an order moving a pet reports it with its photos in pet.status_changed', async () => {
      const pet = await addPet(t);
      const photo = await added(pet.id);
      const placed = await t.request({
        method: 'POST',
        url: '/v1/store/orders',
        headers: t.auth,
        payload: { petId: pet.id },
      });
      assert.equal(placed.statusCode, 201, placed.body);
      const events = (
        await t.request({ url: '/v1/events?type=pet.status_changed&limit=100', headers: t.auth })
      ).json() as Array<{ data: { id: number; status: string; photos: Photo[] } }>;
      const moved = events.find((event) => event.data.id === pet.id)!;
      assert.equal(moved.data.status, 'pending');
      assert.deepEqual(moved.data.photos, [photo]);
    });

    test('remove: 204, its URLs answer 404, the photos after it move up', async () => {
      const pet = await addPet(t);
      const [a, b, c] = [await added(pet.id), await added(pet.id), await added(pet.id)];
      const url = `/v1/pets/${pet.id}/photos/${b.id}`;
      const res = await t.request({ method: 'DELETE', url, headers: t.auth });
      assert.equal(res.statusCode, 204, res.body);
      assert.deepEqual(await photoIds(pet.id), [
        [a.id, 0],
        [c.id, 1],
      ]);
      for (const size of sizes) {
        const gone = await t.request({ url: b.urls[size] });
        assert.equal(gone.statusCode, 404);
        assert.equal(gone.json().code, 'photo_not_found');
      }
      const again = await t.request({ method: 'DELETE', url, headers: t.auth });
      assert.equal(again.statusCode, 404);
      assert.equal(again.json().code, 'photo_not_found');
      const elsewhere = await t.request({
        method: 'DELETE',
        url: `/v1/pets/${(await addPet(t)).id}/photos/${a.id}`,
        headers: t.auth,
      });
      assert.equal(elsewhere.statusCode, 404, 'a photo is reached only through its own pet');
      assert.equal((await t.request({ url: a.urls.small })).statusCode, 200);
    });

    test('removing a pet removes its photos: their URLs then answer 404', async () => {
      const pet = await addPet(t);
      const photos = [await added(pet.id), await added(pet.id)];
      assert.equal((await t.request({ url: photos[0]!.urls.full })).statusCode, 200);
      const res = await t.request({ method: 'DELETE', url: `/v1/pets/${pet.id}`, headers: t.auth });
      assert.equal(res.statusCode, 204, res.body);
      for (const photo of photos)
        for (const size of sizes) assert.equal((await t.request({ url: photo.urls[size] })).statusCode, 404);
      assert.equal((await upload(pet.id)).statusCode, 404, 'nor can one be added');
    });

    test('the 13th photo is 409 too_many_photos; two at once for the last place: one is stored', async () => {
      const pet = await addPet(t);
      for (let i = 0; i < 11; i++) await added(pet.id);
      const [first, second] = await Promise.all([upload(pet.id), upload(pet.id)]);
      assert.deepEqual([first!.statusCode, second!.statusCode].sort(), [201, 409]);
      const refused = await upload(pet.id);
      assert.equal(refused.statusCode, 409, refused.body);
      assert.equal(refused.json().code, 'too_many_photos');
      assert.match(refused.json().message, /already has 12 photos/);
      assert.equal((await getPet(pet.id)).pet.photos.length, 12);
    });

    test('Idempotency-Key: a retry replays the photo and stores nothing more; another image is 422', async () => {
      const pet = await addPet(t);
      const key = { 'idempotency-key': `photo-${backend.name}` };
      const first = await upload(pet.id, png, key);
      assert.equal(first.statusCode, 201, first.body);
      const retry = await upload(pet.id, png, key);
      assert.equal(retry.statusCode, 201, retry.body);
      assert.equal(retry.headers['idempotent-replayed'], 'true');
      assert.deepEqual(retry.json(), first.json());
      assert.equal(retry.headers.location, first.headers.location);
      assert.equal((await getPet(pet.id)).pet.photos.length, 1);
      const other = await upload(pet.id, await makeImage('png', 61, 40), key);
      assert.equal(other.statusCode, 422, other.body);
      assert.equal(other.json().code, 'idempotency_key_reused');
      // Replayed before the pet or the image is looked at: a retry after the pet's removal still gets its answer.
      const removed = await t.request({ method: 'DELETE', url: `/v1/pets/${pet.id}`, headers: t.auth });
      assert.equal(removed.statusCode, 204);
      const late = await upload(pet.id, png, key);
      assert.equal(late.statusCode, 201, late.body);
      assert.deepEqual(late.json(), first.json());
    });

    test('unknown pets, photos and ids are 404 or 400, naming what is wrong', async () => {
      const pet = await addPet(t);
      const cases: Array<[string, string, number, string]> = [
        ['POST', '/v1/pets/987654/photos', 404, 'pet_not_found'],
        ['PATCH', `/v1/pets/${pet.id}/photos/AAAAAAAAAAAAAAAAAAAAAA`, 404, 'photo_not_found'],
        ['PATCH', `/v1/pets/${pet.id}/photos/nope`, 400, 'validation_failed'],
        ['DELETE', `/v1/pets/${pet.id}/photos/AAAAAAAAAAAAAAAAAAAAAA`, 404, 'photo_not_found'],
      ];
      for (const [method, url, status, code] of cases) {
        const res = await t.request({
          method: method as 'POST',
          url,
          headers: { ...t.auth, 'content-type': method === 'POST' ? 'image/png' : 'application/json' },
          payload: method === 'POST' ? png : method === 'PATCH' ? { position: 0 } : undefined,
        });
        assert.equal(res.statusCode, status, `${method} ${url}: ${res.body}`);
        assert.equal(res.json().code, code);
      }
    });

    test('a download needs no key and carries the headers an image served to any page needs', async () => {
      const photo = await added((await addPet(t)).id);
      const res = await t.request({ url: photo.urls.medium });
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.headers['content-type'], 'image/webp');
      assert.equal(res.headers['content-length'], String(res.rawPayload.length));
      assert.equal(res.headers['cache-control'], 'public, max-age=31536000, immutable');
      assert.match(String(res.headers.etag), /^"[A-Za-z0-9_-]+"$/);
      assert.equal(res.headers['x-content-type-options'], 'nosniff');
      assert.equal(
        res.headers['content-security-policy'],
        "default-src 'none'; frame-ancestors 'none'; sandbox",
      );
      assert.equal(res.headers['cross-origin-resource-policy'], 'cross-origin');
      const cacheBusted = await t.request({ url: `${photo.urls.medium}?v=2` });
      assert.deepEqual(cacheBusted.rawPayload, res.rawPayload, 'a query string is ignored');
      const head = await t.request({ method: 'HEAD', url: photo.urls.medium });
      assert.equal(head.statusCode, 200);
      assert.equal(head.headers['content-length'], res.headers['content-length']);
      assert.equal(head.headers.etag, res.headers.etag);
      assert.equal(head.rawPayload.length, 0);
    });

    test('If-None-Match with the ETag gets 304 with no body; another tag gets the image', async () => {
      const photo = await added((await addPet(t)).id);
      const { headers } = await t.request({ url: photo.urls.small });
      const etag = String(headers.etag);
      for (const sent of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
        const res = await t.request({ url: photo.urls.small, headers: { 'if-none-match': sent } });
        assert.equal(res.statusCode, 304, sent);
        assert.equal(res.rawPayload.length, 0);
        assert.equal(res.headers.etag, etag);
        assert.equal(res.headers['cache-control'], 'public, max-age=31536000, immutable');
      }
      const other = await t.request({ url: photo.urls.small, headers: { 'if-none-match': '"other"' } });
      assert.equal(other.statusCode, 200);
    });

    test('an unknown photo, size or id is 404 in the Error shape, without a key', async () => {
      const photo = await added((await addPet(t)).id);
      for (const url of [
        `/v1/photos/${photo.id}/huge`,
        '/v1/photos/AAAAAAAAAAAAAAAAAAAAAA/small',
        '/v1/photos/not-an-id/small',
      ]) {
        const res = await t.request({ url });
        assert.equal(res.statusCode, 404, url);
        assert.equal(res.json().code, 'photo_not_found');
      }
      const long = await t.request({ url: `/v1/photos/${'x'.repeat(200)}/small` });
      assert.equal(long.statusCode, 414, 'refused by the router, still without a key');
      const post = await t.request({ method: 'POST', url: photo.urls.small });
      assert.equal(post.statusCode, 405);
      assert.equal(post.headers.allow, 'GET, HEAD');
    });

    test('100 downloads in a burst from one address are all served, and spend none of the anonymous budget', async () => {
      const pet = await addPet(t);
      const photos = [await added(pet.id), await added(pet.id)];
      const urls = Array.from({ length: 100 }, (_, i) => photos[i % 2]!.urls[sizes[i % 4]!]);
      const answers = await Promise.all(urls.map((url) => t.request({ url, remoteAddress: '203.0.113.9' })));
      assert.deepEqual(
        answers.map((res) => res.statusCode),
        Array(100).fill(200),
      );
      // The keyed API's budget for requests without a key (5 here) is untouched: the first is counted alone.
      const keyless = await t.request({ url: '/v1/pets', remoteAddress: '203.0.113.9' });
      assert.equal(keyless.statusCode, 401);
      assert.equal(keyless.headers['x-ratelimit-remaining'], '4');
      // Photos have their own, documented, budget (150 a minute here); past it, 429 with Retry-After.
      const more = await Promise.all(
        Array.from({ length: 60 }, () => t.request({ url: urls[0]!, remoteAddress: '203.0.113.9' })),
      );
      const refused = more.filter((res) => res.statusCode === 429);
      assert.equal(refused.length, 10);
      assert.ok(Number(refused[0]!.headers['retry-after']) >= 1);
      assert.match(refused[0]!.json().message, /of photos from this address/);
    });

    test('uploads within the bound but past the cores wait for a core and are all processed', async () => {
      const inFlight = availableParallelism() + 2;
      const wide = await startTestApp(backend, { photoProcessingConcurrency: inFlight });
      try {
        // One animal each, so that no count of photos per animal comes near its limit on a machine of many cores.
        const petIds: number[] = [];
        for (let i = 0; i < inFlight; i++) petIds.push((await addPet(wide)).id);
        const jpeg = await makeImage('jpeg', 1200, 800);
        const answers = await Promise.all(
          petIds.map((petId) =>
            wide.request({
              method: 'POST',
              url: `/v1/pets/${petId}/photos`,
              headers: { ...wide.auth, 'content-type': 'image/jpeg' },
              payload: jpeg,
            }),
          ),
        );
        assert.deepEqual(
          answers.map((res) => res.statusCode),
          Array(inFlight).fill(201),
        );
        const ids = new Set(answers.map((res) => res.json().id));
        assert.equal(ids.size, inFlight);
      } finally {
        await wide.close();
      }
    });

    test('the metrics count uploads by outcome, time their processing and report the bytes stored', async () => {
      const pet = await addPet(t);
      await added(pet.id);
      await upload(pet.id, Buffer.from('not an image'));
      const text = await t.app.metrics.registry.metrics();
      assert.match(text, /petstore_photo_uploads_total\{outcome="stored"\} [1-9]/);
      assert.match(text, /petstore_photo_uploads_total\{outcome="unsupported_image"\} [1-9]/);
      assert.match(text, /petstore_photo_processing_seconds_count [1-9]/);
      const stored = /petstore_photo_stored_bytes (\d+)/.exec(text);
      assert.ok(stored && Number(stored[1]) > 0, 'bytes stored');
    });
  });
}
