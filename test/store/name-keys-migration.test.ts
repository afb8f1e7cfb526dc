// Computing every stored name key again by the one rule, on a deployment whose keys the releases before
// computed (the catalogue's upper- then lower-cased, the pets' breeds and tags lower-cased only): afterwards
// the breed and tag filters find what the catalogue calls one name; going down puts back every key as it
// was, and up again gives the same keys. On every backend.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Migrator } from 'kysely';
import { buildApp } from '../../src/app.js';
import { migrateToLatest, migrationsFor } from '../../src/store/migrations/index.js';
import type { Store } from '../../src/store/store.js';
import { backends } from '../helpers/backends.js';
import { openBefore } from '../helpers/older-deployment.js';

const nameKeysMigration = '2026-12-01-a-name-keys';
const dog = 1;

/** Every stored key this migration computes, for the rows the test adds, as `table name key` lines. */
async function storedKeys(store: Store, petIds: number[]): Promise<string[]> {
  const categories = await store.db
    .selectFrom('categories')
    .select(['name', 'name_key'])
    .where('name', '=', 'Straẞenhunde')
    .execute();
  const breeds = await store.db
    .selectFrom('breeds')
    .select(['name', 'name_key'])
    .where('name', 'in', ['Großspitz', 'GROẞSPITZ'])
    .execute();
  const pets = await store.db
    .selectFrom('pets')
    .select(['id', 'breed_key'])
    .where('id', 'in', petIds)
    .execute();
  const tags = await store.db
    .selectFrom('pet_terms')
    .select(['pet_id', 'term'])
    .where('kind', '=', 't')
    .where('pet_id', 'in', petIds)
    .execute();
  return [
    ...categories.map((row) => `category ${row.name} ${row.name_key}`),
    ...breeds.map((row) => `breed ${row.name} ${row.name_key}`),
    ...pets.map((row) => `pet ${petIds.indexOf(Number(row.id))} ${row.breed_key}`),
    ...tags.map((row) => `tag ${petIds.indexOf(Number(row.pet_id))} ${row.term}`),
  ].sort();
}

/** The keys as the releases before computed them: literal, not computed by any rule of the code. */
const keysBefore = [
  'breed Großspitz grossspitz',
  'category Straẞenhunde straßenhunde',
  'pet 0 großspitz',
  'pet 1 null',
  'pet 2 großspitz',
  'tag 0 indoor',
  'tag 0 strasse',
  'tag 0 straße',
  'tag 1 ﬁsh',
].sort();

/** The same rows under the one rule: `ß` and `ẞ` fold to `ss`, ligatures to their letters. */
const keysAfter = [
  'breed Großspitz grossspitz',
  'category Straẞenhunde strassenhunde',
  'pet 0 grossspitz',
  'pet 1 null',
  'pet 2 grossspitz',
  'tag 0 indoor',
  'tag 0 strasse',
  'tag 1 fish',
].sort();

