// `petstore pets import --photos-dir DIR` as a user runs it on every backend: rows that name image files
// (`photoFiles`), made at run time with sharp, uploaded in order once their pet is in; a second run that adds
// nothing; and the files a row may not name, which are refused for that row alone.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { PetstoreClient, type Pet } from '@petstore/client';
import { backends } from '../helpers/backends.js';
import { addPet, petsOfCategory } from '../helpers/http-calls.js';
import { makeImage } from '../helpers/images.js';
import { runCli } from '../helpers/run-cli.js';
import { startSdkServer, type SdkServer } from '../helpers/sdk-server.js';

/** An animal may have 3 photos here, so that a row of 4 files meets the limit. */
const photosPerPet = 3;

for (const backend of backends) {
  describe(`petstore pets import --photos-dir on ${backend.name}`, () => {
    let server: SdkServer;
    let client: PetstoreClient;
    let env: Record<string, string>;
    let dir: string;
    /** The --photos-dir: images of distinct sizes, so that a photo tells which file it was. */
    let photos: string;
    before(async () => {
      server = await startSdkServer(backend, { overrides: { photosPerPet } });
      client = new PetstoreClient({ baseUrl: server.baseUrl, apiKey: server.key });
      env = { PETSTORE_URL: server.baseUrl, PETSTORE_API_KEY: server.key };
      dir = mkdtempSync(join(tmpdir(), 'petstore-import-photos-'));
      photos = join(dir, 'photos');
      mkdirSync(join(photos, 'rex'), { recursive: true });
      writeFileSync(join(photos, 'rex', 'front.jpg'), await makeImage('jpeg', 400, 300));
      writeFileSync(join(photos, 'rex', 'side.png'), await makeImage('png', 300, 400));
      writeFileSync(join(photos, 'tom.webp'), await makeImage('webp', 200, 100));
      writeFileSync(join(photos, 'kit.webp'), await makeImage('webp', 120, 80));
      // Outside --photos-dir, and reached from inside it through a link.
      writeFileSync(join(dir, 'outside.jpg'), await makeImage('jpeg', 50, 50));
      symlinkSync(join(dir, 'outside.jpg'), join(photos, 'link.jpg'));
      // Named as an image, but text: only the service, which reads the bytes, can tell.
      writeFileSync(join(photos, 'notes.jpg'), 'Rex likes long walks.\n');
      writeFileSync(join(photos, 'notes.txt'), 'Rex likes long walks.\n');
    });
    after(async () => {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    });

    const petsOf = (categoryId: number) => petsOfCategory(client, categoryId);
    /** A pet's photos as the sizes of their files, in position order. */
    const sizesOf = (pet: Pet | undefined) => pet?.photos.map((photo) => `${photo.width}x${photo.height}`);
    const csv = (name: string, lines: string[]) => {
      const file = join(dir, name);
      writeFileSync(file, lines.join('\n'));
      return file;
    };
    const importJson = async (file: string, ...flags: string[]) => {
      const outcome = await runCli(['pets', 'import', file, '--photos-dir', photos, '--json', ...flags], env);
      return { code: outcome.code, stderr: outcome.stderr, summary: JSON.parse(outcome.stdout || '{}') };
    };
    /** The report's lines, by row: rows in flight together end in any order. */
    const reportOf = (file: string) =>
      readFileSync(`${file}.report.ndjson`, 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line))
        .sort((a, b) => a.row - b.row);

    test('each row’s files are uploaded in order, the first the primary; running it again adds nothing', async () => {
      const file = csv('shelter.csv', [
        'name,categoryId,photoFiles',
        'Rex,71,rex/front.jpg | rex/side.png',
        'Tom,71,tom.webp',
        'Kit,71,',
      ]);
      const first = await importJson(file);
      assert.equal(first.code, 0, first.stderr);
      assert.deepEqual(
        [first.summary.created, first.summary.photosAdded, first.summary.photosAlreadyThere],
        [3, 3, 0],
      );
      const pets = await petsOf(71);
      assert.deepEqual(sizesOf(pets.get('Rex')), ['400x300', '300x400']);
      assert.deepEqual(sizesOf(pets.get('Tom')), ['200x100']);
      assert.deepEqual(sizesOf(pets.get('Kit')), []);

      const again = await importJson(file);
      assert.equal(again.code, 0, again.stderr);
      assert.deepEqual(
        [again.summary.created, again.summary.alreadyImported, again.summary.photosAdded],
        [0, 3, 0],
      );
      assert.equal(again.summary.photosAlreadyThere, 3);
      const after = await petsOf(71);
      assert.equal(after.size, 3);
      assert.deepEqual(
        after.get('Rex')?.photos.map((photo) => photo.id),
        pets.get('Rex')?.photos.map((photo) => photo.id),
      );
      assert.deepEqual(sizesOf(after.get('Tom')), ['200x100']);
    });

    test('JSON Lines: a photoFiles array; --on-existing update adds the files after the pet’s photos', async () => {
      const biscuit = await addPet(server, { name: 'Biscuit', categoryId: 72 });
      await client.uploadPhoto(biscuit.id, await makeImage('png', 60, 40), { contentType: 'image/png' });
      const file = join(dir, 'edited.jsonl');
      writeFileSync(
        file,
        [
          { id: biscuit.id, name: 'Biscuit', categoryId: 72, photoFiles: ['kit.webp', 'tom.webp'] },
          { name: 'Pix', categoryId: 72, photoFiles: ['rex/side.png'] },
        ]
          .map((row) => JSON.stringify(row))
          .join('\n'),
      );
      const outcome = await importJson(file, '--on-existing', 'update');
      assert.equal(outcome.code, 0, outcome.stderr);
      assert.deepEqual(
        [outcome.summary.updated, outcome.summary.created, outcome.summary.photosAdded],
        [1, 1, 3],
      );
      const pets = await petsOf(72);
      assert.deepEqual(sizesOf(pets.get('Biscuit')), ['60x40', '120x80', '200x100']);
      assert.deepEqual(sizesOf(pets.get('Pix')), ['300x400']);
    });

    test('a file outside the folder, missing or not an image is refused for its row; the service’s refusals are reported', async () => {
      const file = csv('refusals.csv', [
        'name,categoryId,photoFiles',
        'Up,73,tom.webp|../outside.jpg',
        `Absolute,73,${join(dir, 'outside.jpg')}`,
        'Linked,73,link.jpg',
        'Missing,73,tom.webp|gone.jpg',
        'Text,73,notes.txt',
        'Fake,73,tom.webp|notes.jpg|kit.webp',
        'Many,73,rex/front.jpg|rex/side.png|tom.webp|kit.webp',
        'Fine,73,kit.webp',
      ]);
      const outcome = await importJson(file);
      assert.equal(outcome.code, 2, outcome.stderr);
      const { created, rejected, photosAdded, photosRefused } = outcome.summary;
      assert.deepEqual(
        { created, rejected, photosAdded, photosRefused },
        {
          created: 3,
          rejected: 5,
          photosAdded: 5,
          photosRefused: 2,
        },
      );
      // Refused before the pet is sent: nothing of the row is in.
      const pets = await petsOf(73);
      assert.deepEqual([...pets.keys()].sort(), ['Fake', 'Fine', 'Many']);
      // The service's refusal stops the row's files there, in order; the pet and the files before it are in.
      assert.deepEqual(sizesOf(pets.get('Fake')), ['200x100']);
      assert.deepEqual(sizesOf(pets.get('Many')), ['400x300', '300x400', '200x100']);
      assert.deepEqual(sizesOf(pets.get('Fine')), ['120x80']);

      const report = reportOf(file);
      assert.deepEqual(
        report.map((line) => [line.row, line.error.code, line.error.status, line.photoFile]),
        [
          [2, 'photo_file_outside_dir', 0, undefined],
          [3, 'photo_file_outside_dir', 0, undefined],
          [4, 'photo_file_outside_dir', 0, undefined],
          [5, 'photo_file_not_found', 0, undefined],
          [6, 'not_a_photo', 0, undefined],
          [7, 'unsupported_image', 415, 'notes.jpg'],
          [8, 'too_many_photos', 409, 'kit.webp'],
        ],
      );
      assert.deepEqual(report[0].input, {
        name: 'Up',
        categoryId: 73,
        photoFiles: ['tom.webp', '../outside.jpg'],
      });
      assert.equal(report[5].petId, pets.get('Fake')?.id);
      assert.match(report[3].error.message, /gone\.jpg/);

      // The refused file replaced by an image: the same import again adds the row's rest, in order, and nothing twice.
      writeFileSync(join(photos, 'notes.jpg'), await makeImage('jpeg', 90, 60));
      const again = await importJson(file);
      assert.equal(again.code, 2, again.stderr);
      assert.deepEqual([again.summary.photosAdded, again.summary.photosRefused], [2, 1]);
      const fake = (await petsOf(73)).get('Fake');
      assert.deepEqual(sizesOf(fake), ['200x100', '90x60', '120x80']);

      const text = await runCli(['pets', 'import', file, '--photos-dir', photos], env);
      assert.equal(text.code, 2, text.stderr);
      assert.equal(
        text.stdout.trim(),
        `8 rows: 0 created, 3 already there, 5 rejected; 0 photos added, 7 already there, 1 refused (see ${file}` +
          '.report.ndjson; correct those rows in a new file and import it; a refused photo’s pet is in: add the ' +
          'photo with `petstore pets photos add`)',
      );
    });

    test('a file naming images without --photos-dir is refused before any row is sent', async () => {
      const header = csv('no-dir.csv', ['name,categoryId,photoFiles', 'Rex,74,rex/front.jpg']);
      const lines = join(dir, 'no-dir.ndjson');
      writeFileSync(
        lines,
        [
          { name: 'Tom', categoryId: 74 },
          { name: 'Rex', categoryId: 74, photoFiles: ['rex/front.jpg'] },
        ]
          .map((row) => JSON.stringify(row))
          .join('\n'),
      );
      const before = server.petRequests;
      for (const file of [header, lines]) {
        const text = await runCli(['pets', 'import', file], env);
        assert.equal(text.code, 1);
        assert.match(
          text.stderr,
          /names image files \(photoFiles\): pass --photos-dir with the folder they are in/,
        );
        const json = await runCli(['pets', 'import', file, '--json'], env);
        assert.equal(json.code, 1);
        assert.equal(JSON.parse(json.stderr).error.code, 'invalid_usage');
      }
      assert.equal(server.petRequests, before, 'nothing sent');
      assert.equal((await petsOf(74)).size, 0);

      const notAFolder = await runCli(['pets', 'import', header, '--photos-dir', join(dir, 'none')], env);
      assert.equal(notAFolder.code, 1);
      assert.match(notAFolder.stderr, /--photos-dir .*none is not a folder/);
    });
  });
}
