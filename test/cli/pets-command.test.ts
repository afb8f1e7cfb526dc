// `petstore pets list|add|get` as a user runs it: a child process talking HTTP to a listening app. The data
// flows run on every backend; the wording of errors and the terminal progress line, which do not depend on
// the backend, run once (each command is a process start, which is slow).
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { promisify } from 'node:util';
import { backends } from '../helpers/backends.js';
import { newPet } from '../helpers/http-calls.js';
import { assertNewPet } from '../helpers/pet-profile.js';
import { petNames as names, runCli } from '../helpers/run-cli.js';
import { startSdkServer, type SdkServer } from '../helpers/sdk-server.js';

const cliEntry = new URL('../../src/cli/main.ts', import.meta.url).pathname;
const run = promisify(execFile);

for (const backend of backends) {
  describe(`petstore pets on ${backend.name}`, () => {
    let server: SdkServer;
    let env: Record<string, string>;
    before(async () => {
      server = await startSdkServer(backend);
      env = { PETSTORE_URL: server.baseUrl, PETSTORE_API_KEY: server.key };
    });
    after(() => server.close());

    test('add, then get and list it, as JSON', async () => {
      const added = await runCli(['pets', 'add', '--name', 'Rex', '--category', '4', '--json'], env);
      assert.equal(added.code, 0, added.stderr);
      const pet = JSON.parse(added.stdout); // an object, as `keys create --json` prints, so `jq .id` works
      assertNewPet(pet, { name: 'Rex', categoryId: 4, status: 'available' });

      const got = await runCli(['pets', 'get', String(pet.id), '--json'], env);
      assert.deepEqual(JSON.parse(got.stdout), pet);
      const listed = await runCli(['pets', 'list', '--status', 'available', '--json'], env);
      assert.ok(JSON.parse(listed.stdout).items.some((p: { id: number }) => p.id === pet.id));
    });

    test('list --all follows every page; tables by default; --url and --api-key as flags', async () => {
      for (const name of ['a', 'b', 'c', 'd', 'e']) {
        await newPet(server, { name, categoryId: 8, status: 'sold' });
      }
      const flags = ['--url', server.baseUrl, '--api-key', server.key];
      const all = await runCli(['pets', 'list', '--status', 'sold', '--limit', '2', '--all', ...flags], {});
      assert.equal(all.code, 0, all.stderr);
      assert.match(all.stdout, /^ID\s+NAME\s+CATEGORY\s+STATUS$/m);
      assert.deepEqual(names(all.stdout), ['a', 'b', 'c', 'd', 'e']);
      assert.equal(all.stderr, '', 'no progress line when stderr is not a terminal');

      const before = server.petRequests;
      const page = await runCli(['pets', 'list', '--status', 'sold', '--limit', '2', ...flags], {});
      assert.deepEqual(names(page.stdout), ['a', 'b']);
      const [, cursor] =
        /^More pets follow this page of 2: add --cursor (\S+) for the next page, or --all to list every page\.$/m.exec(
          page.stderr,
        ) ?? [];
      assert.ok(cursor, page.stderr);
      assert.equal(
        server.petRequests - before,
        1,
        "the page's Link header says more follow: no second request",
      );
      const next = await runCli(
        ['pets', 'list', '--status', 'sold', '--limit', '2', '--cursor', cursor, ...flags],
        {},
      );
      assert.deepEqual(names(next.stdout), ['c', 'd']);
      const nextJson = await runCli(
        ['pets', 'list', '--status', 'sold', '--limit', '2', '--cursor', cursor, '--json', ...flags],
        {},
      );
      const nextPage = JSON.parse(nextJson.stdout);
      assert.deepEqual(
        nextPage.items.map((p: { name: string }) => p.name),
        ['c', 'd'],
      );
      assert.equal(typeof nextPage.nextCursor, 'string');
      assert.equal(nextJson.stderr, '', 'under --json the next cursor is a field, not a hint');
      const rest = await runCli(
        ['pets', 'list', '--status', 'sold', '--cursor', cursor, '--all', ...flags],
        {},
      );
      assert.deepEqual(names(rest.stdout), ['c', 'd', 'e'], '--all goes on from --cursor');
      const whole = await runCli(['pets', 'list', '--status', 'sold', '--limit', '5', ...flags], {});
      assert.equal(whole.stdout.trim().split('\n').length, 6);
      assert.equal(whole.stderr, '', 'no hint when the page holds every pet');

      // A 429 half-way through `--all` is waited out, and the wait said on stderr.
      server.faults.push({ status: 429, code: 'rate_limited', headers: { 'retry-after': '1' } });
      const paced = await runCli(['pets', 'list', '--status', 'sold', '--limit', '2', '--all', ...flags], {});
      assert.equal(paced.code, 0, paced.stderr);
      assert.equal(paced.stdout, all.stdout);
      assert.equal(paced.stderr, 'petstore: retrying in 1 s\n');
    });
  });
}

describe('petstore pets: errors and the terminal', () => {
  let server: SdkServer;
  let env: Record<string, string>;
  before(async () => {
    server = await startSdkServer(backends[0]!);
    env = { PETSTORE_URL: server.baseUrl, PETSTORE_API_KEY: server.key };
    for (const name of ['Rex', 'Tom', 'Kit']) await newPet(server, { name });
  });
  after(() => server.close());

  const failures: Array<[string, string[], Record<string, string | undefined>, RegExp]> = [
    [
      'a missing pet',
      ['pets', 'get', '987654321'],
      {},
      /^petstore: No pet with id 987654321 \(pet_not_found, HTTP 404, request id [\w-]+\)$/m,
    ],
    ['a bad key', ['pets', 'list'], { PETSTORE_API_KEY: 'pet_live_bad' }, /\(invalid_api_key, HTTP 401/],
    [
      'no key at all',
      ['pets', 'list'],
      { PETSTORE_API_KEY: undefined },
      /pass --api-key or set PETSTORE_API_KEY/,
    ],
    [
      'an invalid status',
      ['pets', 'list', '--status', 'lost'],
      {},
      /'lost' is not one of available, pending, sold, adopted/,
    ],
  ];
  for (const [what, args, changes, message] of failures) {
    test(`${what}: exit code 1 and a message on stderr`, async () => {
      const outcome = await runCli(args, without({ ...env, ...changes }));
      assert.equal(outcome.code, 1);
      assert.match(outcome.stderr, message);
      assert.equal(outcome.stdout, '');
    });
  }

  test(
    'list --all shows a progress line on a terminal',
    { skip: !existsSync('/usr/bin/script') && 'needs script(1) to run the command on a terminal' },
    async () => {
      const command = [process.execPath, '--import', 'tsx', cliEntry, 'pets', 'list', '--all', '--limit', '2']
        .map((word) => `'${word}'`)
        .join(' ');
      const { stdout } = await run('/usr/bin/script', ['-qec', command, '/dev/null'], {
        env: {
          PATH: process.env.PATH ?? '',
          NODE_OPTIONS: process.env.NODE_OPTIONS ?? '',
          ...env,
          TERM: 'dumb',
        },
      });
      // Two pages (2 pets, then 1): the running count ends at every pet fetched.
      assert.match(stdout, /Fetched 3 pets…/);
      assert.match(stdout, /ID\s+NAME/);
    },
  );
});

/** The environment without the variables set to undefined. */
const without = (env: Record<string, string | undefined>): Record<string, string> =>
  Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
