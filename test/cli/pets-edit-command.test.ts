// `petstore pets add|update|remove` with the animal's profile, as a user runs them: child processes talking
// HTTP to a listening app. The data flows run on every backend; the refusals of the command line, which
// never reach the service, run once.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { backends } from '../helpers/backends.js';
import { newPet } from '../helpers/http-calls.js';
import { fullProfile } from '../helpers/pet-profile.js';
import { runCli } from '../helpers/run-cli.js';
import { startSdkServer, type SdkServer } from '../helpers/sdk-server.js';

/** `children=true,dogs=unknown`: flags as the options take them. */
const pairs = (flags: Record<string, boolean | null>) =>
  Object.entries(flags)
    .map(([name, value]) => `${name}=${value ?? 'unknown'}`)
    .join(',');

/**
 * `pets add` with every option of the profile (the attributes given in two options, which merge), and the
 * pet it adds; in a category without a breed list, which would hold the breed to its names.
 */
const { specialNeeds, ...someAttributes } = fullProfile.attributes;
const newPetArgs = [
  ...['--name', 'Biscit', '--category', '41', '--status', 'pending', '--published', 'false'],
  ...['--breed', fullProfile.breed],
  ...['--mixed-breed', String(fullProfile.mixedBreed), '--sex', fullProfile.sex, '--age', fullProfile.age],
  ...['--birth-date', fullProfile.birthDate, '--size', fullProfile.size, '--color', fullProfile.color],
  ...['--coat', fullProfile.coat, '--description', fullProfile.description],
  ...['--attributes', pairs(someAttributes), '--attributes', pairs({ specialNeeds })],
  ...['--good-with', pairs(fullProfile.goodWith), '--tags', fullProfile.tags.join(', ')],
];
const newPetFields = {
  name: 'Biscit',
  categoryId: 41,
  status: 'pending',
  published: false,
  ...fullProfile,
  photos: [],
};

for (const backend of backends) {
  describe(`petstore pets add|update|remove on ${backend.name}`, () => {
    let server: SdkServer;
    let env: Record<string, string>;
    before(async () => {
      server = await startSdkServer(backend);
      env = { PETSTORE_URL: server.baseUrl, PETSTORE_API_KEY: server.key };
    });
    after(() => server.close());

    const json = async (args: string[]) => {
      const res = await runCli([...args, '--json'], env);
      assert.equal(res.code, 0, res.stderr);
      return JSON.parse(res.stdout);
    };

    test('add with a full profile, then update: the fields given change, --clear forgets, flags merge', async () => {
      const added = await json(['pets', 'add', ...newPetArgs]);
      const { id, createdAt, updatedAt, etag, ...rest } = added;
      assert.deepEqual(rest, newPetFields);
      assert.match(etag, /^"[^"]+"$/);

      const updated = await json([
        ...['pets', 'update', String(id), '--name', 'Biscuit', '--good-with', 'cats=true'],
        ...['--clear', 'color,birth-date,tags'],
      ]);
      assert.deepEqual(updated, {
        ...added,
        name: 'Biscuit',
        color: null,
        birthDate: null,
        tags: [],
        goodWith: { ...fullProfile.goodWith, cats: true },
        updatedAt: updated.updatedAt,
        etag: updated.etag,
      });
      assert.ok(updated.updatedAt > updatedAt && createdAt === updated.createdAt);
      assert.notEqual(updated.etag, etag, 'an update moves the entity tag');
      assert.deepEqual(await json(['pets', 'get', String(id)]), updated);
    });

    test('add is published unless --published false; update --published true puts it back; one pet prints it', async () => {
      const plain = await json(['pets', 'add', '--name', 'Plain', '--category', '42']);
      assert.equal(plain.published, true);
      const hidden = await json([
        'pets',
        'add',
        '--name',
        'Hidden',
        '--category',
        '42',
        '--published',
        'false',
      ]);
      assert.equal(hidden.published, false);
      const text = await runCli(['pets', 'update', String(hidden.id), '--published', 'true'], env);
      assert.equal(text.code, 0, text.stderr);
      assert.match(text.stdout, /^Published +yes$/m);
      assert.equal((await json(['pets', 'get', String(hidden.id)])).published, true);
    });

    test('in text, one pet is a line a field with its ETag; --if-match applies a change only as read', async () => {
      const id = await newPet(server, { name: 'Tom', categoryId: 2 });
      const got = await runCli(['pets', 'get', String(id)], env);
      assert.equal(got.code, 0, got.stderr);
      assert.match(
        got.stdout,
        new RegExp(`^ID +${id}\\nName +Tom\\nCategory +Cat \\(2\\)\\nStatus +available\\n`),
      );
      assert.match(got.stdout, /^Good with +children unknown, dogs unknown, cats unknown$/m);
      const [, etag] = /^ETag +("[^"]+")$/m.exec(got.stdout) ?? [];
      assert.ok(etag, got.stdout);

      // The shell takes the quotes away: the tag is taken with or without them.
      const changed = await runCli(
        ['pets', 'update', String(id), '--size', 'large', '--if-match', etag.slice(1, -1)],
        env,
      );
      assert.equal(changed.code, 0, changed.stderr);
      assert.match(changed.stdout, /^Size +large$/m);
      assert.doesNotMatch(changed.stdout, new RegExp(`^ETag +${etag}$`, 'm'), 'a change gives a new ETag');

      const stale = await runCli(
        ['pets', 'update', String(id), '--size', 'small', '--if-match', etag, '--json'],
        env,
      );
      assert.equal(stale.code, 1);
      const { error } = JSON.parse(stale.stderr);
      assert.deepEqual([error.code, error.status], ['precondition_failed', 412]);
      assert.equal((await json(['pets', 'get', String(id)])).size, 'large', 'nothing changed');
    });

    test('remove: the pet leaves the listing; get and a second remove say pet_not_found', async () => {
      const id = await newPet(server, { name: 'Gone', categoryId: 3 });
      assert.deepEqual(await json(['pets', 'remove', String(id)]), { id, removed: true });
      const listed = await json(['pets', 'list', '--limit', '100']);
      assert.ok(!listed.items.some((pet: { id: number }) => pet.id === id));
      for (const command of ['get', 'remove']) {
        const res = await runCli(['pets', command, String(id)], env);
        assert.equal(res.code, 1);
        assert.match(res.stderr, new RegExp(`^petstore: No pet with id ${id} \\(pet_not_found, HTTP 404`));
      }
      const text = await runCli(['pets', 'remove', String(await newPet(server, { name: 'Also' }))], env);
      assert.match(text.stdout, /^Removed pet \d+\n$/);
    });
  });
}

