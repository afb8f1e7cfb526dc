// The last word of `q` matches as a prefix, however many words begin with it: SQLite spells a prefix out as the
// words that begin with it (up to 64) and asks FTS5 for a prefix beyond that (docs/search.md), and both must
// list the same pets, in id order and page by page. A word that left every pet finds none.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { backends } from '../helpers/backends.js';
import { addPet, followNext } from '../helpers/http-calls.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

/** 80 pets, each with a word of its own that begins with `zq` (zq0 … zq79), and every other one `calm`. */
const count = 80;

for (const backend of backends) {
  describe(`prefixes of many words on ${backend.name}`, () => {
    let t: TestApp;
    const ids: number[] = [];
    before(async () => {
      t = await startTestApp(backend);
      for (let i = 0; i < count; i++) {
        const pet = await addPet(t, {
          name: `Zq${i}`,
          description: i % 2 ? 'calm' : 'lively',
          categoryId: 5,
        });
        ids.push(pet.id);
      }
    });
    after(() => t.close());

    const walk = async (q: string) =>
      (await followNext<{ id: number }>(t, `/v1/pets?limit=7&q=${encodeURIComponent(q)}`, t.auth)).map(
        (pet) => pet.id,
      );
    const those = (keep: (i: number) => boolean) => ids.filter((_, i) => keep(i));

    test('a prefix of more words than are spelled out: every pet, once, in id order, page by page', async () => {
      assert.deepEqual(await walk('zq'), ids);
      assert.deepEqual(
        await walk('calm zq'),
        those((i) => i % 2 === 1),
      );
    });

    test('a prefix of a few words, and a whole word: the pets that hold one of them', async () => {
      assert.deepEqual(
        await walk('zq7'),
        those((i) => String(i).startsWith('7')),
      );
      assert.deepEqual(
        await walk('calm zq7'),
        those((i) => String(i).startsWith('7') && i % 2 === 1),
      );
      assert.deepEqual(
        await walk('zq79'),
        those((i) => i === 79),
      );
      assert.deepEqual(await walk('zq80'), []);
    });

    test('a word that left its pet, and one that never was, find nothing', async () => {
      const res = await t.request({
        method: 'PATCH',
        url: `/v1/pets/${ids[3]}`,
        headers: { ...t.auth, 'content-type': 'application/merge-patch+json' },
        payload: { name: 'Renamed' },
      });
      assert.equal(res.statusCode, 200, res.body);
      assert.deepEqual(
        await walk('zq3'),
        those((i) => String(i).startsWith('3') && i !== 3),
      );
      assert.deepEqual(await walk('zq3 calm'), []);
      assert.deepEqual(await walk('renamed'), [ids[3]]);
      assert.deepEqual(await walk('nosuchword'), []);
    });
  });
}
