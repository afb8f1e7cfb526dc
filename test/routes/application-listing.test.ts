// The application listing through HTTP, on every backend: the sorts, `limit` and its bounds, the pages that
// `Link: rel="next"` joins, and the filters `status`, `petId` and `q`, kept on every page. The applications
// are made once, a minute apart, so that every expected answer is written from the list below.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { act, application, submit } from '../helpers/applications.js';
import { backends } from '../helpers/backends.js';
import { followPages, newPet } from '../helpers/http-calls.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

const minute = 60_000;

/** The applicants `q` is tried on; the rest of the 25 are alike, so that they match none of the words. */
const named = [
  { name: 'Zoé Ångström', email: 'zoe.angstrom@fjord.example' },
  { name: 'ZOE Park', email: 'zpark@harbour.example' },
  { name: 'Bob Müller', email: 'bob@mullerfarm.example' },
  { name: 'Zoey Smith', email: 'zs@field.example' },
  { name: 'Anna-Lena Öberg', email: 'anna@oberg.example' },
];
const total = 25;
/** The status each application by its place in the list is moved to; the others stay submitted. */
const moves: Record<number, 'review' | 'withdraw' | 'decline'> = {
  1: 'review',
  3: 'withdraw',
  4: 'review',
  9: 'decline',
};
const statusAfter = { review: 'in_review', withdraw: 'withdrawn', decline: 'declined' } as const;

interface Made {
  id: string;
  name: string;
  petId: number | null;
  status: string;
}

/** `q` and the names it must find: words folded, each whole but the last, which may be a prefix. */
const searches: Array<[string, string[]]> = [
  ['zoe', ['Zoé Ångström', 'ZOE Park', 'Zoey Smith']],
  ['ZOÉ', ['Zoé Ångström', 'ZOE Park', 'Zoey Smith']],
  ['zoe park', ['ZOE Park']],
  ['zoe angst', ['Zoé Ångström']],
  ['zo angstrom', []],
  ['oe', []],
  ['MÜLLER', ['Bob Müller']],
  ['mullerf', ['Bob Müller']],
  ['lena', ['Anna-Lena Öberg']],
  ['oberg anna', ['Anna-Lena Öberg']],
  ['fjord', ['Zoé Ångström']],
  ['smith zo', ['Zoey Smith']],
  ['!!!', []],
];

