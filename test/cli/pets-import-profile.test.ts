// `petstore pets import` of the animal's profile, as a user runs it on every backend: a spreadsheet's CSV
// with some of the profile's columns, written by hand rather than by an export.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { PetstoreClient, type Pet } from '@petstore/client';
import { backends } from '../helpers/backends.js';
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

    /** The pets of a category, by name. */
    const petsOf = async (categoryId: number) => {
      const pets = new Map<string, Pet>();
      for await (const pet of client.listAllPets())
        if (pet.categoryId === categoryId) pets.set(pet.name, pet);
      return pets;
    };

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

    test('a column that is no field is refused before any row, naming the columns a file may hold', async () => {
      const file = join(dir, 'typo.csv');
      writeFileSync(file, 'name,categoryId,goodWith.horses\nRex,52,true\n');
      const outcome = await runCli(['pets', 'import', file], env);
      assert.equal(outcome.code, 1);
      assert.match(
        outcome.stderr,
        /unknown column goodWith\.horses: the header row may hold id, name, categoryId, status, breed, /,
      );
      assert.equal((await petsOf(52)).size, 0);
    });
  });
}