/** The deployment as the release before left it; the third pet was removed. */
async function olderDeployment(store: Store): Promise<number[]> {
  await store.db
    .insertInto('categories')
    .values({ name: 'Straẞenhunde', name_key: 'straßenhunde' })
    .execute();
  await store.db
    .insertInto('breeds')
    .values({ category_id: dog, name: 'Großspitz', name_key: 'grossspitz' })
    .execute();
  const pets = [
    {
      breed: 'Großspitz',
      breedKey: 'großspitz',
      tags: ['Straße', 'STRASSE', 'Indoor'],
      terms: ['straße', 'strasse', 'indoor'],
    },
    { breed: null, breedKey: null, tags: ['ﬁsh'], terms: ['ﬁsh'] },
    { breed: 'Großspitz', breedKey: 'großspitz', tags: [], terms: [], removed: true },
  ];
  const ids: number[] = [];
  for (const [i, pet] of pets.entries()) {
    const { id } = await store.db
      .insertInto('pets')
      .values({
        name: `Pet ${i}`,
        category_id: dog,
        status: 'available',
        breed: pet.breed,
        breed_key: pet.breedKey,
        name_key: `pet ${i}`,
        tags: JSON.stringify(pet.tags),
        created_at: 1_700_000_000_000 + i,
        updated_at: 1_700_000_000_000 + i,
        ...(pet.removed ? { removed_at: 1_700_000_000_100 } : {}),
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(Number(id));
    if (pet.terms.length > 0) {
      await store.db
        .insertInto('pet_terms')
        .values(pet.terms.map((term) => ({ pet_id: Number(id), kind: 't', term })))
        .execute();
    }
  }
  return ids;
}

for (const backend of backends) {
  describe(`name keys migration on ${backend.name}`, () => {
    test('every key follows the one rule; the filters find the names it makes one; down restores the keys', async () => {
      const { config, remove } = backend.freshDeployment({ migrate: false });
      const store = await openBefore(config, nameKeysMigration);
      let app: Awaited<ReturnType<typeof buildApp>> | undefined;
      try {
        const ids = await olderDeployment(store);
        const [spitz, fish] = ids;
        assert.deepEqual(await storedKeys(store, ids), keysBefore, 'the release before');
        assert.ok((await migrateToLatest(store)).includes(nameKeysMigration));
        assert.deepEqual(await storedKeys(store, ids), keysAfter, 'up');

        app = await buildApp({ config, store });
        const { key } = await app.services.apiKeys.create({ name: 'test', plan: 'free' });
        const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
          app!.inject({
            method,
            url,
            headers: { authorization: `Bearer ${key}` },
            ...(payload ? { payload } : {}),
          });
        const found = async (query: string) => {
          const res = await call('GET', `/v1/pets?${query}`);
          assert.equal(res.statusCode, 200, res.body);
          return (res.json() as Array<{ id: number }>).map((pet) => pet.id);
        };
        for (const breed of ['GROSSSPITZ', 'Gro%C3%9Fspitz', 'gro%E1%BA%9EspitZ'])
          assert.deepEqual(await found(`breed=${breed}`), [spitz], `breed=${breed}`);
        assert.deepEqual(await found('tag=strasse'), [spitz]);
        assert.deepEqual(await found('tag=STRA%C3%9FE'), [spitz]);
        assert.deepEqual(await found('tag=FISH'), [fish]);
        const taken = await call('POST', '/v1/categories', { name: 'STRASSENHUNDE' });
        assert.equal(taken.statusCode, 409, taken.body);
        assert.equal(taken.json().code, 'category_exists');

        const { error } = await new Migrator({
          db: store.db,
          provider: { getMigrations: async () => migrationsFor(store.dialect) },
          migrationTableSchema: store.schema,
        }).migrateTo('2026-11-28-f-word-index');
        assert.equal(error, undefined);
        assert.deepEqual(await storedKeys(store, ids), keysBefore, 'down puts back every key');
        // Up again: this migration and every later one, which went down first.
        const later = Object.keys(migrationsFor(store.dialect)).filter((name) => name >= nameKeysMigration);
        assert.deepEqual(await migrateToLatest(store), later, 'and up again');
        assert.equal(later[0], nameKeysMigration);
        assert.deepEqual(await storedKeys(store, ids), keysAfter, 'up again');
      } finally {
        await (app ? app.close() : store.close());
        await remove();
      }
    });

    test('names the rule makes one stop the migration before it writes anything, naming them', async () => {
      const { config, remove } = backend.freshDeployment({ migrate: false });
      const store = await openBefore(config, nameKeysMigration);
      try {
        await store.db
          .insertInto('breeds')
          .values([
            { category_id: dog, name: 'Großspitz', name_key: 'grossspitz' },
            { category_id: dog, name: 'GROẞSPITZ', name_key: 'großspitz' },
          ])
          .execute();
        await assert.rejects(
          migrateToLatest(store),
          /"Großspitz" and "GROẞSPITZ" of category 1 are now one name/,
        );
        const keys = await store.db
          .selectFrom('breeds')
          .select('name_key')
          .where('name', 'in', ['Großspitz', 'GROẞSPITZ'])
          .execute();
        assert.deepEqual(keys.map((row) => row.name_key).sort(), ['grossspitz', 'großspitz']);
      } finally {
        await store.close();
        await remove();
      }
    });
  });
}
