// The animal's profile through HTTP, on every backend: each field's accepted edge values, a refused value
// naming the field, a null round trip, and the one shape of every answer.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { backends } from '../helpers/backends.js';
import { unknownProfile } from '../helpers/pet-profile.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

/** A category without a record, so without a breed list: any breed is taken (the breed rule has its own tests). */
const free = 77;

/** Now, as the test app's clock sees it: the real one. */
const today = () => new Date().toISOString().slice(0, 10);
const daysFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** For each field: values it takes (as sent, and as answered when that differs), and one it refuses. */
const fields: Array<{
  field: string;
  accepted: Array<[sent: unknown, answered?: unknown]>;
  refused: unknown;
  message: RegExp;
}> = [
  {
    field: 'breed',
    accepted: [['A'], ['b'.repeat(100)], ['  Beagle  ', 'Beagle']],
    refused: 'b'.repeat(101),
    message: /breed must be at most 100 characters/,
  },
  {
    field: 'mixedBreed',
    accepted: [[true], [false]],
    refused: 'yes',
    message: /mixedBreed must be a boolean/,
  },
  {
    field: 'sex',
    accepted: [['female'], ['male'], ['unknown']],
    refused: 'f',
    message: /sex must be one of female, male, unknown/,
  },
  {
    field: 'age',
    accepted: [['baby'], ['young'], ['adult'], ['senior']],
    refused: 'old',
    message: /age must be one of baby, young, adult, senior/,
  },
  {
    field: 'birthDate',
    accepted: [['1900-01-01'], [today()], ['2024-02-29']],
    refused: '2023-02-29',
    message: /birthDate must match format "date"/,
  },
  {
    field: 'size',
    accepted: [['small'], ['medium'], ['large'], ['xlarge']],
    refused: 'huge',
    message: /size must be one of small, medium, large, xlarge/,
  },
  {
    field: 'color',
    accepted: [['c'], ['c'.repeat(50)]],
    refused: 'c'.repeat(51),
    message: /color must be at most 50 characters/,
  },
  {
    field: 'coat',
    accepted: [['hairless'], ['short'], ['medium'], ['long'], ['wire'], ['curly']],
    refused: 'fluffy',
    message: /coat must be one of hairless, short, medium, long, wire, curly/,
  },
  {
    field: 'description',
    accepted: [[''], ['d'.repeat(10_000)], ['Line one\nLine two\n\nLine four']],
    refused: 'tab\there',
    message: /description must not contain control characters other than newline/,
  },
  {
    field: 'attributes',
    accepted: [
      [
        { spayedNeutered: true, houseTrained: false, vaccinated: null, specialNeeds: true },
        { spayedNeutered: true, houseTrained: false, vaccinated: null, specialNeeds: true },
      ],
      [
        { vaccinated: true },
        { spayedNeutered: null, houseTrained: null, vaccinated: true, specialNeeds: null },
      ],
    ],
    refused: { vaccinated: 'yes' },
    message: /attributes\.vaccinated must be a boolean or null/,
  },
  {
    field: 'goodWith',
    accepted: [
      [
        { children: true, dogs: false, cats: null },
        { children: true, dogs: false, cats: null },
      ],
      [{}, { children: null, dogs: null, cats: null }],
    ],
    refused: { horses: true },
    message: /unknown field 'horses' in goodWith/,
  },
  {
    field: 'tags',
    accepted: [[[]], [['t']], [Array.from({ length: 10 }, (_, i) => `tag ${i}`.padEnd(30, 'x'))]],
    refused: ['Calm', 'calm'],
    message: /tags must be unique whatever their case/,
  },
];

/** The answer's value of a field left out or cleared. */
const cleared = (field: string) => (unknownProfile as Record<string, unknown>)[field];

