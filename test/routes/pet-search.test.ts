// Finding pets through HTTP, on every backend: each filter of GET /v1/pets alone and combined, every sort
// walked by its cursors, word search, and the rules on bad parameters. A fixed corpus of 200 pets is made
// here, and every expected answer is computed from it in the test.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { backends } from '../helpers/backends.js';
import { followNext } from '../helpers/http-calls.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

interface Pet {
  id: number;
  name: string;
  categoryId: number;
  status: string;
  breed: string | null;
  sex: string | null;
  age: string | null;
  size: string | null;
  coat: string | null;
  color: string | null;
  description: string | null;
  goodWith: Record<string, boolean | null>;
  attributes: Record<string, boolean | null>;
  tags: string[];
  createdAt: string;
  updatedAt: string;
}

const names = ['Zoé', 'Rex', 'Tabby', 'Шарик', 'Mao 猫', 'Ōscar', 'bella', 'Bella', 'Max', 'Luna', 'Émile'];
const breeds: Record<number, Array<string | null>> = {
  1: ['Beagle', 'Labrador Retriever', 'Mixed Breed', null],
  2: ['Domestic Short Hair', 'Siamese', 'Maine Coon', null],
  3: ['Lop', null],
  4: [null],
};
const colors = ['Black', 'Tabby brown', 'Чёрный', 'White and tan', null];
const descriptions = [
  'A calm companion who loves long walks.',
  'Playful; loves (NEAR) "quotes" OR -minus signs * and: colons',
  'Shy at first, then very affectionate. Great with older children.',
  '静かな猫です。 Quiet cat.',
  null,
  '🐶 Energetic dog! Needs a garden.',
];
const tagSets = [[], ['playful'], ['Quiet', 'indoor'], ['playful', 'senior friendly'], ['INDOOR']];
const cycle = <T>(values: readonly T[], i: number): T => values[i % values.length]!;
const flag = (i: number, salt: number): boolean | null => cycle([true, false, null], Math.floor(i / salt));

/** The i-th pet of the corpus, as sent. */
function corpusPet(i: number) {
  const categoryId = (i % 4) + 1;
  return {
    name: `${cycle(names, i)} ${i}`,
    categoryId,
    status: cycle(['available', 'available', 'pending', 'sold'], i),
    breed: cycle(breeds[categoryId]!, Math.floor(i / 4)),
    sex: cycle(['female', 'male', 'unknown', null], i),
    age: cycle(['baby', 'young', 'adult', 'senior', null], i),
    size: cycle(['small', 'medium', 'large', 'xlarge', null], Math.floor(i / 3)),
    coat: cycle(['short', 'medium', 'long', 'wire', 'curly', 'hairless', null], i),
    color: cycle(colors, i),
    description: cycle(descriptions, i),
    goodWith: { children: flag(i, 1), dogs: flag(i, 2), cats: flag(i, 5) },
    attributes: {
      vaccinated: flag(i, 3),
      houseTrained: flag(i, 7),
      spayedNeutered: flag(i, 4),
      specialNeeds: null,
    },
    tags: cycle(tagSets, i),
  };
}

/** Code point order, as both databases compare the keys: JavaScript's `<` compares UTF-16 units. */
const byCodePoints = (a: string, b: string) => {
  const [x, y] = [[...a], [...b]];
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const d = x[i]!.codePointAt(0)! - y[i]!.codePointAt(0)!;
    if (d !== 0) return d;
  }
  return x.length - y.length;
};
const folded = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
const wordsIn = (pet: Pet) =>
  new Set(
    [pet.name, pet.breed, pet.color, ...pet.tags, pet.description].flatMap((text) =>
      text ? (folded(text).match(/[\p{L}\p{N}]+/gu) ?? []) : [],
    ),
  );
/** The pets `q` must find, by the documented rule: every word a word of the pet, the last also a prefix. */
const matching = (pets: Pet[], q: string) => {
  // In the order written, repeats kept: a word said twice is still the last one when it ends the query.
  const words = folded(q).match(/[\p{L}\p{N}]+/gu) ?? [];
  if (words.length === 0) return [];
  const whole = words.slice(0, -1);
  const last = words.at(-1)!;
  return pets.filter((pet) => {
    const own = wordsIn(pet);
    return whole.every((word) => own.has(word)) && [...own].some((word) => word.startsWith(last));
  });
};

