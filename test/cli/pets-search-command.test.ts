// `petstore pets list` and `pets export` with the listing's filters and sorts, as a user runs them: a child
// process talking HTTP to a listening app. The searches and the sync run on every backend, their expected
// animals worked out from the corpus (search-corpus.ts); the refusals, which happen before anything is sent,
// run once.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Pet } from '@petstore/client';
import { backends } from '../helpers/backends.js';
import { addPet } from '../helpers/http-calls.js';
import { petNames as names, runCli } from '../helpers/run-cli.js';
import { fold, searchCorpus, wordsOf } from '../helpers/search-corpus.js';
import { startSdkServer, type SdkServer } from '../helpers/sdk-server.js';

const resumeHint = /^That was the last page: later, add --cursor (\S+) for the pets changed since\.$/m;

for (const backend of backends) {
  describe(`petstore pets list and export, filtered, on ${backend.name}`, () => {
    let server: SdkServer;
    let env: Record<string, string>;
    let pets: Pet[];
    before(async () => {
      server = await startSdkServer(backend);
      env = { PETSTORE_URL: server.baseUrl, PETSTORE_API_KEY: server.key };
      pets = [];
      for (const pet of searchCorpus) pets.push(await addPet(server, pet));
    });
    after(() => server.close());

    /** The ids of the corpus animals for which `keep` holds, in id order. */
    const where = (keep: (pet: Pet) => boolean) => pets.filter(keep).map((pet) => pet.id);
    const listed = async (...args: string[]) => {
      const res = await runCli(['pets', 'list', ...args, '--json'], env);
      assert.equal(res.code, 0, res.stderr);
      return (JSON.parse(res.stdout) as { items: Pet[] }).items.map((pet) => pet.id);
    };

    test('list takes every filter, a list as commas (a flag given twice adds to it), and sorts as asked', async () => {
      const since = pets[10]!.updatedAt;
      const adopter = where(
        (pet) =>
          [3, 5].includes(pet.categoryId) &&
          ['small', 'xlarge'].includes(pet.size!) &&
          pet.goodWith.cats === true &&
          pet.updatedAt >= since,
      );
      assert.deepEqual(
        await listed(
          ...['--category', '3,5', '--size', 'small,xlarge', '--good-with', 'cats', '--updated-since', since],
          ...['--sort', '-createdAt'],
        ),
        adopter.reverse(),
        'newest arrival first',
      );
      const profile = where(
        (pet) =>
          ['Lop', 'Angora'].includes(pet.breed!) &&
          ['female', 'unknown'].includes(pet.sex!) &&
          ['baby', 'adult'].includes(pet.age!),
      );
      assert.deepEqual(
        await listed('--breed', 'lop,ANGORA', '--sex', 'female,unknown', '--age', 'baby', '--age', 'adult'),
        profile,
      );
      const care = where(
        (pet) =>
          ['long', 'curly'].includes(pet.coat!) &&
          pet.attributes.vaccinated === true &&
          pet.tags.includes('calm') &&
          pet.tags.includes('Indoor'),
      );
      assert.deepEqual(
        await listed(
          '--coat',
          'long,curly',
          '--attributes',
          'vaccinated',
          '--tag',
          'calm',
          '--tag',
          'indoor',
        ),
        care,
      );
      const tab = pets.filter((pet) => wordsOf(pet).some((word) => word.startsWith('tab')));
      assert.deepEqual(
        await listed('--q', 'TAB', '--category', '3,4,5', '--sort', 'name'),
        tab.sort((a, b) => (fold(a.name) < fold(b.name) ? -1 : 1)).map((pet) => pet.id),
      );
      for (const found of [adopter, profile, care, tab])
        assert.ok(found.length > 1, 'each search finds some');
    });

    test('a sync: --sort updatedAt --all, then the cursor it names gives the pets changed since', async () => {
      const made: Pet[] = [];
      for (const name of ['Ada', 'Bo', 'Cy']) made.push(await addPet(server, { name, categoryId: 6 }));
      const sync = ['pets', 'list', '--category', '6', '--sort', 'updatedAt', '--all'];
      const first = await runCli([...sync, '--limit', '2'], env);
      assert.equal(first.code, 0, first.stderr);
      assert.deepEqual(names(first.stdout), ['Ada', 'Bo', 'Cy']);
      const [, cursor] = resumeHint.exec(first.stderr) ?? [];
      assert.ok(cursor, first.stderr);

      const edited = await server.request({
        method: 'PATCH',
        url: `/v1/pets/${made[1]!.id}`,
        headers: server.auth,
        payload: { name: 'Bob' },
      });
      assert.equal(edited.statusCode, 200);
      const next = await runCli([...sync, '--cursor', cursor], env);
      assert.equal(next.code, 0, next.stderr);
      assert.deepEqual(names(next.stdout), ['Bob']);
      assert.match(next.stderr, resumeHint);

      // A page under --json names the cursor to resume at as a field, once it is the last.
      const page = await runCli(['pets', 'list', '--category', '6', '--sort', 'updatedAt', '--json'], env);
      const { items, nextCursor, resumeCursor } = JSON.parse(page.stdout);
      assert.deepEqual(
        items.map((pet: Pet) => pet.name),
        ['Ada', 'Cy', 'Bob'],
      );
      assert.equal(nextCursor, null);
      assert.equal(typeof resumeCursor, 'string');
      assert.equal(page.stderr, '', 'under --json the cursor is a field, not a hint');
      assert.deepEqual(await listed('--category', '6', '--sort', 'updatedAt', '--cursor', resumeCursor), []);

      // Every page under --json: the pets are the array on stdout, and the cursor the hint on stderr.
      const all = await runCli([...sync, '--json', '--limit', '2'], env);
      assert.equal(all.code, 0, all.stderr);
      assert.deepEqual(
        JSON.parse(all.stdout).map((pet: Pet) => pet.name),
        ['Ada', 'Cy', 'Bob'],
      );
      const [, allCursor] = resumeHint.exec(all.stderr) ?? [];
      assert.deepEqual(await listed('--category', '6', '--sort', 'updatedAt', '--cursor', allCursor!), []);
    });

    test('list and export --published true|false choose each side; export writes the column after status', async () => {
      const shown = await addPet(server, { name: 'Shown', categoryId: 62 });
      const hidden = await addPet(server, { name: 'Kept back', categoryId: 62, published: false });
      for (const [value, pet] of [
        ['true', shown],
        ['false', hidden],
      ] as const) {
        assert.deepEqual(await listed('--category', '62', '--published', value), [pet.id], value);
        const res = await runCli(['pets', 'export', '--category', '62', '--published', value], env);
        assert.equal(res.code, 0, res.stderr);
        const [header, row, ...rest] = res.stdout.trim().split('\n');
        assert.deepEqual(rest, []);
        assert.equal(header!.split(',').indexOf('published'), 4, 'after status, in the API’s order');
        assert.equal(row!.split(',')[4], value);
      }
    });

    test('export takes the same filters', async () => {
      const res = await runCli(
        [
          'pets',
          'export',
          '--category',
          '3,5',
          '--size',
          'small,xlarge',
          '--good-with',
          'cats',
          '--format',
          'ndjson',
        ],
        env,
      );
      assert.equal(res.code, 0, res.stderr);
      const exported = res.stdout
        .trim()
        .split('\n')
        .map((line) => (JSON.parse(line) as Pet).id);
      assert.deepEqual(
        exported,
        where(
          (pet) =>
            [3, 5].includes(pet.categoryId) &&
            ['small', 'xlarge'].includes(pet.size!) &&
            pet.goodWith.cats === true,
        ),
      );
    });
  });
}