for (const backend of backends) {
  describe(`the application listing on ${backend.name}`, () => {
    let t: TestApp;
    let now = Date.UTC(2026, 2, 1, 9, 0, 0);
    /** Every application, oldest first, as the test made it. */
    const made: Made[] = [];
    const pets: number[] = [];
    before(async () => {
      t = await startTestApp(backend, {}, { clock: () => now });
      pets.push(await newPet(t), await newPet(t));
      for (let i = 0; i < total; i++) {
        now += minute;
        const applicant = named[i] ?? { name: 'Crowd Member', email: `member${i}@crowd.example` };
        const petId = i % 3 === 2 ? null : pets[i % 3]!;
        const { id } = await submit(t, application(petId, { applicant }));
        made.push({ id, name: applicant.name, petId, status: 'submitted' });
      }
      now += minute;
      for (const [i, action] of Object.entries(moves)) {
        const res = await act(t, made[+i]!.id, action, action === 'decline' ? { reason: 'No' } : undefined);
        assert.equal(res.statusCode, 200, res.body);
        made[+i]!.status = statusAfter[action];
      }
    });
    after(() => t.close());

    const newestFirst = (filter: (a: Made) => boolean = () => true) =>
      made
        .filter(filter)
        .reverse()
        .map((a) => a.id);
    const walk = async (query: string) => {
      const pages = await followPages<Made>(t, `/v1/applications?${query}`, t.auth);
      return { pages, ids: pages.flatMap((page) => page.items.map((a) => a.id)) };
    };
    const listed = async (query: string) => {
      const res = await t.request({ url: `/v1/applications?${query}`, headers: t.auth });
      assert.equal(res.statusCode, 200, res.body);
      return { res, ids: (res.json() as Made[]).map((a) => a.id) };
    };

    test('newest first by default and with sort=-createdAt; oldest first with sort=createdAt', async () => {
      assert.deepEqual((await listed('limit=100')).ids, newestFirst());
      assert.deepEqual((await listed('limit=100&sort=-createdAt')).ids, newestFirst());
      assert.deepEqual((await listed('limit=100&sort=createdAt')).ids, newestFirst().reverse());
    });

    test('20 a page by default; limit from 1 to 100; outside that, or not a number, 400', async () => {
      const first = await listed('');
      assert.deepEqual(first.ids, newestFirst().slice(0, 20));
      assert.match(String(first.res.headers.link), /rel="next"/);
      assert.deepEqual((await listed('limit=1')).ids, newestFirst().slice(0, 1));
      const all = await listed('limit=100');
      assert.equal(all.ids.length, total);
      assert.doesNotMatch(String(all.res.headers.link), /rel="next"/, 'one page holds them all');
      for (const limit of ['0', '101', '-1', 'ten', '2.5']) {
        const res = await t.request({ url: `/v1/applications?limit=${limit}`, headers: t.auth });
        assert.equal(res.statusCode, 400, `limit=${limit}: ${res.body}`);
      }
    });

    for (const sort of ['-createdAt', 'createdAt']) {
      test(`sort=${sort}: Link rel="next" on every page but the last, each application once`, async () => {
        const { pages, ids } = await walk(`sort=${sort}&limit=7`);
        assert.deepEqual(
          pages.map((page) => page.items.length),
          [7, 7, 7, 4],
        );
        for (const page of pages.slice(0, -1)) assert.match(String(page.link), /rel="next"/);
        assert.doesNotMatch(String(pages.at(-1)!.link), /rel="next"/);
        assert.deepEqual(ids, sort === 'createdAt' ? newestFirst().reverse() : newestFirst());
      });
    }

    test('status: only the applications in it, on every page', async () => {
      for (const status of ['submitted', 'in_review', 'withdrawn', 'declined', 'approved']) {
        const { ids } = await walk(`status=${status}&limit=2`);
        assert.deepEqual(
          ids,
          newestFirst((a) => a.status === status),
          status,
        );
      }
    });

    test('petId: only the applications for the animal, on every page, in both sorts', async () => {
      for (const petId of pets) {
        const expected = newestFirst((a) => a.petId === petId);
        assert.deepEqual((await walk(`petId=${petId}&limit=3`)).ids, expected);
        assert.deepEqual((await walk(`petId=${petId}&limit=3&sort=createdAt`)).ids, expected.reverse());
      }
    });

    for (const [q, names] of searches) {
      test(`q=${q}: ${names.length === 0 ? 'none' : names.join(', ')}`, async () => {
        const { ids } = await walk(`q=${encodeURIComponent(q)}&limit=1`);
        assert.deepEqual(
          ids,
          newestFirst((a) => names.includes(a.name)),
        );
      });
    }

    test('filters combine, and their pages keep every one of them', async () => {
      const zoes = searches[0]![1];
      const cases: Array<[string, (a: Made) => boolean]> = [
        ['q=zoe&status=submitted', (a) => zoes.includes(a.name) && a.status === 'submitted'],
        ['q=zoe&status=in_review', (a) => zoes.includes(a.name) && a.status === 'in_review'],
        [`q=zoe&petId=${pets[0]}`, (a) => zoes.includes(a.name) && a.petId === pets[0]],
        [`status=submitted&petId=${pets[1]}`, (a) => a.status === 'submitted' && a.petId === pets[1]],
        ['q=crowd&status=declined', (a) => a.name === 'Crowd Member' && a.status === 'declined'],
      ];
      for (const [query, matches] of cases) {
        const expected = newestFirst(matches);
        assert.ok(expected.length > 0, `${query} is tried on applications it matches`);
        assert.deepEqual((await walk(`${query}&limit=1`)).ids, expected, query);
        assert.deepEqual((await walk(`${query}&limit=1&sort=createdAt`)).ids, expected.reverse(), query);
      }
    });
  });
}
