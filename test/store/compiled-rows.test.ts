// A multi-row insert compiled once per dialect and shape runs what Kysely's builder would have built, with
// each call's values in their places, on every backend of the same process.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sql, type KyselyPlugin } from 'kysely';
import { openStore } from '../../src/store/open-store.js';
import { compiledRows } from '../../src/store/repositories/compiled-rows.js';
import type { PetStatus } from '../../src/domain/pet.js';
import type { NewPetRow } from '../../src/store/schema.js';
import type { Store } from '../../src/store/store.js';
import { backends } from '../helpers/backends.js';

const pets = (names: string[]): NewPetRow[] =>
  names.map((name, i) => ({
    name,
    category_id: i + 1,
    status: 'pending',
    created_at: 1000 + i,
    updated_at: 1000 + i,
  }));

const stored = async (store: Store, ids: number[]) =>
  store.db
    .selectFrom('pets')
    .select(['name', 'category_id', 'status', 'created_at', 'updated_at'])
    .where('id', 'in', ids)
    .orderBy('id')
    .execute();

test('compiled once per dialect and shape; every value in its row and column', async () => {
  const deployments = backends.map((backend) => backend.freshDeployment());
  const stores = await Promise.all(deployments.map(({ config }) => openStore(config)));
  let builds = 0;
  const insert = compiledRows((db, rows: NewPetRow[]) => {
    builds++;
    return db.insertInto('pets').values(rows).returning('id');
  });
  try {
    // Interleaved: each dialect keeps its own compilation (SQLite's `?` and PostgreSQL's `$1` differ).
    for (const round of [1, 2, 3]) {
      for (const store of stores) {
        const before = builds;
        const rows = pets([`a${round}`, `b${round}`, `c${round}`]);
        const ids = (await insert(store.db, rows)).map((row) => row.id);
        assert.deepEqual(await stored(store, ids), rows, `${store.dialect}, round ${round}`);
        assert.equal(builds - before, round === 1 ? 1 : 0, 'built only to compile the shape, once');
      }
    }

    for (const store of stores) {
      // Keys in another order in one row: the values still go to their own columns.
      const [first, second] = pets(['d', 'e']) as [NewPetRow, NewPetRow];
      const reordered = {
        updated_at: second.updated_at,
        created_at: second.created_at,
        status: second.status,
        category_id: 2,
        name: 'e',
      };
      const ids = (await insert(store.db, [first, reordered])).map((row) => row.id);
      assert.deepEqual(await stored(store, ids), [first, second], store.dialect);

      // Rows of different columns are built every time, as Kysely's builder alone would.
      const uneven = [pets(['f'])[0]!, { ...pets(['g'])[0]!, id: 1_000_000 }];
      const before = builds;
      const unevenIds = (await insert(store.db, uneven)).map((row) => row.id);
      assert.ok(unevenIds.includes(1_000_000), 'the row with an id got it');
      assert.equal(builds - before, 1, 'built, not compiled');
    }
  } finally {
    await Promise.all(stores.map((store) => store.close()));
    await Promise.all(deployments.map(({ remove }) => remove()));
  }
});

test('a statement with a constant of its own is built every time', async () => {
  const { config, remove } = backends[0]!.freshDeployment();
  const store = await openStore(config);
  let builds = 0;
  const insert = compiledRows((db, rows: NewPetRow[]) => {
    builds++;
    return db
      .insertInto('pets')
      .values(rows.map((row) => ({ ...row, status: 'sold' as const })))
      .returning('id');
  });
  try {
    for (const name of ['a', 'b']) {
      const ids = (await insert(store.db, pets([name]))).map((row) => row.id);
      assert.deepEqual(
        (await stored(store, ids)).map((row) => [row.name, row.status]),
        [[name, 'sold']],
      );
    }
    assert.equal(builds, 3, 'once for the markers, then built for each call');
  } finally {
    await store.close();
    await remove();
  }
});

