// What `pets export` and `pets import` decide for the user: the format from the file's name (or a refusal),
// an export imported into the same deployment skipped rather than duplicated (--on-existing), and how long
// the key's plan makes a long import take, said before it gets going.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { backends } from '../helpers/backends.js';
import { csvHeader, unknownProfile } from '../helpers/pet-profile.js';
import { runCli } from '../helpers/run-cli.js';
import { startSdkServer, type SdkServer } from '../helpers/sdk-server.js';

describe('pets export and import: formats, existing pets, the estimate', () => {
  let server: SdkServer;
  let env: Record<string, string>;
  let dir: string;
  before(async () => {
    server = await startSdkServer(backends[0]!);
    env = { PETSTORE_URL: server.baseUrl, PETSTORE_API_KEY: server.key };
    dir = mkdtempSync(join(tmpdir(), 'petstore-choices-'));
    for (const name of ['Rex', 'Tom', 'Kit']) {
      const payload = { name, categoryId: 31 };
      await server.request({ method: 'POST', url: '/v1/pets', headers: server.auth, payload });
    }
  });
  after(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const petCount = async () =>
    (await server.request({ url: '/v1/store/inventory', headers: server.auth })).json();

  test('export takes its format from --output, and refuses a name that says none or another', async () => {
    const lines = async (file: string, ...flags: string[]) => {
      const res = await runCli(['pets', 'export', '--output', join(dir, file), ...flags], env);
      assert.equal(res.code, 0, res.stderr);
      return readFileSync(join(dir, file), 'utf8').trim().split('\n');
    };
    // JSON Lines: each pet as the API answers it, every field in its order.
    const apiFields = [
      'id',
      'name',
      'categoryId',
      'status',
      'published',
      ...Object.keys(unknownProfile),
      'photos',
      'createdAt',
      'updatedAt',
      'etag',
    ];
    for (const file of ['pets.json', 'pets.jsonl', 'pets.ndjson']) {
      const [first] = await lines(file);
      assert.deepEqual(Object.keys(JSON.parse(first!)), apiFields, file);
    }
    assert.equal((await lines('pets.csv'))[0], csvHeader);
    assert.equal((await lines('pets.data', '--format', 'csv'))[0], csvHeader);

    const stdout = await runCli(['pets', 'export', '--format', 'json'], env);
    assert.deepEqual(Object.keys(JSON.parse(stdout.stdout.split('\n')[0]!)), apiFields);

    const refusals: Array<[string[], RegExp]> = [
      [['--output', join(dir, 'pets.txt')], /cannot tell the format of .*pets\.txt from its name/],
      [
        ['--output', join(dir, 'out.json'), '--format', 'csv'],
        /--format csv writes CSV, but the name .*out\.json says JSON Lines/,
      ],
      [
        ['--output', join(dir, 'out.csv'), '--format', 'json'],
        /--format json writes JSON Lines, but the name .*out\.csv says CSV/,
      ],
      [['--format', 'xml'], /argument 'xml' is invalid\. Allowed choices are csv, ndjson, jsonl, json/],
    ];
    for (const [flags, message] of refusals) {
      const res = await runCli(['pets', 'export', ...flags], env);
      assert.equal(res.code, 1, flags.join(' '));
      assert.match(res.stderr, message);
    }
  });

  test('an export imported into the same deployment is skipped, not duplicated; --on-existing fail stops', async () => {
    for (const file of ['all.csv', 'all.json']) {
      const exported = await runCli(['pets', 'export', '--output', join(dir, file)], env);
      assert.equal(exported.code, 0, exported.stderr);
    }
    const before = await petCount();
    const again = await runCli(['pets', 'import', join(dir, 'all.csv')], env);
    assert.equal(again.code, 0, again.stderr);
    assert.match(
      again.stdout,
      /^(\d+) rows: 0 created, 0 already there, \1 skipped \(their id names a pet that exists; --on-existing skip\), 0 rejected$/m,
    );
    const json = await runCli(['pets', 'import', join(dir, 'all.json'), '--json'], env);
    const summary = JSON.parse(json.stdout);
    assert.deepEqual([summary.created, summary.skipped], [0, summary.rows]);
    assert.deepEqual(await petCount(), before, 'no pet was added');

    const failed = await runCli(
      ['pets', 'import', join(dir, 'all.csv'), '--on-existing', 'fail', '--json'],
      env,
    );
    assert.equal(failed.code, 1);
    const { error } = JSON.parse(failed.stderr);
    assert.equal(error.code, 'pet_exists');
    assert.match(error.message, /^stopped at line 2: pet \d+ exists \(--on-existing fail\)/);
    assert.deepEqual(await petCount(), before);

    // A row whose id names no pet is created (the service gives it a new id); a bad id is a rejected row.
    const file = join(dir, 'mixed.csv');
    writeFileSync(file, 'id,name,categoryId\n987654,New,31\nabc,Odd,31\n');
    const mixed = JSON.parse((await runCli(['pets', 'import', file, '--json'], env)).stdout);
    assert.deepEqual([mixed.created, mixed.skipped, mixed.rejected], [1, 0, 1]);
    const [rejected] = readFileSync(`${file}.report.ndjson`, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    assert.equal(rejected.error.message, 'id must be a positive whole number, got "abc"');
  });

  test("a long import says first how long the key's plan makes it take, and where the day's quota stops it", async () => {
    const { key } = await server.newKey('enterprise', { perMinute: 2, perDay: 5 });
    const file = join(dir, 'long.csv');
    writeFileSync(
      file,
      ['name,categoryId', ...Array.from({ length: 200 }, (_, i) => `Pet${i},32`)].join('\n'),
    );
    const res = await runCli(['pets', 'import', file, '--max-wait', '1'], { ...env, PETSTORE_API_KEY: key });
    assert.equal(res.code, 1, "stopped by the key's minute window");
    assert.match(
      res.stderr.split('\n')[0]!,
      /^petstore: 200 rows at 2\/min: about 100 min; the day's quota of 5 \((\d) left\) will stop it at row \1$/,
    );

    // A short one, or a key whose plan does not hold it back, says nothing of it.
    const short = join(dir, 'short.csv');
    writeFileSync(short, 'name,categoryId\nA,33\nB,33\n');
    const quiet = await runCli(['pets', 'import', short], env);
    assert.equal(quiet.code, 0, quiet.stderr);
    assert.equal(quiet.stderr, '');
  });
});
