// `petstore pets import` of the animal's profile, as a user runs it on every backend: a spreadsheet's CSV
// with some of the profile's columns, written by hand rather than by an export, and rows that change the
// pets their ids name (--on-existing update).
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { PetstoreClient, type Pet } from '@petstore/client';
import { backends } from '../helpers/backends.js';
import { addPet, petsOfCategory } from '../helpers/http-calls.js';
import { unknownProfile } from '../helpers/pet-profile.js';
import { runCli } from '../helpers/run-cli.js';
import { startSdkServer, type SdkServer } from '../helpers/sdk-server.js';

for (const backend of backends) {
  describe(`petstore pets import of profiles on ${backend.name}`, () => {
    let server: SdkServer;
    let client: PetstoreClient;
    let env: Record<string, string>;
    let dir: string;
    before(async () => {
      server = await startSdkServer(backend);
      client = new PetstoreClient({ baseUrl: server.baseUrl, apiKey: server.key });
      env = { PETSTORE_URL: server.baseUrl, PETSTORE_API_KEY: server.key };
      dir = mkdtempSync(join(tmpdir(), 'petstore-profiles-'));
    });
    after(async () => {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    });

    const petsOf = (categoryId: number) => petsOfCategory(client, categoryId);

    test('a CSV with some profile columns: flags in any case, tags split on |, empty cells unknown', async () => {
      const file = join(dir, 'spreadsheet.csv');
      writeFileSync(
        file,
        [
          'name,categoryId,sex,goodWith.cats,attributes.vaccinated,mixedBreed,tags,description',
          'Rex,51,male,TRUE,false,,playful | quiet home,"Loves walks,\nand naps"',
          'Tom,51,,,,True,,',
          'Odd,51,female,yes,,,,',
        ].join('\n'),
      );
      const outcome = await runCli(['pets', 'import', file, '--json'], env);
      assert.equal(outcome.code, 2, outcome.stderr);
      assert.deepEqual([JSON.parse(outcome.stdout).created, JSON.parse(outcome.stdout).rejected], [2, 1]);
      const pets = await petsOf(51);
      /** The profile's fields of a pet: those of `unknownProfile`. */
      const profileOf = (pet: Pet | undefined) => {
        assert.ok(pet);
        return Object.fromEntries(
          Object.keys(unknownProfile).map((field) => [field, pet[field as keyof Pet]]),
        );
      };
      assert.deepEqual(profileOf(pets.get('Rex')), {
        ...unknownProfile,
        sex: 'male',
        mixedBreed: null,
        description: 'Loves walks,\nand naps',
        attributes: { ...unknownProfile.attributes, vaccinated: false },
        goodWith: { ...unknownProfile.goodWith, cats: true },
        tags: ['playful', 'quiet home'],
      });
      assert.deepEqual(profileOf(pets.get('Tom')), { ...unknownProfile, mixedBreed: true });

      // A value that is no boolean is sent as it is: the service's message names the field.
      const [rejected] = readFileSync(`${file}.report.ndjson`, 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line));
      assert.equal(rejected.row, 5);
      assert.match(rejected.error.message, /goodWith\.cats must be a boolean/);
      assert.deepEqual(rejected.input.goodWith, { cats: 'yes' });
    });

    test('the published column: true or false in any case, empty for the default; else the service refuses', async () => {
      const file = join(dir, 'published.csv');
      writeFileSync(
        file,
        ['name,categoryId,published', 'Ada,56,false', 'Ben,56,', 'Cy,56,TRUE', 'Dee,56,maybe'].join('\n'),
      );
      const outcome = await runCli(['pets', 'import', file, '--json'], env);
      assert.equal(outcome.code, 2, outcome.stderr);
      const pets = await petsOf(56);
      assert.deepEqual(
        ['Ada', 'Ben', 'Cy', 'Dee'].map((name) => pets.get(name)?.published),
        [false, true, true, undefined],
      );
      const [rejected] = readFileSync(`${file}.report.ndjson`, 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line));
      assert.equal(rejected.row, 5);
      assert.match(rejected.error.message, /published must be a boolean/);
    });

    test('a column that is no field is refused before any row, naming the columns a file may hold', async () => {
      const file = join(dir, 'typo.csv');
      writeFileSync(file, 'name,categoryId,goodWith.horses\nRex,52,true\n');
      const outcome = await runCli(['pets', 'import', file], env);
      assert.equal(outcome.code, 1);
      assert.match(
        outcome.stderr,
        /unknown column goodWith\.horses: the header row may hold id, name, categoryId, status, published, breed, /,
      );
      assert.equal((await petsOf(52)).size, 0);
    });

    test('--on-existing update: a row whose id names a pet changes the fields it has columns for', async () => {
      const rex = await addPet(server, {
        name: 'Rex',
        categoryId: 53,
        color: 'Black',
        goodWith: { dogs: true },
      });
      const tom = await addPet(server, { name: 'Tom', categoryId: 53, size: 'small' });
      const kit = await addPet(server, { name: 'Kit', categoryId: 53 });
      await client.placeOrder({ petId: kit.id });
      const file = join(dir, 'edited.csv');
      writeFileSync(
        file,
        [
          'id,name,categoryId,status,color,goodWith.cats,size',
          // A new name, its colour cleared, good with cats, larger; its status and dogs flag left as they are.
          `${rex.id},Rex II,53,,,true,large`,
          // Refused, whole: no size is huge.
          `${tom.id},Tom,53,sold,,,huge`,
          // Refused: an open order holds the status.
          `${kit.id},Kit,53,available,,,`,
          // No pet has this id: created.
          '987654,Newcomer,53,,,,',
        ].join('\n'),
      );
      const outcome = await runCli(['pets', 'import', file, '--on-existing', 'update', '--json'], env);
      assert.equal(outcome.code, 2, outcome.stderr);
      const summary = JSON.parse(outcome.stdout);
      assert.deepEqual(
        [
          summary.rows,
          summary.created,
          summary.updated,
          summary.alreadyImported,
          summary.skipped,
          summary.rejected,
        ],
        [4, 1, 1, 0, 0, 2],
      );
      const report = readFileSync(`${file}.report.ndjson`, 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line))
        .sort((a, b) => a.row - b.row);
      assert.deepEqual(
        report.map((r) => [r.row, r.error.code, r.error.status]),
        [
          [3, 'validation_failed', 400],
          [4, 'pet_has_open_order', 409],
        ],
      );
      const pets = await petsOf(53);
      const changed = pets.get('Rex II');
      assert.ok(changed);
      assert.deepEqual(
        [changed.id, changed.status, changed.color, changed.size, changed.goodWith],
        [rex.id, 'available', null, 'large', { children: null, dogs: true, cats: true }],
      );
      assert.deepEqual(pets.get('Tom'), tom, 'a refused row changes nothing');
      assert.equal(pets.get('Kit')?.status, 'pending');
      assert.ok(pets.has('Newcomer'));

      // Again, as a resume would: the service replays each row's first answer, and nothing changes twice.
      const again = await runCli(['pets', 'import', file, '--on-existing', 'update'], env);
      assert.equal(again.code, 2, again.stderr);
      assert.match(again.stdout, /^4 rows: 0 created, 0 updated, 2 already there, 2 rejected \(see /);
      const after = await petsOf(53);
      assert.equal(after.size, 4);
      assert.deepEqual(after.get('Rex II'), changed);
    });

    test('--on-existing update: a published cell changes it, an empty one leaves it', async () => {
      const ada = await addPet(server, { name: 'Ada', categoryId: 57, published: false });
      const ben = await addPet(server, { name: 'Ben', categoryId: 57, published: false });
      const file = join(dir, 'published-update.csv');
      writeFileSync(
        file,
        ['id,name,categoryId,published', `${ada.id},Ada,57,true`, `${ben.id},Ben,57,`].join('\n'),
      );
      const outcome = await runCli(['pets', 'import', file, '--on-existing', 'update'], env);
      assert.equal(outcome.code, 0, outcome.stderr);
      const pets = await petsOf(57);
      assert.deepEqual([pets.get('Ada')?.published, pets.get('Ben')?.published], [true, false]);
    });

    test('--on-existing update: a pet removed since the import listed them is a rejected row, not a stop', async () => {
      const gone = await addPet(server, { name: 'Gone', categoryId: 54 });
      const file = join(dir, 'removed.csv');
      writeFileSync(file, `id,name,categoryId\n${gone.id},Gone again,54\n`);
      // The listing finds the pet; by the time its row is sent, the service says it is gone.
      server.faults.push({ delayMs: 0 }, { status: 404, code: 'pet_not_found' });
      const outcome = await runCli(['pets', 'import', file, '--on-existing', 'update', '--json'], env);
      server.faults.length = 0;
      assert.equal(outcome.code, 2, outcome.stderr);
      assert.deepEqual([JSON.parse(outcome.stdout).updated, JSON.parse(outcome.stdout).rejected], [0, 1]);
      const [rejected] = readFileSync(`${file}.report.ndjson`, 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line));
      assert.deepEqual([rejected.row, rejected.error.code], [2, 'pet_not_found']);
    });
  });
}