describe('petstore pets list: filters refused before anything is sent', () => {
  let server: SdkServer;
  let env: Record<string, string>;
  before(async () => {
    server = await startSdkServer(backends[0]!);
    env = { PETSTORE_URL: server.baseUrl, PETSTORE_API_KEY: server.key };
  });
  after(() => server.close());

  const long = (n: number) => 'x'.repeat(n);
  const refusals: Array<[string[], RegExp]> = [
    [
      ['--size', 'small,huge'],
      /'--size <values>' argument 'small,huge' is invalid\. 'huge' is not one of small, medium, large, xlarge/,
    ],
    [['--sex', 'f'], /'f' is not one of female, male, unknown/],
    [['--age', 'old'], /'old' is not one of baby, young, adult, senior/],
    [['--coat', 'fluffy'], /'fluffy' is not one of hairless, short, medium, long, wire, curly/],
    [['--good-with', 'cats=true'], /'cats=true' is not one of children, dogs, cats/],
    [
      ['--attributes', 'neutered'],
      /'neutered' is not one of spayedNeutered, houseTrained, vaccinated, specialNeeds/,
    ],
    [['--category', '1,x'], /no category is named 'x': give a name or an id of Dog \(1\), Cat \(2\)/],
    [['--category', '0'], /'0' is not a category id/],
    [['--category', Array.from({ length: 21 }, (_, i) => i + 1).join(',')], /Give at most 20 values, not 21/],
    [['--breed', long(101)], /Each value is 1 to 100 characters/],
    [['--tag', 'calm,'], /Each value is 1 to 30 characters; '' is not/],
    [['--q', long(201)], /Give at most 200 characters, not 201/],
    [
      ['--updated-since', '2026-11-01'],
      /'--updated-since <time>' argument '2026-11-01' is invalid\. a time is RFC 3339/,
    ],
    [['--sort', 'createdAt'], /Allowed choices are id, updatedAt, -updatedAt, -createdAt, name/],
    [
      ['--published', 'False'],
      /'--published <true\|false>' argument 'False' is invalid\. Give true or false/,
    ],
  ];
  for (const [flags, message] of refusals) {
    test(`${flags[0]} ${flags[1]!.slice(0, 20)}: exit code 1, a message naming it, no request`, async () => {
      const before = server.petRequests;
      const res = await runCli(['pets', 'list', ...flags], env);
      assert.equal(res.code, 1);
      assert.match(res.stderr, message);
      assert.equal(res.stdout, '');
      assert.equal(server.petRequests, before);
    });
  }

  test('export refuses the same values; under --json a refusal is invalid_usage', async () => {
    const res = await runCli(['pets', 'export', '--good-with', 'horses', '--json'], env);
    assert.equal(res.code, 1);
    const { error } = JSON.parse(res.stderr);
    assert.equal(error.code, 'invalid_usage');
    assert.match(error.message, /'horses' is not one of children, dogs, cats/);
  });

  test("a cursor of another listing is the service's invalid_cursor", async () => {
    await addPet(server, { name: 'Rex' });
    await addPet(server, { name: 'Tom' });
    const page = await runCli(['pets', 'list', '--limit', '1', '--sort', 'name', '--json'], env);
    const { nextCursor } = JSON.parse(page.stdout);
    const res = await runCli(
      ['pets', 'list', '--limit', '1', '--sort', '-createdAt', '--cursor', nextCursor],
      env,
    );
    assert.equal(res.code, 1);
    assert.match(res.stderr, /^petstore: .*\(invalid_cursor, HTTP 400, request id [\w-]+\)$/m);
  });
});
