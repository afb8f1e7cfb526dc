// The catalogue through HTTP, on every backend: the starter set of a new deployment, the scopes, names taken
// case-insensitively (409), unknown categories (404), bad names (400), the lists' order, and lists that stay
// exact across instances.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { InjectOptions } from 'fastify';
import { backends } from '../helpers/backends.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import starterCatalog from '../../src/store/catalog/starter-catalog.json' with { type: 'json' };

const starterNames = ['Dog', 'Cat', 'Rabbit', 'Bird', 'Small & Furry', 'Horse', 'Reptile', 'Barnyard'];

for (const backend of backends) {
  describe(`categories and breeds on ${backend.name}`, () => {
    let t: TestApp;
    /** Keys holding one scope each. */
    const keyWith: Record<string, Record<string, string>> = {};
    before(async () => {
      t = await startTestApp(backend);
      for (const scope of ['pets:read', 'catalog:write'] as const) {
        const { key } = await t.app.services.apiKeys.create({ name: scope, plan: 'free', scopes: [scope] });
        keyWith[scope] = { authorization: `Bearer ${key}` };
      }
    });
    after(() => t.close());

    const call = (options: InjectOptions) =>
      t.request({ ...options, headers: { ...t.auth, ...options.headers } });
    const get = async (url: string) => {
      const res = await call({ url });
      assert.equal(res.statusCode, 200, res.body);
      return res.json() as Array<{ id: number; name: string }>;
    };
    const addCategory = (name: unknown) => call({ method: 'POST', url: '/v1/categories', payload: { name } });
    const addBreed = (categoryId: number, name: unknown) =>
      call({ method: 'POST', url: `/v1/categories/${categoryId}/breeds`, payload: { name } });
    const rename = (categoryId: number, name: unknown) =>
      call({ method: 'PATCH', url: `/v1/categories/${categoryId}`, payload: { name } });
    const created = async (res: Awaited<ReturnType<typeof call>>) => {
      assert.equal(res.statusCode, 201, res.body);
      return res.json() as { id: number; name: string };
    };

    test('a new deployment starts with the starter set: eight categories in id order, dog and cat breeds', async () => {
      const categories = await get('/v1/categories');
      assert.deepEqual(
        categories.slice(0, 8),
        starterNames.map((name, i) => ({ id: i + 1, name })),
      );
      const dogs = await get('/v1/categories/1/breeds');
      assert.equal(dogs.length, starterCatalog.categories[0]!.breeds.length);
      assert.deepEqual(Object.keys(dogs[0]!).sort(), ['id', 'name']);
      const cats = (await get('/v1/categories/2/breeds')).map(({ name }) => name);
      for (const name of ['Domestic Short Hair', 'Domestic Medium Hair', 'Domestic Long Hair', 'Tabby'])
        assert.ok(cats.includes(name), name);
      assert.deepEqual(await get('/v1/categories/3/breeds'), [], 'Rabbit has no breed list');
    });

    test('pets:read lists but cannot add or rename (403); catalog:write manages but cannot list', async () => {
      const reader = keyWith['pets:read']!;
      assert.equal((await call({ url: '/v1/categories', headers: reader })).statusCode, 200);
      assert.equal((await call({ url: '/v1/categories/1/breeds', headers: reader })).statusCode, 200);
      const refusals = [
        { method: 'POST', url: '/v1/categories', payload: { name: 'Ferret' } },
        { method: 'POST', url: '/v1/categories/1/breeds', payload: { name: 'Dingo' } },
        { method: 'PATCH', url: '/v1/categories/1', payload: { name: 'Dogs' } },
      ] as const;
      for (const request of refusals) {
        const res = await call({ ...request, headers: reader });
        assert.equal(res.statusCode, 403, `${request.method} ${request.url}`);
        assert.deepEqual(res.json(), {
          code: 'insufficient_scope',
          message: 'This API key lacks the scope this operation needs: catalog:write',
          status: 403,
        });
      }
      assert.equal(
        (await get('/v1/categories')).some(({ name }) => name === 'Ferret'),
        false,
      );

      const writer = keyWith['catalog:write']!;
      const ferret = await created(
        await call({ method: 'POST', url: '/v1/categories', headers: writer, payload: { name: 'Ferret' } }),
      );
      const breed = await call({
        method: 'POST',
        url: `/v1/categories/${ferret.id}/breeds`,
        headers: writer,
        payload: { name: 'Angora Ferret' },
      });
      assert.equal(breed.statusCode, 201, breed.body);
      assert.equal((await call({ url: '/v1/categories', headers: writer })).statusCode, 403);
    });

    test('add a category: 201 with Location, the name trimmed, listed last', async () => {
      const res = await addCategory('  Guinea Pig  ');
      const category = await created(res);
      assert.deepEqual(category, { id: category.id, name: 'Guinea Pig' });
      assert.equal(res.headers.location, `/v1/categories/${category.id}`);
      assert.deepEqual((await get('/v1/categories')).at(-1), category);
      const ids = (await get('/v1/categories')).map(({ id }) => id);
      assert.deepEqual(
        ids,
        [...ids].sort((a, b) => a - b),
        'in id order',
      );
    });

    test('a name taken, in any case, is 409 naming the holder; a breed name is per category', async () => {
      const category = await addCategory('DOG');
      assert.equal(category.statusCode, 409);
      assert.deepEqual(category.json(), {
        code: 'category_exists',
        message: 'A category named "Dog" already exists (id 1); names are compared case-insensitively',
        status: 409,
      });
      const beagle = (await get('/v1/categories/1/breeds')).find(({ name }) => name === 'Beagle')!;
      const breed = await addBreed(1, ' bEaGlE ');
      assert.equal(breed.statusCode, 409);
      assert.deepEqual(breed.json(), {
        code: 'breed_exists',
        message: `Category 1 (Dog) already has the breed "Beagle" (id ${beagle.id}); names are compared case-insensitively`,
        status: 409,
      });
      assert.equal((await addBreed(2, 'Beagle')).statusCode, 201, 'Cat may have a Beagle of its own');
      assert.equal((await addCategory('Straße')).statusCode, 201);
      assert.equal((await addCategory('STRASSE')).json().code, 'category_exists', 'ß folds to ss');
    });

    test('the same new name sent twice at once: one 201, one 409', async () => {
      const answers = await Promise.all([addCategory('Hedgehog'), addCategory('HEDGEHOG')]);
      assert.deepEqual(answers.map((res) => res.statusCode).sort(), [201, 409]);
      assert.equal((await get('/v1/categories')).filter(({ name }) => /hedgehog/i.test(name)).length, 1);
    });

    test('rename: 200 with the category; its own name in another case is fine, another’s is 409', async () => {
      const { id } = await created(await addCategory('Amphibian'));
      const renamed = await rename(id, '  Amphibians ');
      assert.equal(renamed.statusCode, 200, renamed.body);
      assert.deepEqual(renamed.json(), { id, name: 'Amphibians' });
      assert.deepEqual((await rename(id, 'AMPHIBIANS')).json(), { id, name: 'AMPHIBIANS' });
      const taken = await rename(id, 'cat');
      assert.equal(taken.statusCode, 409);
      assert.equal(taken.json().code, 'category_exists');
      assert.deepEqual(
        (await get('/v1/categories')).find((c) => c.id === id),
        { id, name: 'AMPHIBIANS' },
        'a refused rename changes nothing',
      );
    });

    test('rename onto another category’s name in another case (DOG onto Dog) is 409 and changes nothing', async () => {
      const { id } = await created(await addCategory('Axolotl'));
      const dog = (await get('/v1/categories')).find((c) => c.name === 'Dog')!;
      for (const name of ['DOG', 'dOG', ' Dog ']) {
        const taken = await rename(id, name);
        assert.equal(taken.statusCode, 409, `${name}: ${taken.body}`);
        assert.equal(taken.json().code, 'category_exists');
        assert.match(taken.json().message, new RegExp(`"Dog".*\\b${dog.id}\\b`));
      }
      const after = await get('/v1/categories');
      assert.deepEqual(
        after.find((c) => c.id === id),
        { id, name: 'Axolotl' },
      );
      assert.deepEqual(
        after.find((c) => c.id === dog.id),
        dog,
      );
    });

    test('an unknown category is 404 category_not_found on every operation that names one', async () => {
      const unknown = [
        { url: '/v1/categories/987654/breeds' },
        { method: 'POST', url: '/v1/categories/987654/breeds', payload: { name: 'X' } },
        { method: 'PATCH', url: '/v1/categories/987654', payload: { name: 'X' } },
      ] as const;
      for (const request of unknown) {
        const res = await call(request);
        assert.equal(res.statusCode, 404, request.url);
        assert.deepEqual(res.json(), {
          code: 'category_not_found',
          message: 'No category with id 987654',
          status: 404,
        });
      }
    });

    test('bad names are 400 validation_failed naming the field; 100 characters are fine', async () => {
      const bad: Array<[unknown, RegExp]> = [
        ['', /name must be at least 1 character long/],
        ['   ', /name must be at least 1 character long once surrounding white space is removed/],
        ['x'.repeat(101), /name must be at most 100 characters long/],
        ['Bell\u0007', /name must not contain control characters/],
        ['Two\nlines', /name must not contain control characters/],
        [42, /name must be a string/],
        [undefined, /name is required/],
      ];
      for (const [name, message] of bad) {
        for (const res of [await addCategory(name), await addBreed(1, name), await rename(3, name)]) {
          assert.equal(res.statusCode, 400, `${JSON.stringify(name)}: ${res.body}`);
          assert.equal(res.json().code, 'validation_failed');
          assert.match(res.json().message, message);
        }
      }
      const extra = await call({ method: 'POST', url: '/v1/categories', payload: { name: 'Ok', id: 3 } });
      assert.match(extra.json().message, /unknown field 'id'/);
      assert.equal((await addBreed(1, 'b'.repeat(100))).statusCode, 201);
      assert.equal((await get('/v1/categories/3/breeds')).length, 0, 'nothing refused was added');
    });

    test('a breed list is in name order: case and accents after the letters, numbers by value', async () => {
      const { id } = await created(await addCategory('Order test'));
      for (const name of ['beagle', 'Zebra', 'Élan', 'Akita', 'Breed 10', 'Breed 2'])
        await created(await addBreed(id, name));
      assert.deepEqual(
        (await get(`/v1/categories/${id}/breeds`)).map(({ name }) => name),
        ['Akita', 'beagle', 'Breed 2', 'Breed 10', 'Élan', 'Zebra'],
      );
    });

    test('another instance sees every change at once, its cached lists included', async () => {
      const other = await t.instance();
      try {
        const list = async (url: string) => (await other.request({ url, headers: t.auth })).json();
        const before = await list('/v1/categories');
        const { id } = await created(await addCategory('Fish'));
        assert.equal((await list('/v1/categories')).length, before.length + 1);
        assert.deepEqual(await list(`/v1/categories/${id}/breeds`), []);
        await created(await addBreed(id, 'Goldfish'));
        assert.deepEqual(
          (await list(`/v1/categories/${id}/breeds`)).map((b: { name: string }) => b.name),
          ['Goldfish'],
        );
        await rename(id, 'Fishes');
        assert.equal((await list('/v1/categories')).find((c: { id: number }) => c.id === id).name, 'Fishes');
      } finally {
        await other.close();
      }
    });
  });
}
