// Property-based suite for finding pets, on every backend: any q of up to 200 characters (any Unicode but the
// control characters, which are 400 as in every single-line text) is answered 200 with exactly the pets the
// word rule gives, and any combination of filters and sort, walked by
// its cursors, gives exactly the corpus's matches in the sort's order. Seeded: FUZZ_SEED replays a run.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import fc from 'fast-check';
import { backends } from '../helpers/backends.js';
import { followNext } from '../helpers/http-calls.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

const seed = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const numRuns = Number(process.env.FUZZ_RUNS ?? 60);

interface Pet {
  id: number;
  name: string;
  categoryId: number;
  sex: string | null;
  size: string | null;
  goodWith: Record<string, boolean | null>;
  tags: string[];
  breed: string | null;
  color: string | null;
  description: string | null;
  createdAt: string;
}

const words = [
  'Zoé',
  'zoe',
  'Tabby',
  'tab',
  'ШАРИК',
  '猫',
  'ñandú',
  'İstanbul',
  'straße',
  'x1',
  '42',
  'Ωmega',
];
const pick = <T>(values: readonly T[], i: number) => values[i % values.length]!;

const folded = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
const wordsOf = (text: string | null) => (text ? (folded(text).match(/[\p{L}\p{N}]+/gu) ?? []) : []);
const petWords = (pet: Pet) =>
  new Set(
    [pet.name, pet.breed, pet.color, ...pet.tags, pet.description]
      .flatMap(wordsOf)
      .map((w) => w.slice(0, 100)),
  );
/** The documented rule: every word of `q` is a word of the pet, except that the last, as written, may be the start of one. */
const found = (pets: Pet[], q: string) => {
  const query = wordsOf(q).map((w) => w.slice(0, 100));
  if (query.length === 0) return [];
  const whole = query.slice(0, -1);
  const last = query.at(-1)!;
  return pets.filter((pet) => {
    const own = petWords(pet);
    return whole.every((w) => own.has(w)) && [...own].some((w) => w.startsWith(last));
  });
};

for (const backend of backends) {
  describe(`finding pets under generated queries on ${backend.name}`, () => {
    let t: TestApp;
    const corpus: Pet[] = [];
    before(async () => {
      t = await startTestApp(backend);
      for (let i = 0; i < 40; i++) {
        const res = await t.request({
          method: 'POST',
          url: '/v1/pets',
          headers: t.auth,
          payload: {
            name: `${pick(words, i)} ${pick(words, i * 7 + 3)}`,
            categoryId: (i % 3) + 1,
            sex: pick(['female', 'male', null], i),
            size: pick(['small', 'large', null, 'medium'], i),
            goodWith: { cats: pick([true, false, null], i), dogs: pick([true, null], i) },
            tags: pick([[], ['Quiet'], ['quiet', 'x1']], i),
            description: `${pick(words, i * 3)} — ${pick(words, i * 5 + 1)}!`,
          },
        });
        assert.equal(res.statusCode, 201, res.body);
        corpus.push(res.json());
      }
    });
    after(() => t.close());

    test('any q of up to 200 characters: 200 and exactly the pets the word rule finds, or 400 for a control character', async () => {
      const q = fc.oneof(
        fc.string({ maxLength: 200, unit: 'binary' }),
        fc.string({ maxLength: 40, unit: 'grapheme' }),
        fc
          .array(fc.constantFrom(...words, '"', '*', ':', 'NEAR', 'OR', '-', '(', ')', ' ', 'ta', 'zo'), {
            maxLength: 6,
          })
          .map((parts) => parts.join(' ')),
        // A word said again last: it is then the prefix, and every word before it must be whole.
        fc
          .array(fc.constantFrom(...words, 'ta', 'zo', 'sh'), { minLength: 1, maxLength: 4 })
          .chain((parts) => fc.constantFrom(...parts).map((again) => [...parts, again].join(' '))),
      );
      await fc.assert(
        fc.asyncProperty(q, async (text) => {
          const res = await t.request({
            url: `/v1/pets?limit=100&q=${encodeURIComponent(text)}`,
            headers: t.auth,
          });
          if (/\p{Cc}/u.test(text)) {
            assert.equal(res.statusCode, 400, JSON.stringify(text));
            assert.match(res.json().message, /q must not contain control characters/);
            return;
          }
          assert.equal(res.statusCode, 200, `${JSON.stringify(text)}: ${res.body}`);
          const got = (res.json() as Pet[]).map((pet) => pet.id);
          assert.deepEqual(
            got,
            found(corpus, text).map((pet) => pet.id),
            JSON.stringify(text),
          );
        }),
        { seed, numRuns },
      );
    });

    test('any combination of filters and sort, walked by its cursors: exactly the matches, in order', async () => {
      const query = fc.record(
        {
          categoryId: fc.subarray([1, 2, 3], { minLength: 1 }),
          sex: fc.subarray(['female', 'male', 'unknown'], { minLength: 1 }),
          size: fc.subarray(['small', 'medium', 'large', 'xlarge'], { minLength: 1 }),
          goodWith: fc.subarray(['cats', 'dogs'], { minLength: 1 }),
          tag: fc.subarray(['quiet', 'X1'], { minLength: 1 }),
          sort: fc.constantFrom('id', '-createdAt', 'name'),
          limit: fc.integer({ min: 1, max: 5 }),
        },
        { requiredKeys: ['sort', 'limit'] },
      );
      await fc.assert(
        fc.asyncProperty(query, async ({ sort, limit, ...filters }) => {
          const params = Object.entries(filters).map(([name, values]) => `${name}=${values.join(',')}`);
          const got = await followNext<Pet>(
            t,
            `/v1/pets?${[...params, `sort=${sort}`, `limit=${limit}`].join('&')}`,
            t.auth,
          );
          const matches = corpus.filter(
            (pet) =>
              (!filters.categoryId || filters.categoryId.includes(pet.categoryId)) &&
              (!filters.sex || filters.sex.includes(pet.sex!)) &&
              (!filters.size || filters.size.includes(pet.size!)) &&
              (!filters.goodWith || filters.goodWith.every((name) => pet.goodWith[name] === true)) &&
              (!filters.tag ||
                filters.tag.every((tag) => pet.tags.some((own) => own.toLowerCase() === tag.toLowerCase()))),
          );
          const key = (pet: Pet) => [...folded(pet.name)].map((c) => c.codePointAt(0)!);
          const byName = (a: Pet, b: Pet) => {
            const [x, y] = [key(a), key(b)];
            for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
            return x.length - y.length || a.id - b.id;
          };
          const order = {
            id: (a: Pet, b: Pet) => a.id - b.id,
            '-createdAt': (a: Pet, b: Pet) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id,
            name: byName,
          }[sort];
          assert.deepEqual(
            got.map((pet) => pet.id),
            matches.sort(order).map((pet) => pet.id),
          );
        }),
        { seed, numRuns },
      );
    });
  });
}