for (const backend of backends) {
  describe(`pet profiles on ${backend.name}`, () => {
    let t: TestApp;
    before(async () => {
      t = await startTestApp(backend);
    });
    after(() => t.close());

    const create = (payload: object) =>
      t.request({ method: 'POST', url: '/v1/pets', headers: t.auth, payload });
    const patch = (id: number, payload: object) =>
      t.request({ method: 'PATCH', url: `/v1/pets/${id}`, headers: t.auth, payload });
    const get = async (id: number) => (await t.request({ url: `/v1/pets/${id}`, headers: t.auth })).json();

    test('a pet created with the seed fields alone answers every profile field, unknown, no photo, and is published', async () => {
      const res = await create({ name: 'Rex', categoryId: free });
      assert.equal(res.statusCode, 201, res.body);
      const pet = res.json();
      const { id, createdAt, updatedAt, etag, ...rest } = pet;
      assert.equal(etag, res.headers.etag, 'the body carries the ETag the header does');
      assert.deepEqual(rest, {
        name: 'Rex',
        categoryId: free,
        status: 'available',
        published: true,
        ...unknownProfile,
        photos: [],
      });
      assert.equal(createdAt, updatedAt);
      assert.ok(Math.abs(Date.parse(createdAt) - Date.now()) < 60_000);
      assert.match(createdAt, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      assert.deepEqual(await get(id), pet);
      const listed = (await t.request({ url: '/v1/pets?limit=100', headers: t.auth })).json();
      assert.deepEqual(
        listed.find((p: { id: number }) => p.id === id),
        pet,
      );
    });

    for (const { field, accepted, refused, message } of fields) {
      test(`${field}: its edge values on create and patch, a refused value, and a null round trip`, async () => {
        for (const [sent, answered = sent] of accepted) {
          const res = await create({ name: 'Rex', categoryId: free, [field]: sent });
          assert.equal(res.statusCode, 201, `${JSON.stringify(sent)}: ${res.body}`);
          assert.deepEqual(res.json()[field], answered);
          const id = res.json().id as number;
          assert.deepEqual((await get(id))[field], answered);

          const fresh = (await create({ name: 'Rex', categoryId: free })).json().id as number;
          const patched = await patch(fresh, { [field]: sent });
          assert.equal(patched.statusCode, 200, patched.body);
          assert.deepEqual(patched.json()[field], answered);

          const clearedRes = await patch(id, { [field]: null });
          assert.equal(clearedRes.statusCode, 200, clearedRes.body);
          assert.deepEqual(clearedRes.json()[field], cleared(field));
          assert.deepEqual((await get(id))[field], cleared(field));
        }
        const first = (await create({ name: 'Rex', categoryId: free })).json().id as number;
        for (const send of [create, (body: object) => patch(first, body)]) {
          const res = await send({ name: 'Rex', categoryId: free, [field]: refused });
          assert.equal(res.statusCode, 400, res.body);
          assert.equal(res.json().code, 'validation_failed');
          assert.match(res.json().message, message);
        }
        const nulled = await create({ name: 'Rex', categoryId: free, [field]: null });
        assert.equal(nulled.statusCode, 201, nulled.body);
        assert.deepEqual(nulled.json()[field], cleared(field));
      });
    }

    test('birthDate: not in the future, not before 1900', async () => {
      for (const [birthDate, rule] of [
        ['1899-12-31', /birthDate 1899-12-31 is before 1900-01-01/],
        [daysFromToday(2), /is in the future/],
      ] as const) {
        const res = await create({ name: 'Rex', categoryId: free, birthDate });
        assert.equal(res.statusCode, 400, res.body);
        assert.match(res.json().message, rule);
      }
    });

    test('tags: at most 10, each 1 to 30 characters', async () => {
      for (const [tags, rule] of [
        [Array.from({ length: 11 }, (_, i) => `t${i}`), /tags must/],
        [[''], /tags\.0 must be at least 1 character/],
        [['x'.repeat(31)], /tags\.0 must be at most 30 characters/],
      ] as const) {
        const res = await create({ name: 'Rex', categoryId: free, tags });
        assert.equal(res.statusCode, 400, res.body);
        assert.match(res.json().message, rule);
      }
    });

    test('a description is kept whole: never truncated in any answer', async () => {
      const description = `${'Loves walks. '.repeat(700)}\nEnd`.slice(0, 10_000);
      const { id } = (await create({ name: 'Long', categoryId: free, description })).json();
      assert.equal((await get(id)).description, description);
      const page = (await t.request({ url: '/v1/pets?limit=100', headers: t.auth })).json();
      assert.equal(page.find((p: { id: number }) => p.id === id).description, description);
    });

    test('unknown fields are still refused, on create and on patch', async () => {
      const res = await create({ name: 'Rex', categoryId: free, colour: 'red' });
      assert.equal(res.statusCode, 400);
      assert.match(res.json().message, /unknown field 'colour'/);
      const { id } = (await create({ name: 'Rex', categoryId: free })).json();
      const patched = await patch(id, { colour: 'red' });
      assert.equal(patched.statusCode, 400);
      assert.match(patched.json().message, /unknown field 'colour'/);
    });
  });
}