describe('petstore pets add|update: what the command line refuses before sending anything', () => {
  let server: SdkServer;
  let env: Record<string, string>;
  let id: number;
  before(async () => {
    server = await startSdkServer(backends[0]!);
    env = { PETSTORE_URL: server.baseUrl, PETSTORE_API_KEY: server.key };
    id = await newPet(server, { name: 'Rex' });
  });
  after(() => server.close());

  const refusals: Array<[string[], RegExp]> = [
    [['--size', 'huge'], /argument 'huge' is invalid\. Allowed choices are small, medium, large, xlarge/],
    [['--sex', 'f'], /Allowed choices are female, male, unknown/],
    [['--age', 'old'], /Allowed choices are baby, young, adult, senior/],
    [['--coat', 'fluffy'], /Allowed choices are hairless, short, medium, long, wire, curly/],
    [['--status', 'lost'], /Allowed choices are available, pending, sold/],
    [
      ['--mixed-breed', 'yes'],
      /'--mixed-breed <true\|false>' argument 'yes' is invalid\. Give true or false/,
    ],
    [['--published', 'yes'], /'--published <true\|false>' argument 'yes' is invalid\. Give true or false/],
    [['--published', '1'], /'--published <true\|false>' argument '1' is invalid\. Give true or false/],
    [['--good-with', 'horses=true'], /'horses' is not one of children, dogs, cats/],
    [['--good-with', 'cats=maybe'], /Give cats=true, cats=false or cats=unknown/],
    [['--attributes', 'neutered=true'], /'neutered' is not one of spayedNeutered, houseTrained, vaccinated/],
    [['--clear', 'name'], /name cannot be cleared: every pet has one/],
    [['--clear', 'category'], /category cannot be cleared/],
    [['--clear', 'colour'], /'colour' is not one of breed, mixedBreed, sex/],
    [['--color', 'Red', '--clear', 'color'], /--clear color and a value for color: give one or the other/],
    [[], /nothing to change: give a field/],
  ];
  for (const [flags, message] of refusals) {
    test(`update ${flags.join(' ') || '(nothing)'}: exit code 1, and nothing sent`, async () => {
      const before = server.petRequests;
      const res = await runCli(['pets', 'update', String(id), ...flags], env);
      assert.equal(res.code, 1);
      assert.match(res.stderr, message);
      assert.equal(res.stdout, '');
      assert.equal(server.petRequests, before, 'nothing was sent');
    });
  }

  test('under --json, a refused option and a refused combination are both invalid_usage', async () => {
    for (const flags of [['--size', 'huge'], []]) {
      const res = await runCli(['pets', 'update', String(id), ...flags, '--json'], env);
      assert.equal(res.code, 1);
      assert.equal(JSON.parse(res.stderr).error.code, 'invalid_usage', res.stderr);
    }
  });

  test('add takes the same profile options, and refuses the same values', async () => {
    const res = await runCli(['pets', 'add', '--name', 'Kit', '--category', '2', '--coat', 'fluffy'], env);
    assert.equal(res.code, 1);
    assert.match(res.stderr, /Allowed choices are hairless, short, medium, long, wire, curly/);
    const refused = await runCli(
      ['pets', 'add', '--name', 'Kit', '--category', '2', '--clear', 'breed'],
      env,
    );
    assert.match(refused.stderr, /unknown option '--clear'/);
  });

  test("the service's refusal of a value is the command's: its message names the field", async () => {
    const res = await runCli(['pets', 'update', String(id), '--birth-date', '1899-12-31'], env);
    assert.equal(res.code, 1);
    assert.match(res.stderr, /birthDate.*\(validation_failed, HTTP 400, request id /);
  });
});
