// The catalogue migration on a deployment from before it: the starter set is added once, the pets keep their
// categoryIds (any int64, with a record or not), and keys that held every scope gain catalog:write. On every
// backend. And the starter file itself keeps the rules the API holds names to.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { sql, type Kysely } from 'kysely';
import { caseKey } from '../../src/domain/case-key.js';
import { NewBreedSchema, NewCategorySchema } from '../../src/domain/category.js';
import { createValidatorCompiler } from '../../src/http/validation.js';
import { addStarterCatalog } from '../../src/store/migrations/2026-11-28-b-catalog.js';
import { migrateToLatest } from '../../src/store/migrations/index.js';
import starterCatalog from '../../src/store/catalog/starter-catalog.json' with { type: 'json' };
import { backends } from '../helpers/backends.js';
import { openBefore } from '../helpers/older-deployment.js';
import type { Store } from '../../src/store/store.js';

const catalogMigration = '2026-11-28-b-catalog';
const starterNames = ['Dog', 'Cat', 'Rabbit', 'Bird', 'Small & Furry', 'Horse', 'Reptile', 'Barnyard'];

const counts = async (store: Store) => ({
  categories: (await store.db.selectFrom('categories').select('id').execute()).length,
  breeds: (await store.db.selectFrom('breeds').select('id').execute()).length,
});

test('the starter file: the eight categories in order, every name valid as the API takes it, none twice', () => {
  assert.deepEqual(
    starterCatalog.categories.map(({ name }) => name),
    starterNames,
  );
  const [dogs, cats] = starterCatalog.categories.map(({ breeds }) => breeds);
  assert.ok(dogs!.length >= 60 && dogs!.length <= 100, `${dogs!.length} dog breeds`);
  assert.ok(cats!.length >= 30 && cats!.length <= 45, `${cats!.length} cat breeds`);
  for (const name of ['Mixed Breed', 'Labrador Retriever']) assert.ok(dogs!.includes(name), name);
  for (const name of ['Domestic Short Hair', 'Domestic Medium Hair', 'Domestic Long Hair', 'Tabby'])
    assert.ok(cats!.includes(name), name);
  // The validator the API's bodies go through; and the names must be trimmed already, as the API stores them.
  const compile = createValidatorCompiler([]);
  const validCategory = compile({ schema: NewCategorySchema, httpPart: 'body' } as never);
  const validBreed = compile({ schema: NewBreedSchema, httpPart: 'body' } as never);
  for (const { name, breeds } of starterCatalog.categories) {
    assert.ok(validCategory({ name }) && name === name.trim(), name);
    for (const breed of breeds) assert.ok(validBreed({ name: breed }) && breed === breed.trim(), breed);
    assert.equal(new Set(breeds.map(caseKey)).size, breeds.length, `${name}: a breed twice`);
  }
});

for (const backend of backends) {
  describe(`catalogue migration on ${backend.name}`, () => {
    test('an existing deployment gains the starter set once; pets and narrow keys are untouched', async () => {
      const { config, remove } = backend.freshDeployment({ migrate: false });
      const store = await openBefore(config, catalogMigration);
      try {
        // Pets of categories with and without a record; only the columns every release has are compared.
        const columns = ['id', 'name', 'category_id', 'status'] as const;
        const pets = await store.db
          .insertInto('pets')
          .values([
            { name: 'Rex', category_id: 7, status: 'available', created_at: 1 },
            { name: 'Tom', category_id: 2 ** 40, status: 'sold', created_at: 2 },
          ] as never)
          .returning(columns)
          .execute();
        await sql`insert into api_keys (id, name, plan, key_hash, key_hint, created_at, scopes) values
          ('key_all', 'all', 'free', 'h1', 'abcd', 1, 'pets:read pets:write orders:write orders:manage events:read'),
          ('key_read', 'read', 'free', 'h2', 'efgh', 1, 'pets:read')`.execute(store.db);

        assert.ok((await migrateToLatest(store)).includes(catalogMigration));
        const categories = await store.db.selectFrom('categories').selectAll().orderBy('id').execute();
        assert.deepEqual(
          categories.map(({ name }) => name),
          starterNames,
        );
        assert.deepEqual(
          categories.map(({ id }) => id),
          [1, 2, 3, 4, 5, 6, 7, 8],
          'Dog is 1 and Cat 2, as the seed’s examples have them',
        );
        const added = await counts(store);
        assert.equal(added.breeds, starterCatalog.categories.flatMap(({ breeds }) => breeds).length);
        assert.deepEqual(await store.db.selectFrom('pets').select(columns).orderBy('id').execute(), pets);
        const scopes = Object.fromEntries(
          (await store.db.selectFrom('api_keys').select(['id', 'scopes']).execute()).map((k) => [
            k.id,
            k.scopes,
          ]),
        );
        assert.deepEqual(scopes, {
          // And the application scopes, shelter:write and pets:remove, gained by the later
          // 2026-12-01-b-applications, 2026-12-02-c-shelter and 2026-12-02-d-pets-remove-scope.
          key_all:
            'pets:read pets:write pets:remove orders:write orders:manage events:read catalog:write ' +
            'applications:submit applications:read applications:manage shelter:write',
          key_read: 'pets:read',
        });

        assert.deepEqual(await migrateToLatest(store), [], 'a second migrate applies nothing');
        assert.equal(
          await addStarterCatalog(store.db as unknown as Kysely<unknown>),
          false,
          'never on top of existing categories',
        );
        assert.deepEqual(await counts(store), added);
      } finally {
        await store.close();
        await remove();
      }
    });
  });
}
