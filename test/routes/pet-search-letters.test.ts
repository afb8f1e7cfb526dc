// Word search keeps the service's own words as they are, on every backend: a word is matched whole or by its
// start, never split or folded again by the database's rules. SQLite's default FTS5 tokenizer would split
// `ᦃᦲᦑ` (its Unicode tables call the New Tai Lue vowel U+19B2 a mark, Unicode 8 a letter) and fold the final
// sigma `ς` into `σ`; PostgreSQL's array_to_tsvector does neither, and both databases must find the same pets.
// Words past 100 characters are cut, in the index and in queries alike.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { backends } from '../helpers/backends.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

const pets = [
  { name: 'ᦃᦲᦑ', categoryId: 3, status: 'available' },
  { name: 'Λόγος', categoryId: 3, status: 'available' },
  { name: 'Tom', categoryId: 3, status: 'available', description: 'x'.repeat(120) },
];

for (const backend of backends) {
  describe(`word search by the service's letters on ${backend.name}`, () => {
    let t: TestApp;
    const ids: number[] = [];
    before(async () => {
      t = await startTestApp(backend);
      for (const pet of pets) {
        const res = await t.request({ method: 'POST', url: '/v1/pets', headers: t.auth, payload: pet });
        assert.equal(res.statusCode, 201, res.body);
        ids.push((res.json() as { id: number }).id);
      }
    });
    after(() => t.close());

    const found = async (q: string) => {
      const res = await t.request({ url: `/v1/pets?q=${encodeURIComponent(q)}`, headers: t.auth });
      assert.equal(res.statusCode, 200, res.body);
      return (res.json() as Array<{ id: number }>).map((pet) => pet.id);
    };

    const cases: Array<[string, number[]]> = [
      ['ᦃᦲᦑ', [0]],
      ['ᦃᦲ', [0]],
      ['ᦑ', []],
      ['ΛΌΓΟΣ', [1]],
      ['λογος', [1]],
      ['λογοσ', []],
      ['x'.repeat(100), [2]],
      ['x'.repeat(101), [2]],
    ];
    for (const [q, expected] of cases) {
      test(`q=${q.length > 20 ? `${q.slice(0, 5)}… (${q.length})` : q} finds ${expected.length} pet(s)`, async () => {
        assert.deepEqual(
          await found(q),
          expected.map((i) => ids[i]),
        );
      });
    }
  });
}
