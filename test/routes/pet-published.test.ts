// `published` through HTTP, on every backend: true unless sent, set on POST and by PATCH (never cleared), in
// every answer and event, and the `published` filter of GET /v1/pets, which pages with its own cursors and
// takes exactly `true` or `false`.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Pet } from '@petstore/client';
import { backends } from '../helpers/backends.js';
import { addPet, followNext, followPages } from '../helpers/http-calls.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

interface FeedEvent {
  id: number;
  type: string;
  changes?: string[];
  data: Partial<Pet>;
}

for (const backend of backends) {
  describe(`published on ${backend.name}`, () => {
    let t: TestApp;
    /** A category of the suite's own, so that its listings see only its pets. */
    const category = 7001;
    const shown: number[] = [];
    const hidden: number[] = [];
    before(async () => {
      t = await startTestApp(backend);
      // Interleaved, so that each page of either listing skips pets of the other.
      for (let i = 0; i < 9; i++) {
        const published = i % 3 !== 1;
        const pet = await addPet(t, {
          name: `Pet ${i}`,
          categoryId: category,
          ...(published ? {} : { published }),
        });
        (published ? shown : hidden).push(pet.id);
      }
    });
    after(() => t.close());

    const get = (url: string) => t.request({ url, headers: t.auth });
    const patch = (id: number, payload: unknown) =>
      t.request({ method: 'PATCH', url: `/v1/pets/${id}`, headers: t.auth, payload: payload as object });
    const listed = async (query: string) =>
      (await followNext<Pet>(t, `/v1/pets?categoryId=${category}&${query}`, t.auth)).map((pet) => pet.id);

    test('a pet created without it is published, in the answer, the listing and its event', async () => {
      const created = await addPet(t, { name: 'Plain', categoryId: 7002 });
      assert.equal(created.published, true);
      const [pet] = (await get(`/v1/pets?id=${created.id}`)).json() as Pet[];
      assert.equal(pet!.published, true);
      const events = await followNext<FeedEvent>(t, '/v1/events?type=pet.created&limit=100', t.auth);
      assert.equal(events.find((e) => e.data.id === pet!.id)?.data.published, true);
    });

    test('sent as false on create, it is false in every answer', async () => {
      const id = hidden[0]!;
      const [pet] = (await get(`/v1/pets?id=${id}`)).json() as Pet[];
      assert.equal(pet!.published, false);
      assert.equal((await get(`/v1/pets/${id}`)).json().published, false);
    });

    test('PATCH sets it both ways, moves the ETag and writes pet.updated naming it; null and non-booleans are 400', async () => {
      const pet = await addPet(t, { name: 'Toggled', categoryId: 7003 });
      const off = await patch(pet.id, { published: false });
      assert.equal(off.statusCode, 200, off.body);
      assert.equal(off.json().published, false);
      assert.notEqual(off.headers.etag, pet.etag);
      assert.equal((await get(`/v1/pets?id=${pet.id}`)).json()[0].published, false);
      const again = await patch(pet.id, { published: false });
      assert.equal(again.headers.etag, off.headers.etag, 'the same value is no change');
      const on = await patch(pet.id, { published: true });
      assert.equal(on.json().published, true);
      const events = (await followNext<FeedEvent>(t, '/v1/events?type=pet.updated&limit=100', t.auth)).filter(
        (e) => e.data.id === pet.id,
      );
      assert.deepEqual(
        events.map((e) => [e.changes, e.data.published]),
        [
          [['published'], false],
          [['published'], true],
        ],
      );
      for (const [value, message] of [
        [null, /published cannot be cleared/],
        ['false', /published must be a boolean/],
        [0, /published must be a boolean/],
      ] as const) {
        const res = await patch(pet.id, { published: value });
        assert.equal(res.statusCode, 400, `${String(value)}: ${res.body}`);
        assert.equal(res.json().code, 'validation_failed');
        assert.match(res.json().message, message);
      }
      const created = await t.request({
        method: 'POST',
        url: '/v1/pets',
        headers: t.auth,
        payload: { name: 'Bad', categoryId: 7003, published: 'yes' },
      });
      assert.equal(created.statusCode, 400);
      assert.match(created.json().message, /published must be a boolean/);
      assert.equal((await get(`/v1/pets?id=${pet.id}`)).json()[0].published, true);
    });

    test('?published=true and ?published=false list each side alone, page by page with their own cursors', async () => {
      assert.deepEqual(
        await listed('limit=100'),
        [...shown, ...hidden].sort((a, b) => a - b),
      );
      for (const [value, expected] of [
        ['true', shown],
        ['false', hidden],
      ] as const) {
        for (const sort of ['id', 'name', '-createdAt']) {
          const pages = await followPages<Pet>(
            t,
            `/v1/pets?categoryId=${category}&published=${value}&sort=${sort}&limit=2`,
            t.auth,
          );
          const ids = pages.flatMap((page) => page.items.map((pet) => pet.id));
          const order = sort === '-createdAt' ? [...expected].reverse() : expected;
          assert.deepEqual(ids, order, `published=${value} sort=${sort}`);
          assert.ok(pages.length >= 2, 'more than one page');
          assert.ok(
            pages.every((page) => !page.link || page.link.includes(`published=${value}`)),
            'the links keep the filter',
          );
        }
      }
    });

    test('a cursor of one side is refused on the other', async () => {
      const first = await get(`/v1/pets?categoryId=${category}&published=true&limit=2`);
      const cursor = /cursor=([^>&]+)/.exec(String(first.headers.link))![1]!;
      const other = await get(`/v1/pets?categoryId=${category}&published=false&limit=2&cursor=${cursor}`);
      assert.equal(other.statusCode, 400);
      assert.equal(other.json().code, 'invalid_cursor');
      const none = await get(`/v1/pets?categoryId=${category}&limit=2&cursor=${cursor}`);
      assert.equal(none.statusCode, 400);
    });

    for (const bad of ['yes', '1', '0', 'TRUE', 'False', '', '%20true', 'true,false']) {
      test(`?published=${bad} is 400 validation_failed naming the parameter`, async () => {
        const res = await get(`/v1/pets?published=${bad}`);
        assert.equal(res.statusCode, 400, res.body);
        assert.equal(res.json().code, 'validation_failed');
        assert.match(res.json().message, /^Invalid request: published must be true or false$/);
      });
    }

    test('?published given twice is 400, as any parameter that is no list', async () => {
      const res = await get('/v1/pets?published=true&published=false');
      assert.equal(res.statusCode, 400);
      assert.match(res.json().message, /published is given more than once/);
    });
  });
}