test('a handle with a plugin, or a value written into the SQL, is built every time', async () => {
  const { config, remove } = backends[0]!.freshDeployment();
  const store = await openStore(config);
  let seen = 0;
  const counting: KyselyPlugin = {
    transformQuery: ({ node }) => (node.kind === 'InsertQueryNode' && seen++, node),
    transformResult: async ({ result }) => result,
  };
  const plain = compiledRows((db, rows: NewPetRow[]) => db.insertInto('pets').values(rows).returning('id'));
  const literal = compiledRows((db, rows: NewPetRow[]) =>
    db
      .insertInto('pets')
      .values(rows.map((row) => ({ ...row, name: sql.lit(row.name) })))
      .returning('id'),
  );
  try {
    for (const name of ['a', 'b', 'c']) await plain(store.db.withPlugin(counting), pets([name]));
    assert.equal(seen, 3, 'the plugin saw every insert');

    const ids = [];
    for (const name of ['d', 'e']) ids.push(...(await literal(store.db, pets([name]))).map((row) => row.id));
    assert.deepEqual(
      (await stored(store, ids)).map((row) => row.name),
      ['d', 'e'],
    );
  } finally {
    await store.close();
    await remove();
  }
});

test('values every row shares are parameters of their own, compiled once with the rows', async () => {
  const deployments = backends.map((backend) => backend.freshDeployment());
  const stores = await Promise.all(deployments.map(({ config }) => openStore(config)));
  let builds = 0;
  const move = compiledRows(
    (db, rows: Array<{ id: number }>, { from, to }: { from: PetStatus; to: PetStatus }) => {
      builds++;
      return db
        .updateTable('pets')
        .set({ status: to })
        .where(
          'id',
          'in',
          rows.map((row) => row.id),
        )
        .where('status', '=', from)
        .returning(['id', 'status']);
    },
  );
  const moved = async (store: Store, ids: number[], from: PetStatus, to: PetStatus) =>
    (
      await move(
        store.db,
        ids.map((id) => ({ id })),
        { from, to },
      )
    )
      .sort((a, b) => a.id - b.id)
      .map((row) => [row.id, row.status]);
  try {
    for (const store of stores) {
      const inserted = await store.db
        .insertInto('pets')
        .values(pets(['a', 'b', 'c']).map((row) => ({ ...row, status: 'available' as const })))
        .returning('id')
        .execute();
      const [a, b, c] = inserted.map((row) => row.id).sort((x, y) => x - y) as [number, number, number];
      const before = builds;
      assert.deepEqual(await moved(store, [a, b], 'available', 'pending'), [
        [a, 'pending'],
        [b, 'pending'],
      ]);
      // The same shape with other shared values: only the pet still in `from` moves, to the new `to`.
      assert.deepEqual(await moved(store, [a, c], 'available', 'sold'), [[c, 'sold']]);
      assert.deepEqual(await moved(store, [b, a], 'pending', 'available'), [
        [a, 'available'],
        [b, 'available'],
      ]);
      assert.deepEqual(await moved(store, [c], 'sold', 'pending'), [[c, 'pending']]);
      assert.equal(builds - before, 2, `${store.dialect}: built once for each of the two group sizes`);
    }
  } finally {
    await Promise.all(stores.map((store) => store.close()));
    await Promise.all(deployments.map(({ remove }) => remove()));
  }
});

test('a statement of no rows and no shared values compiles once per dialect', async () => {
  const { config, remove } = backends[0]!.freshDeployment();
  const store = await openStore(config);
  let builds = 0;
  const names = compiledRows((db) => {
    builds++;
    return db.selectFrom('pets').select('name').orderBy('id');
  });
  try {
    const before = (await names(store.db, [])).length;
    await store.db
      .insertInto('pets')
      .values(pets(['a']))
      .execute();
    const after = await names(store.db, []);
    assert.equal(after.length, before + 1, 'each call reads the table as it is');
    assert.equal(after.at(-1)!.name, 'a');
    assert.equal(builds, 1);
  } finally {
    await store.close();
    await remove();
  }
});
