// The bounds the OpenAPI document declares on what a client sends are the ones the service enforces: a value
// at a declared bound is taken, one past it is refused with the error the document names, on every backend.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { backends } from '../helpers/backends.js';
import { addPet } from '../helpers/http-calls.js';
import { makeImage } from '../helpers/images.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

type Schema = { maxLength?: number; pattern?: string; enum?: string[] };
type Parameter = { name: string; in: string; schema: Schema };
type Operation = {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
};
type Document = { paths: Record<string, Record<string, Operation>> };

/** Twenty copies of a value, comma-separated: the most a list parameter takes. */
const twenty = (value: string) => Array.from({ length: 20 }, () => value).join(',');

/** The longest value of each list parameter, as the service names them (not read from the document). */
const lists: Array<[string, string]> = [
  ['categoryId', '9007199254740991'],
  ['breed', 'b'.repeat(100)],
  ['tag', 't'.repeat(30)],
  ['sex', 'unknown'],
  ['age', 'senior'],
  ['size', 'xlarge'],
  ['coat', 'hairless'],
  ['goodWith', 'children'],
  ['attributes', 'spayedNeutered'],
];

for (const backend of backends) {
  describe(`declared bounds on ${backend.name}`, () => {
    let t: TestApp;
    let doc: Document;
    before(async () => {
      t = await startTestApp(backend, { photoUploadLimit: 4096 });
      doc = (await t.request({ url: '/v1/openapi.json' })).json() as Document;
    });
    after(() => t.close());

    const operation = (id: string) =>
      Object.values(doc.paths)
        .flatMap((methods) => Object.values(methods))
        .find((op) => op.operationId === id)!;
    const declared = (id: string, name: string) =>
      operation(id).parameters!.find((p) => p.name === name)!.schema;
    const get = (url: string, headers = {}) => t.request({ url, headers: { ...t.auth, ...headers } });
    const refusal = (res: { statusCode: number; json(): { code: string; message: string } }) => [
      res.statusCode,
      res.json().code,
    ];

    for (const [name, longest] of lists) {
      test(`${name}: 20 of its longest values fit the declared maxLength and are taken; 21 are refused`, async () => {
        const most = twenty(longest);
        assert.ok(most.length <= declared('listPets', name).maxLength!, `${most.length} characters`);
        const taken = await get(`/v1/pets?${name}=${most}`);
        assert.equal(taken.statusCode, 200, taken.body);
        const over = await get(`/v1/pets?${name}=${most},${longest}`);
        assert.deepEqual(refusal(over), [400, 'validation_failed']);
        assert.match(over.json().message, new RegExp(`^Invalid request: ${name} .*at most 20`));
      });
    }

    test('updatedSince: an instant to the nanosecond with an offset is taken, one digit more is refused', async () => {
      const instant = '2026-11-01T00:00:00.123456789+01:00';
      assert.equal(declared('listPets', 'updatedSince').maxLength, instant.length);
      assert.equal((await get(`/v1/pets?updatedSince=${encodeURIComponent(instant)}`)).statusCode, 200);
      const over = await get(`/v1/pets?updatedSince=${encodeURIComponent(instant.replace('9+', '90+'))}`);
      assert.deepEqual(refusal(over), [400, 'validation_failed']);
      assert.match(over.json().message, /updatedSince must be at most 35 characters/);
    });

    test('q: a control character is refused, as in every single-line text', async () => {
      assert.equal((await get('/v1/pets?q=calm%20dog')).statusCode, 200);
      for (const control of ['%00', '%09', '%0A', '%C2%85']) {
        const res = await get(`/v1/pets?q=calm${control}dog`);
        assert.deepEqual(refusal(res), [400, 'validation_failed'], control);
        assert.match(res.json().message, /q must not contain control characters/);
      }
    });

    test('a pet cursor after the longest name key is within the declared bound, and is taken', async () => {
      // U+FDFA folds to 18 characters, 33 bytes: the longest sort key a name can have.
      const longest = await addPet(t, { name: '\uFDFA'.repeat(100) });
      await addPet(t, { name: '\uFDFA'.repeat(100) });
      const bound = declared('listPets', 'cursor').maxLength!;
      let url: string | undefined = `/v1/pets?sort=name&limit=1&q=${encodeURIComponent('\uFDFA')}`;
      const seen: number[] = [];
      while (url) {
        const res = await get(url);
        assert.equal(res.statusCode, 200, res.body);
        seen.push(...res.json().map((pet: { id: number }) => pet.id));
        const link = String(res.headers.link ?? '');
        const cursor = /cursor=([^>&]+)/.exec(link)?.[1];
        if (cursor) assert.ok(cursor.length <= bound, `${cursor.length} > ${bound}`);
        url = /<([^>]+)>; rel="next"/.exec(link)?.[1];
      }
      assert.ok(seen.includes(longest.id) && seen.length === 2, String(seen));
    });

    for (const [id, url] of [
      ['listPets', '/v1/pets'],
      ['listEvents', '/v1/events'],
      ['listOrders', '/v1/store/orders'],
    ] as const) {
      test(`${id}: a cursor past the declared bound, or not in the issued form, is invalid_cursor`, async () => {
        const { maxLength } = declared(id, 'cursor');
        const longer = `${'A'.repeat(maxLength! - 16)}.${'B'.repeat(16)}`;
        assert.equal(longer.length, maxLength! + 1);
        for (const cursor of [longer, 'no-dot', 'A.short', 'A.AAAAAAAAAAAAAAAA.B']) {
          const res = await get(`${url}?cursor=${cursor}`);
          assert.deepEqual(refusal(res), [400, 'invalid_cursor'], cursor);
          assert.match(res.json().message, /not in the issued form/);
        }
        // With another parameter wrong too, the answer names both.
        const both = await get(`${url}?limit=0&cursor=no-dot`);
        assert.deepEqual(refusal(both), [400, 'validation_failed']);
        assert.match(both.json().message, /limit must be at least 1; cursor must be a cursor/);
      });
    }

    test('If-Match: 1000 characters are read (and match nothing), 1001 or a control character are refused', async () => {
      const pet = await addPet(t);
      assert.equal(declared('updatePet', 'if-match').maxLength, 1000);
      const patch = (ifMatch: string) =>
        t.request({
          method: 'PATCH',
          url: `/v1/pets/${pet.id}`,
          headers: { ...t.auth, 'if-match': ifMatch },
          payload: { color: 'Red' },
        });
      const tags = '"1.0", '.repeat(142) + '"1.20"';
      assert.equal(tags.length, 1000);
      assert.equal((await patch(tags)).statusCode, 412);
      for (const bad of [`${tags} `, '"1.0"\u0001']) {
        const res = await patch(bad);
        assert.deepEqual(refusal(res), [400, 'validation_failed'], JSON.stringify(bad));
        assert.match(res.json().message, /if-match must/);
      }
    });

    test('photo ids: one character short or over is refused by the upload routes, and 404 when downloaded', async () => {
      const pet = await addPet(t);
      assert.equal(declared('movePhoto', 'photoId').maxLength, 22);
      for (const photoId of ['A'.repeat(21), 'A'.repeat(23)]) {
        const moved = await t.request({
          method: 'PATCH',
          url: `/v1/pets/${pet.id}/photos/${photoId}`,
          headers: t.auth,
          payload: { position: 0 },
        });
        assert.deepEqual(refusal(moved), [400, 'validation_failed'], photoId);
        const served = await t.request({ url: `/v1/photos/${photoId}/small` });
        assert.deepEqual(refusal(served), [404, 'photo_not_found'], photoId);
        assert.equal(served.json().message, `No photo ${photoId} in size small`);
      }
      const size = await t.request({ url: `/v1/photos/${'A'.repeat(22)}/tiny` });
      assert.deepEqual(refusal(size), [404, 'photo_not_found']);
    });

    test('an upload body is bounded by the upload limit: its maxLength, and one byte more is 413', async () => {
      const pet = await addPet(t);
      const { content } = operation('uploadPhoto').requestBody!;
      for (const type of Object.keys(content)) assert.equal(content[type]!.schema.maxLength, 4096, type);
      const image = await makeImage('png', 8, 8);
      // A PNG padded to the limit: bytes after its end are dropped with the rest of the file.
      const upload = (bytes: number) =>
        t.request({
          method: 'POST',
          url: `/v1/pets/${pet.id}/photos`,
          headers: { ...t.auth, 'content-type': 'image/png' },
          payload: Buffer.concat([image, Buffer.alloc(bytes - image.length)]),
        });
      const atLimit = await upload(4096);
      assert.equal(atLimit.statusCode, 201, atLimit.body);
      assert.deepEqual(refusal(await upload(4097)), [413, 'payload_too_large']);
    });
  });
}
