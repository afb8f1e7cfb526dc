// Moving the words of pets from `pet_terms` to the dialect's word index, on a deployment whose pets were
// indexed by the release before: the same pets are found afterwards, the tag rows stay, removed pets stay
// out, and going back down restores the word rows exactly. On every backend.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Migrator } from 'kysely';
import { buildApp } from '../../src/app.js';
import { migrateToLatest, migrationsFor } from '../../src/store/migrations/index.js';
import { insertTermRows, wordRowsOf } from '../../src/store/migrations/pet-word-rows.js';
import { tagRowsOf } from '../../src/store/repositories/pet-terms-repository.js';
import type { Store } from '../../src/store/store.js';
import { backends } from '../helpers/backends.js';
import { openBefore } from '../helpers/older-deployment.js';

const wordIndexMigration = '2026-11-28-f-word-index';

const pets = [
  { name: 'Zoé', description: 'A calm tabby. Чёрный кот.', tags: ['Indoor', 'senior friendly'] },
  { name: 'Rex', description: 'Loves long walks (NEAR) the river', tags: [] },
  { name: 'Mao 猫', description: '静かな猫です', tags: ['indoor'] },
];
/** Removed before the upgrade: the release before had already taken its rows out of the index. */
const removed = { name: 'Gone', description: 'A calm ghost', tags: ['indoor'] };

const termRows = async (store: Store) =>
  (await store.db.selectFrom('pet_terms').select(['pet_id', 'kind', 'term']).execute())
    .map((row) => `${row.pet_id} ${row.kind} ${row.term}`)
    .sort();

/** The deployment as the release before left it: pets with their word and tag rows in `pet_terms`. */
async function olderDeployment(store: Store): Promise<number[]> {
  const ids: number[] = [];
  for (const [i, pet] of [...pets, removed].entries()) {
    const row = await store.db
      .insertInto('pets')
      .values({
        name: pet.name,
        category_id: 2,
        status: 'available',
        description: pet.description,
        tags: JSON.stringify(pet.tags),
        created_at: 1_700_000_000_000 + i,
        updated_at: 1_700_000_000_000 + i,
        ...(pet === removed ? { removed_at: 1_700_000_000_100 } : {}),
      } as never)
      .returning(['id', 'name', 'breed', 'color', 'description', 'tags'])
      .executeTakeFirstOrThrow();
    const fields = { ...row, id: Number(row.id) };
    if (pet !== removed) await insertTermRows(store.db, [...wordRowsOf(fields), ...tagRowsOf(fields)]);
    ids.push(fields.id);
  }
  return ids;
}

for (const backend of backends) {
  describe(`word index migration on ${backend.name}`, () => {
    test('the words move to the word index; the same pets are found; down restores the rows', async () => {
      const { config, remove } = backend.freshDeployment({ migrate: false });
      const store = await openBefore(config, wordIndexMigration);
      let app: Awaited<ReturnType<typeof buildApp>> | undefined;
      try {
        const [zoe, rex, mao] = await olderDeployment(store);
        const before = await termRows(store);
        assert.ok(
          before.some((row) => row.includes(' w calm')),
          'the release before kept word rows',
        );
        assert.ok((await migrateToLatest(store)).includes(wordIndexMigration));
        app = await buildApp({ config, store });
        const { key } = await app.services.apiKeys.create({ name: 'test', plan: 'free' });
        const found = async (query: string) => {
          const res = await app!.inject({
            url: `/v1/pets?${query}`,
            headers: { authorization: `Bearer ${key}` },
          });
          assert.equal(res.statusCode, 200, res.body);
          return (res.json() as Array<{ id: number }>).map((pet) => pet.id);
        };
        assert.deepEqual(await found('q=calm'), [zoe], 'the removed pet stays out');
        assert.deepEqual(await found('q=ZOE%20tab'), [zoe]);
        assert.deepEqual(await found('q=%D1%87%D0%B5%D1%80'), [zoe], 'Cyrillic, as a prefix');
        assert.deepEqual(await found('q=near%20riv'), [rex]);
        assert.deepEqual(await found('q=%E9%9D%99%E3%81%8B'), [mao], 'CJK, as a prefix');
        assert.deepEqual(await found('q=ghost'), []);
        assert.deepEqual(await found('tag=INDOOR'), [zoe, mao], 'the tag rows stay');
        assert.deepEqual(await found('tag=senior%20friendly&q=zo'), [zoe]);
        assert.deepEqual(
          (await termRows(store)).filter((row) => !row.split(' ')[1]!.startsWith('t')),
          [],
          'no word row is left in pet_terms',
        );

        const { error } = await new Migrator({
          db: store.db,
          provider: { getMigrations: async () => migrationsFor(store.dialect) },
          migrationTableSchema: store.schema,
        }).migrateTo('2026-11-28-e-photos');
        assert.equal(error, undefined);
        assert.deepEqual(await termRows(store), before, 'down writes the word rows back');
        assert.deepEqual(
          await migrateToLatest(store),
          Object.keys(migrationsFor(store.dialect)).filter((name) => name >= wordIndexMigration),
          'and up again',
        );
        assert.deepEqual(await found('q=calm%20tabby'), [zoe]);
      } finally {
        await (app ? app.close() : store.close());
        await remove();
      }
    });
  });
}
