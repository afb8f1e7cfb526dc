// The breed rule through HTTP, on every backend: where the category has a breed list (the starter set's Dog
// and Cat), a pet's breed must name one of its breeds, in any case, and is kept in the list's spelling;
// otherwise 400 with close matches. A category without a list, or without a record, takes any breed. The breed
// filter and the catalogue compare names by the same rule.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { backends } from '../helpers/backends.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

const dog = 1;
const cat = 2;
/** A category id without a record. */
const unrecorded = 4242;

for (const backend of backends) {
  describe(`the breed rule on ${backend.name}`, () => {
    let t: TestApp;
    before(async () => {
      t = await startTestApp(backend);
    });
    after(() => t.close());

    const create = (payload: object) =>
      t.request({ method: 'POST', url: '/v1/pets', headers: t.auth, payload });
    const patch = (id: number, payload: object) =>
      t.request({ method: 'PATCH', url: `/v1/pets/${id}`, headers: t.auth, payload });

    test('a listed breed in any case is kept in the list’s spelling, on create and on patch', async () => {
      const res = await create({ name: 'Rex', categoryId: dog, breed: '  labrador RETRIEVER ' });
      assert.equal(res.statusCode, 201, res.body);
      assert.equal(res.json().breed, 'Labrador Retriever');
      const patched = await patch(res.json().id, { breed: 'BEAGLE' });
      assert.equal(patched.statusCode, 200, patched.body);
      assert.equal(patched.json().breed, 'Beagle');
      const same = await patch(res.json().id, { breed: 'beagle' });
      assert.deepEqual(
        same.json().updatedAt,
        patched.json().updatedAt,
        'the same breed in another case changes nothing',
      );
    });

    test('a breed the list does not hold is 400, naming the field, the category and close matches', async () => {
      const res = await create({ name: 'Rex', categoryId: dog, breed: 'Labrdor Retriever' });
      assert.equal(res.statusCode, 400, res.body);
      assert.equal(res.json().code, 'validation_failed');
      assert.match(res.json().message, /breed must name a breed of category 1 \(Dog\)/);
      assert.match(res.json().message, /"Labrador Retriever"/);
      const kept = await create({ name: 'Tom', categoryId: cat, breed: 'Siamese' });
      assert.equal(kept.statusCode, 201, kept.body);
      const refused = await patch(kept.json().id, { breed: 'Poodle' });
      assert.equal(refused.statusCode, 400);
      assert.match(refused.json().message, /category 2 \(Cat\)/);
    });

    test('moving a pet to a category whose list lacks its breed is refused; moving with a breed of it is not', async () => {
      const { id } = (await create({ name: 'Rex', categoryId: dog, breed: 'Beagle' })).json();
      const moved = await patch(id, { categoryId: cat });
      assert.equal(moved.statusCode, 400, moved.body);
      assert.match(moved.json().message, /breed must name a breed of category 2/);
      const both = await patch(id, { categoryId: cat, breed: 'maine coon' });
      assert.equal(both.statusCode, 200, both.body);
      assert.equal(both.json().breed, 'Maine Coon');
      const cleared = await patch(id, { categoryId: dog, breed: null });
      assert.equal(cleared.statusCode, 200, 'no breed needs no list');
    });

    test('a category without a breed list, or without a record, takes any breed as given', async () => {
      for (const categoryId of [unrecorded, Number.MAX_SAFE_INTEGER]) {
        const res = await create({ name: 'Odd', categoryId, breed: 'Anything Goes' });
        assert.equal(res.statusCode, 201, res.body);
        assert.equal(res.json().breed, 'Anything Goes');
        assert.equal(res.json().categoryId, categoryId);
      }
    });

    test('one rule compares names everywhere: the catalogue, the breed rule, the breed filter and tags', async () => {
      const added = await t.request({
        method: 'POST',
        url: `/v1/categories/${dog}/breeds`,
        headers: t.auth,
        payload: { name: 'Großspitz' },
      });
      assert.equal(added.statusCode, 201, added.body);
      const again = await t.request({
        method: 'POST',
        url: `/v1/categories/${dog}/breeds`,
        headers: t.auth,
        payload: { name: 'GROẞSPITZ' },
      });
      assert.equal(again.json().code, 'breed_exists', 'the catalogue: ẞ is ß is ss');
      const res = await create({ name: 'Spitz', categoryId: dog, breed: 'GROSSSPITZ', tags: ['Straße'] });
      assert.equal(res.statusCode, 201, res.body);
      assert.equal(res.json().breed, 'Großspitz', 'the breed rule');
      const found = async (query: string) => {
        const page = await t.request({ url: `/v1/pets?limit=100&${query}`, headers: t.auth });
        assert.equal(page.statusCode, 200, page.body);
        return (page.json() as Array<{ id: number }>).map((pet) => pet.id);
      };
      for (const breed of ['GROSSSPITZ', 'Großspitz', 'grossspitz', 'GROẞSPITZ'])
        assert.deepEqual(
          await found(`breed=${encodeURIComponent(breed)}`),
          [res.json().id],
          `breed=${breed}`,
        );
      for (const tag of ['STRASSE', 'straße'])
        assert.deepEqual(await found(`tag=${encodeURIComponent(tag)}`), [res.json().id], `tag=${tag}`);
      const twins = await create({ name: 'Twins', categoryId: unrecorded, tags: ['Straße', 'STRASSE'] });
      assert.equal(twins.statusCode, 400, twins.body);
      assert.match(twins.json().message, /tags must be unique whatever their case: "Straße" and "STRASSE"/);
    });

    test('in a group of concurrent creations, a refused breed is refused alone', async () => {
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          create({ name: `Pup ${i}`, categoryId: dog, breed: i === 5 ? 'Not A Breed' : 'Beagle' }),
        ),
      );
      assert.deepEqual(
        answers.map((res) => res.statusCode),
        answers.map((_, i) => (i === 5 ? 400 : 201)),
      );
    });
  });
}