for (const backend of backends) {
  describe(`finding pets on ${backend.name}`, () => {
    let t: TestApp;
    let corpus: Pet[] = [];
    before(async () => {
      t = await startTestApp(backend);
      for (let i = 0; i < 200; i++) {
        const res = await t.request({
          method: 'POST',
          url: '/v1/pets',
          headers: t.auth,
          payload: corpusPet(i),
        });
        assert.equal(res.statusCode, 201, res.body);
        corpus.push(res.json());
      }
    });
    after(() => t.close());

    const ids = (pets: Array<{ id: number }>) => pets.map((pet) => pet.id);
    /** Every pet of a listing, followed by rel="next" at a small page size, so that the cursors are used. */
    const walk = (query: string, limit = 7) =>
      followNext<Pet>(t, `/v1/pets?limit=${limit}${query ? `&${query}` : ''}`, t.auth);
    const byId = (pets: Pet[]) => [...pets].sort((a, b) => a.id - b.id);

    const filters: Array<[string, (pet: Pet) => boolean]> = [
      ['categoryId=2', (pet) => pet.categoryId === 2],
      ['categoryId=1,3', (pet) => [1, 3].includes(pet.categoryId)],
      ['categoryId=99', () => false],
      ['breed=beagle', (pet) => pet.breed === 'Beagle'],
      ['breed=SIAMESE,maine%20coon', (pet) => ['Siamese', 'Maine Coon'].includes(pet.breed!)],
      ['sex=female', (pet) => pet.sex === 'female'],
      ['sex=male,unknown', (pet) => ['male', 'unknown'].includes(pet.sex!)],
      ['age=baby,senior', (pet) => ['baby', 'senior'].includes(pet.age!)],
      ['size=small', (pet) => pet.size === 'small'],
      ['coat=wire,curly', (pet) => ['wire', 'curly'].includes(pet.coat!)],
      ['goodWith=cats', (pet) => pet.goodWith.cats === true],
      ['goodWith=children,dogs', (pet) => pet.goodWith.children === true && pet.goodWith.dogs === true],
      ['attributes=vaccinated', (pet) => pet.attributes.vaccinated === true],
      [
        'attributes=vaccinated,houseTrained',
        (pet) => pet.attributes.vaccinated === true && pet.attributes.houseTrained === true,
      ],
      ['tag=playful', (pet) => pet.tags.includes('playful')],
      ['tag=indoor', (pet) => pet.tags.some((tag) => tag.toLowerCase() === 'indoor')],
      [
        'tag=playful,senior%20friendly',
        (pet) => pet.tags.includes('playful') && pet.tags.includes('senior friendly'),
      ],
      [
        'status=available&categoryId=2&goodWith=cats',
        (pet) => pet.status === 'available' && pet.categoryId === 2 && pet.goodWith.cats === true,
      ],
      [
        'categoryId=1&size=small,medium&goodWith=cats',
        (pet) =>
          pet.categoryId === 1 && ['small', 'medium'].includes(pet.size!) && pet.goodWith.cats === true,
      ],
      [
        'age=young&categoryId=2&goodWith=dogs',
        (pet) => pet.age === 'young' && pet.categoryId === 2 && pet.goodWith.dogs === true,
      ],
    ];
    for (const [query, wanted] of filters) {
      test(`${query}: exactly the corpus's matches, in id order, each once`, async () => {
        const expected = corpus.filter(wanted);
        assert.deepEqual(ids(await walk(query)), ids(expected));
      });
    }

    const sorts: Array<[string, (a: Pet, b: Pet) => number]> = [
      ['id', (a, b) => a.id - b.id],
      ['updatedAt', (a, b) => a.updatedAt.localeCompare(b.updatedAt) || a.id - b.id],
      ['-updatedAt', (a, b) => b.updatedAt.localeCompare(a.updatedAt) || b.id - a.id],
      ['-createdAt', (a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id],
      ['name', (a, b) => byCodePoints(folded(a.name), folded(b.name)) || a.id - b.id],
    ];
    for (const [sort, order] of sorts) {
      test(`sort=${sort}: every pet once, in its order, by its cursors, alone and filtered`, async () => {
        assert.deepEqual(ids(await walk(`sort=${sort}`)), ids([...corpus].sort(order)));
        const filtered = await walk(`sort=${sort}&categoryId=2&sex=female,male,unknown`, 3);
        assert.ok(filtered.length > 3, 'several pages');
        for (const pet of filtered) {
          assert.equal(pet.categoryId, 2, `${pet.id}: the filter's category`);
          assert.notEqual(pet.sex, null, `${pet.id}: one of the filter's sexes`);
        }
        assert.deepEqual(
          ids(filtered),
          ids(corpus.filter((pet) => pet.categoryId === 2 && pet.sex !== null).sort(order)),
        );
      });
    }

    test('a cursor is refused with another filter or another sort: 400 invalid_cursor', async () => {
      const first = await t.request({ url: '/v1/pets?limit=2&sort=name&size=small', headers: t.auth });
      const cursor = /cursor=([^>&]+)/.exec(first.headers.link as string)![1]!;
      for (const other of [
        'sort=name&size=medium',
        'size=small',
        'sort=-updatedAt&size=small',
        'sort=name',
      ]) {
        const res = await t.request({ url: `/v1/pets?limit=2&${other}&cursor=${cursor}`, headers: t.auth });
        assert.equal(res.statusCode, 400, other);
        assert.equal(res.json().code, 'invalid_cursor');
      }
      // The same listing, its values in another order, takes it.
      const same = await t.request({
        url: `/v1/pets?limit=2&size=small&sort=name&cursor=${cursor}`,
        headers: t.auth,
      });
      assert.equal(same.statusCode, 200);
      const listing = await t.request({ url: '/v1/pets?limit=1&categoryId=1,2', headers: t.auth });
      const listed = /cursor=([^>&]+)/.exec(listing.headers.link as string)![1]!;
      const reordered = await t.request({
        url: `/v1/pets?limit=1&categoryId=2,1&cursor=${listed}`,
        headers: t.auth,
      });
      assert.equal(reordered.statusCode, 200, reordered.body);
    });

    test('a plain or status-only listing keeps the links and cursors it always had', async () => {
      const res = await t.request({ url: '/v1/pets?limit=2&status=available', headers: t.auth });
      assert.match(
        res.headers.link as string,
        /^<\/v1\/pets\?limit=2&status=available&cursor=[^>]+>; rel="next"$/,
      );
    });

    const searches: Array<[string, string[] | undefined]> = [
      ['zoe', undefined],
      ['ZOÉ', undefined],
      ['tab', undefined],
      ['tabby brown', undefined],
      ['calm walks', undefined],
      ['walks calm', undefined],
      ['cat tab cat', []],
      ['calm calm', undefined],
      ['tabby cat tabby', undefined],
      ['emile', undefined],
      ['шарик', undefined],
      ['ЧЁРНЫЙ', undefined],
      ['猫', undefined],
      ['静かな猫です', undefined],
      ['🐶', []],
      ['🐶 garden', undefined],
      ['"quotes"', undefined],
      ['NEAR OR', undefined],
      ['-minus', undefined],
      ['*', []],
      [':', []],
      ['(colons)', undefined],
      ['"unclosed', []],
      ["o'brien ) OR 1=1 --", []],
      ['x'.repeat(200), []],
    ];
    for (const [q, literal] of searches) {
      test(`q=${q.slice(0, 30)}: the pets the word rule finds`, async () => {
        const expected = matching(corpus, q);
        if (literal) assert.deepEqual(ids(expected), literal);
        const got = await walk(`q=${encodeURIComponent(q)}`, 50);
        assert.deepEqual(ids(got), ids(byId(expected)));
      });
    }

    test('q: accents fold both ways, the last word is a prefix, the others whole words', async () => {
      const zoe = corpus.filter((pet) => pet.name.startsWith('Zoé'));
      assert.ok(zoe.length > 0);
      for (const q of ['zoe', 'Zoe', 'ZOÉ', 'zoé'])
        assert.deepEqual(ids(await walk(`q=${encodeURIComponent(q)}`, 100)), ids(zoe));
      const tabby = await walk('q=tab', 100);
      assert.ok(
        tabby.some((pet) => pet.name.startsWith('Tabby')),
        'tab finds Tabby',
      );
      assert.deepEqual(ids(await walk('q=tab%20calm', 100)), [], '"tab" is not a whole word');
      const tabbyCats = await walk('q=cat%20tab', 100);
      assert.ok(tabbyCats.length > 0, 'cat tab finds a tabby cat');
      assert.deepEqual(
        ids(await walk('q=cat%20tab%20cat', 100)),
        [],
        'nor is it when a word comes back last',
      );
      const cat = await walk(`q=${encodeURIComponent('猫')}`, 100);
      assert.ok(cat.some((pet) => pet.name.startsWith('Mao 猫')));
    });

    test('q and the other filters combine, and sort with a cursor', async () => {
      const expected = matching(corpus, 'quiet').filter((pet) => pet.categoryId === 2);
      assert.ok(expected.length > 2);
      const got = await walk('q=quiet&categoryId=2&sort=-createdAt', 2);
      assert.deepEqual(
        ids(got),
        ids(expected).sort((a, b) => b - a),
      );
    });

    test('updatedSince: only pets changed at or after it, and edits move a pet into it', async () => {
      const since = new Date(Date.now() + 1).toISOString();
      assert.deepEqual(await walk(`updatedSince=${since}`), []);
      await new Promise((resolve) => setTimeout(resolve, 5));
      const target = corpus[17]!;
      const patched = await t.request({
        method: 'PATCH',
        url: `/v1/pets/${target.id}`,
        headers: t.auth,
        payload: { color: 'Grey' },
      });
      assert.equal(patched.statusCode, 200);
      assert.deepEqual(ids(await walk(`updatedSince=${since}&sort=updatedAt`)), [target.id]);
    });

    test('an edit and a removal keep the index: new words are found, old ones and removed pets are not', async () => {
      // Found by its name's two words before the edit, so that not finding it afterwards means something.
      const target = corpus.find((pet) => pet.name === 'bella 6')!;
      assert.ok(target, 'the corpus has a bella 6');
      const byOldName = 'q=bella%206';
      assert.ok(ids(await walk(byOldName)).includes(target.id), 'found by its name before the edit');
      const renamed = await t.request({
        method: 'PATCH',
        url: `/v1/pets/${target.id}`,
        headers: t.auth,
        payload: { name: 'Quokka', tags: ['Zebrafied'] },
      });
      assert.equal(renamed.statusCode, 200);
      assert.deepEqual(ids(await walk('q=quokka')), [target.id]);
      assert.deepEqual(ids(await walk('tag=zebrafied')), [target.id]);
      assert.ok(!ids(await walk(byOldName)).includes(target.id), 'the old name no longer finds it');
      assert.equal(
        (await t.request({ method: 'DELETE', url: `/v1/pets/${target.id}`, headers: t.auth })).statusCode,
        204,
      );
      assert.deepEqual(await walk('q=quokka'), []);
      assert.deepEqual(await walk('tag=zebrafied'), []);
      corpus = corpus.filter((p) => p.id !== target.id);
    });

    test('a sync by updatedSince and sort=updatedAt, resumed by its link, misses no change made during it', async () => {
      const since = new Date().toISOString();
      const edited = new Set<number>();
      let writing = true;
      const writer = (async () => {
        for (let i = 0; i < 60; i++) {
          const pet = corpus[(i * 37) % corpus.length]!;
          const res = await t.request({
            method: 'PATCH',
            url: `/v1/pets/${pet.id}`,
            headers: t.auth,
            payload: { description: `Edited ${i}` },
          });
          assert.equal(res.statusCode, 200, res.body);
          edited.add(pet.id);
        }
        writing = false;
      })();
      const seen = new Set<number>();
      let url: string | undefined = `/v1/pets?limit=3&updatedSince=${since}&sort=updatedAt`;
      let lastRound = false;
      for (;;) {
        const res = await t.request({ url: url!, headers: t.auth });
        assert.equal(res.statusCode, 200, res.body);
        for (const pet of res.json() as Pet[]) seen.add(pet.id);
        const link = res.headers.link as string;
        const next = /<([^>]+)>; rel="next"/.exec(link)?.[1];
        if (next) {
          url = next;
          continue;
        }
        // The end for now: resume from here later, as a sync client does, until a pass after the writer.
        url = /<([^>]+)>; rel="resume"/.exec(link)![1];
        if (lastRound) break;
        if (!writing) lastRound = true;
        await new Promise((resolve) => setImmediate(resolve));
      }
      await writer;
      assert.deepEqual(
        [...edited].filter((id) => !seen.has(id)),
        [],
        'every edited pet was seen',
      );
    });

    const refused: Array<[string, RegExp]> = [
      ['size=huge', /size must be one or more of small, medium, large, xlarge/],
      ['sex=female,', /sex must be one or more of/],
      ['goodWith=horses', /goodWith must be one or more of children, dogs, cats/],
      ['attributes=vaccinated,cute', /attributes must be one or more of/],
      ['categoryId=0', /categoryId must be one or more category ids/],
      ['categoryId=1,x', /categoryId must be one or more category ids/],
      [
        `categoryId=${Array.from({ length: 21 }, (_, i) => i + 1).join(',')}`,
        /categoryId must be one or more category ids \(at most 20\)/,
      ],
      ['categoryId=9007199254740993', /categoryId must be at most/],
      ['breed=,', /breed must be one or more values/],
      [`tag=${'x'.repeat(31)}`, /tag must list tags of 1 to 30 characters/],
      ['updatedSince=yesterday', /updatedSince must match format "date-time"/],
      ['updatedSince=2026-13-01T00:00:00Z', /updatedSince/],
      ['sort=age', /sort must be one of id, updatedAt, -updatedAt, -createdAt, name/],
      [`q=${'x'.repeat(201)}`, /q must be at most 200 characters/],
      ['colour=red', /unknown query parameter 'colour'/],
    ];
    for (const [query, message] of refused) {
      test(`${query.slice(0, 40)}: 400 validation_failed naming the parameter`, async () => {
        const res = await t.request({ url: `/v1/pets?${query}`, headers: t.auth });
        assert.equal(res.statusCode, 400, res.body);
        assert.equal(res.json().code, 'validation_failed');
        assert.match(res.json().message, message);
      });
    }
  });
}
