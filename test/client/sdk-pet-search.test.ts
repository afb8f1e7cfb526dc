// The SDK's finding of animals against a real listening server, on every backend: each filter typed and sent as
// the service reads it, auto-paging that keeps the filters and sort on every page, and syncPets, whose cursor
// misses no change. What a search should find is worked out from the corpus it made (search-corpus.ts).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { PetstoreClient, type ListPetsOptions, type Pet } from '@petstore/client';
import { backends } from '../helpers/backends.js';
import { corpusCategories, fold, searchCorpus, wordsOf } from '../helpers/search-corpus.js';
import { failureOf, startSdkServer, type SdkServer } from '../helpers/sdk-server.js';

/** The ids of `pets`, in the order given. */
const ids = (pets: Pet[]) => pets.map((pet) => pet.id);

for (const backend of backends) {
  describe(`SDK pet search on ${backend.name}`, () => {
    let server: SdkServer;
    let client: PetstoreClient;
    /** The query strings the SDK sent, latest last. */
    const sent: URLSearchParams[] = [];
    let pets: Pet[];
    before(async () => {
      server = await startSdkServer(backend);
      client = new PetstoreClient({
        baseUrl: server.baseUrl,
        apiKey: server.key,
        fetch: (request) => {
          sent.push(new URL(request.url).searchParams);
          return fetch(request);
        },
      });
      pets = [];
      for (const pet of searchCorpus) pets.push(await client.createPet(pet));
    });
    after(() => server.close());

    /** The corpus animals for which `keep` holds, in id order. */
    const where = (keep: (pet: Pet) => boolean) => ids(pets.filter(keep));
    const inCorpus = { categoryId: corpusCategories };

    test('each filter is sent as the service reads it: a list as a comma list, a Date in RFC 3339', async () => {
      const since = new Date(Date.parse(pets[7]!.updatedAt));
      await client.listPets({
        categoryId: [3, 4],
        breed: ['Lop', 'Rex'],
        sex: 'female',
        age: ['young', 'adult'],
        size: ['small', 'medium'],
        coat: 'short',
        goodWith: ['cats', 'dogs'],
        attributes: ['vaccinated'],
        tag: ['calm', 'indoor'],
        q: 'quiet tab',
        updatedSince: since,
        sort: '-createdAt',
        limit: 5,
      });
      assert.deepEqual(Object.fromEntries(sent.at(-1)!), {
        categoryId: '3,4',
        breed: 'Lop,Rex',
        sex: 'female',
        age: 'young,adult',
        size: 'small,medium',
        coat: 'short',
        goodWith: 'cats,dogs',
        attributes: 'vaccinated',
        tag: 'calm,indoor',
        q: 'quiet tab',
        updatedSince: since.toISOString(),
        sort: '-createdAt',
        limit: '5',
      });
    });

    test('published: a boolean sent as true or false, kept on every page of listAllPets', async () => {
      const category = 901;
      const made: Pet[] = [];
      for (let i = 0; i < 5; i++)
        made.push(
          await client.createPet({ name: `Side ${i}`, categoryId: category, published: i % 2 === 0 }),
        );
      for (const published of [true, false]) {
        const found: Pet[] = [];
        for await (const pet of client.listAllPets({ categoryId: category, published, limit: 1 }))
          found.push(pet);
        assert.deepEqual(ids(found), ids(made.filter((pet) => pet.published === published)));
        assert.equal(sent.at(-1)!.get('published'), String(published), 'on the last page too');
      }
    });

    const searches: Array<[string, ListPetsOptions, (pet: Pet) => boolean]> = [
      [
        'categories, sizes and good with cats',
        { categoryId: [3, 4], size: ['small', 'medium'], goodWith: ['cats'] },
        (pet) =>
          [3, 4].includes(pet.categoryId) && ['small', 'medium'].includes(pet.size!) && !!pet.goodWith.cats,
      ],
      [
        'one sex, ages and coats',
        { ...inCorpus, sex: 'female', age: ['young', 'adult'], coat: ['short', 'long'] },
        (pet) => pet.sex === 'female' && ['young', 'adult'].includes(pet.age!) && pet.coat !== 'curly',
      ],
      [
        'good with cats, vaccinated and house-trained',
        { ...inCorpus, goodWith: ['cats'], attributes: ['vaccinated', 'houseTrained'] },
        (pet) => !!pet.goodWith.cats && !!pet.attributes.vaccinated && !!pet.attributes.houseTrained,
      ],
      [
        'breeds and a tag in any case',
        { ...inCorpus, breed: ['lop', 'ANGORA'], tag: 'INDOOR' },
        (pet) => ['Lop', 'Angora'].includes(pet.breed!) && pet.tags.includes('Indoor'),
      ],
      [
        'words, the last a prefix, accents ignored',
        { ...inCorpus, q: 'tab' },
        (pet) => wordsOf(pet).some((word) => word.startsWith('tab')),
      ],
      ['a word with its accent folded', { ...inCorpus, q: 'zoe' }, (pet) => wordsOf(pet).includes('zoe')],
      ['an empty list, which is no filter', { ...inCorpus, size: [], goodWith: [] }, () => true],
    ];
    for (const [what, options, keep] of searches) {
      test(`listPets finds what the filters say: ${what}`, async () => {
        const found = await client.listPets({ ...options, limit: 100 });
        assert.deepEqual(ids(found), where(keep));
        assert.ok(found.length > 0, 'the corpus has some');
      });
    }

    test('updatedSince as a Date and as a string find the same animals', async () => {
      const since = pets[5]!.updatedAt;
      const expected = where((pet) => pet.updatedAt >= since);
      assert.deepEqual(ids(await client.listPets({ ...inCorpus, updatedSince: new Date(since) })), expected);
      assert.deepEqual(ids(await client.listPets({ ...inCorpus, updatedSince: since })), expected);
    });

    test('listAllPets keeps the filters and the sort on every page', async () => {
      const before = sent.length;
      const options = { ...inCorpus, size: ['small', 'large'], sort: 'name', limit: 2 } as const;
      const found: Pet[] = [];
      for await (const pet of client.listAllPets(options)) found.push(pet);
      const expected = pets
        .filter((pet) => ['small', 'large'].includes(pet.size!))
        .sort((a, b) => (fold(a.name) < fold(b.name) ? -1 : 1));
      assert.deepEqual(ids(found), ids(expected));
      const pages = sent.slice(before);
      assert.equal(pages.length, Math.ceil(expected.length / 2));
      for (const [n, query] of pages.entries()) {
        assert.deepEqual(
          [query.get('categoryId'), query.get('size'), query.get('sort'), query.get('limit')],
          ['3,4,5', 'small,large', 'name', '2'],
        );
        assert.equal(query.has('cursor'), n > 0, 'every page after the first goes on from a cursor');
      }
      const newest: Pet[] = [];
      for await (const pet of client.listAllPets({ ...inCorpus, sort: '-createdAt', limit: 5 }))
        newest.push(pet);
      assert.deepEqual(ids(newest), ids(pets).reverse());
    });

    test('a value outside its set is the service’s validation_failed, naming the parameter', async () => {
      const error = await failureOf(client.listPets({ size: 'huge' as never }));
      assert.equal(error.code, 'validation_failed');
      assert.match(error.message, /size/);
      await assert.rejects(client.listPets({ updatedSince: new Date(Number.NaN) }), TypeError);
    });

    test('listPetsPage gives the resume cursor on the last page of a resumable sort, none on the others', async () => {
      const last = await client.listPetsPage({ ...inCorpus, sort: 'updatedAt', limit: 100 });
      assert.equal(last.nextCursor, undefined);
      assert.ok(last.resumeCursor);
      const later = await client.listPetsPage({ ...inCorpus, sort: 'updatedAt', cursor: last.resumeCursor });
      assert.deepEqual(later.items, [], 'nothing changed since');
      const newest = await client.listPetsPage({ ...inCorpus, sort: '-createdAt', limit: 100 });
      assert.equal(newest.resumeCursor, undefined, 'newest first has no place to resume at');
      const first = await client.listPetsPage({ ...inCorpus, limit: 2 });
      assert.ok(first.nextCursor);
      assert.equal(first.resumeCursor, undefined, 'a page with more behind it names the next alone');
    });

    test('syncPets gives every animal changed since its cursor, then the cursor of the next run', async () => {
      const category = 6;
      const made: Pet[] = [];
      for (const name of ['Ada', 'Bo', 'Cy'])
        made.push(await client.createPet({ name, categoryId: category }));
      const first = client.syncPets({ categoryId: category, limit: 2 });
      assert.equal(first.cursor, undefined, 'nothing read yet');
      const seen: Pet[] = [];
      for await (const pet of first) seen.push(pet);
      assert.deepEqual(ids(seen), ids(made));
      assert.ok(first.cursor);
      const fromTime = client.syncPets({ categoryId: category, updatedSince: new Date(made[1]!.updatedAt) });
      const since: string[] = [];
      for await (const pet of fromTime) since.push(pet.name);
      assert.deepEqual(since, ['Bo', 'Cy'], 'from a time rather than a cursor');

      await client.updatePet(made[1]!.id, { name: 'Bob' });
      const dee = await client.createPet({ name: 'Dee', categoryId: category });
      await client.createPet({ name: 'Elsewhere', categoryId: 1 });
      const next = client.syncPets({ categoryId: category, limit: 2, cursor: first.cursor });
      const changed: string[] = [];
      for await (const pet of next) changed.push(pet.name);
      assert.deepEqual(changed, ['Bob', 'Dee'], 'the changed and the new, oldest change first');

      const again: string[] = [];
      for await (const pet of first) again.push(pet.name);
      assert.deepEqual(again, ['Bob', 'Dee'], 'iterated again, a sync goes on from its own cursor');
      const changedSince: string[] = [];
      for await (const pet of fromTime) changedSince.push(pet.name);
      assert.deepEqual(changedSince, ['Bob', 'Dee'], 'its cursor goes with its updatedSince');
      for await (const pet of next) assert.fail(`nothing changed, yet ${pet.name} came`);
      assert.ok(next.cursor);
      await client.removePet(dee.id);
      for await (const pet of next) assert.fail(`a removal is not a listed change, yet ${pet.name} came`);
    });

    test('a sync stopped half way is taken up at the page it stopped in', async () => {
      const category = 8;
      const made: Pet[] = [];
      for (let i = 0; i < 5; i++) made.push(await client.createPet({ name: `S${i}`, categoryId: category }));
      const sync = client.syncPets({ categoryId: category, limit: 2 });
      const handled: Pet[] = [];
      let savedCursor: string | undefined;
      for await (const pet of sync) {
        handled.push(pet);
        savedCursor = sync.cursor;
        if (handled.length === 3) break; // the first of the second page
      }
      const resumed: Pet[] = [];
      for await (const pet of client.syncPets({ categoryId: category, limit: 2, cursor: savedCursor }))
        resumed.push(pet);
      assert.deepEqual(ids(resumed), ids(made.slice(2)), 'the second page again, then the rest');
    });

    test('a sync run while another client edits misses no change', async () => {
      const category = 7;
      const made: Pet[] = [];
      for (let i = 0; i < 12; i++) made.push(await client.createPet({ name: `W${i}`, categoryId: category }));
      const copy = new Map<number, Pet>();
      const sync = client.syncPets({ categoryId: category, limit: 3 });
      let writing = true;
      const writer = (async () => {
        for (let i = 0; writing || i < 10; i++) {
          const pet = made[(i * 5) % made.length]!;
          await client.updatePet(pet.id, { name: `W${i}-edit`, tags: [`round-${i}`] });
        }
      })();
      for (let run = 0; run < 4; run++) for await (const pet of sync) copy.set(pet.id, pet);
      writing = false;
      await writer;
      for await (const pet of sync) copy.set(pet.id, pet);
      const now: Pet[] = [];
      for await (const pet of client.listAllPets({ categoryId: category })) now.push(pet);
      assert.deepEqual(
        [...copy.values()].sort((a, b) => a.id - b.id),
        now,
        'the copy is what the service holds',
      );
    });
  });
}
