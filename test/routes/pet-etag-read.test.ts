// Reading one animal's current entity tag without the deprecated `GET /v1/pets/{petId}`: the listing's `id`
// filter, and the `etag` every Pet body carries, which is the tag its `ETag` header carries. With them, the
// edit recipe of docs/pets.md: read, edit with `If-Match`, and after someone else's change (a photo) read again.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { backends } from '../helpers/backends.js';
import { addPet } from '../helpers/http-calls.js';
import { makeImage } from '../helpers/images.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

interface Listed {
  id: number;
  name: string;
  etag: string;
}

for (const backend of backends) {
  describe(`one animal's entity tag through the listing on ${backend.name}`, () => {
    let t: TestApp;
    before(async () => {
      t = await startTestApp(backend);
    });
    after(() => t.close());

    const listed = async (query: string): Promise<Listed[]> => {
      const res = await t.request({ url: `/v1/pets?${query}`, headers: t.auth });
      assert.equal(res.statusCode, 200, res.body);
      return res.json();
    };
    const patch = (id: number, ifMatch: string, payload: object) =>
      t.request({
        method: 'PATCH',
        url: `/v1/pets/${id}`,
        headers: { ...t.auth, 'if-match': ifMatch },
        payload,
      });

    test('?id= lists exactly the animals named, in id order, each with the etag its ETag header carries', async () => {
      const [a, b, c] = [await addPet(t, { name: 'A' }), await addPet(t, { name: 'B' }), await addPet(t)];
      assert.deepEqual(
        (await listed(`id=${c.id},${a.id}`)).map((pet) => pet.id),
        [a.id, c.id],
      );
      const [one] = await listed(`id=${b.id}`);
      const header = (await t.request({ url: `/v1/pets/${b.id}`, headers: t.auth })).headers.etag;
      assert.equal(one!.etag, header);
      assert.deepEqual(await listed(`id=${b.id}&status=sold`), [], 'with the other filters, as they combine');
    });

    test('the edit recipe: read the etag, edit with If-Match; after a photo the old one is 412, a new read edits', async () => {
      const { id } = await addPet(t, { name: 'Rex' });
      const [read] = await listed(`id=${id}`);
      const edited = await patch(id, read!.etag, { color: 'Black' });
      assert.equal(edited.statusCode, 200, edited.body);
      assert.equal(edited.json().etag, edited.headers.etag, 'the answer carries its own new tag');
      assert.notEqual(edited.json().etag, read!.etag);

      const upload = await t.request({
        method: 'POST',
        url: `/v1/pets/${id}/photos`,
        headers: { ...t.auth, 'content-type': 'image/png' },
        payload: await makeImage('png', 40, 30),
      });
      assert.equal(upload.statusCode, 201, upload.body);
      const stale = await patch(id, edited.json().etag, { color: 'Red' });
      assert.equal(stale.statusCode, 412, stale.body);
      assert.equal(stale.json().code, 'precondition_failed');

      const [again] = await listed(`id=${id}`);
      assert.notEqual(again!.etag, edited.json().etag, 'the photo moved the tag');
      const retried = await patch(id, again!.etag, { color: 'Red' });
      assert.equal(retried.statusCode, 200, retried.body);
      assert.equal(retried.json().color, 'Red');
    });

    test('a removed animal is not listed; a bad id list is 400 naming id', async () => {
      const { id } = await addPet(t);
      assert.equal(
        (await t.request({ method: 'DELETE', url: `/v1/pets/${id}`, headers: t.auth })).statusCode,
        204,
      );
      assert.deepEqual(await listed(`id=${id}`), []);
      for (const bad of [
        'x',
        '0',
        '1,,2',
        '9007199254740992',
        Array.from({ length: 21 }, (_, i) => i + 1).join(','),
      ]) {
        const res = await t.request({ url: `/v1/pets?id=${bad}`, headers: t.auth });
        assert.equal(res.statusCode, 400, `${bad}: ${res.body}`);
        assert.equal(res.json().code, 'validation_failed');
        assert.match(res.json().message, /\bid\b/, bad);
      }
    });
  });
}
