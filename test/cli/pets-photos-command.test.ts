// `petstore pets photos add|list|move|remove` as a user runs them: child processes talking HTTP to a listening
// app, with image files made at run time with sharp. The flows run on every backend; the refusals of the
// command line, which never reach the service, run once.
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { backends } from '../helpers/backends.js';
import { newPet } from '../helpers/http-calls.js';
import { makeImage } from '../helpers/images.js';
import { runCli } from '../helpers/run-cli.js';
import { startSdkServer, type SdkServer } from '../helpers/sdk-server.js';

for (const [index, backend] of backends.entries()) {
  describe(`petstore pets photos on ${backend.name}`, () => {
    let server: SdkServer;
    let env: Record<string, string>;
    let dir: string;
    /** Image files of the three first formats, and a file the CLI refuses. */
    const files = { jpeg: '', png: '', webp: '', gif: '' };
    before(async () => {
      server = await startSdkServer(backend);
      env = { PETSTORE_URL: server.baseUrl, PETSTORE_API_KEY: server.key };
      dir = await mkdtemp(join(tmpdir(), 'petstore-photos-'));
      files.jpeg = join(dir, 'biscuit.JPG');
      files.png = join(dir, 'biscuit.png');
      files.webp = join(dir, 'biscuit.webp');
      files.gif = join(dir, 'biscuit.gif');
      await writeFile(files.jpeg, await makeImage('jpeg', 400, 300));
      await writeFile(files.png, await makeImage('png', 300, 400));
      await writeFile(files.webp, await makeImage('webp', 200, 100));
      await writeFile(files.gif, await makeImage('png'));
    });
    after(async () => {
      await server.close();
      await rm(dir, { recursive: true, force: true });
    });

    const json = async (args: string[]) => {
      const res = await runCli([...args, '--json'], env);
      assert.equal(res.code, 0, res.stderr);
      return JSON.parse(res.stdout);
    };
    /** What a photo URL serves: its status and type. */
    const served = async (url: string) => {
      const answer = await fetch(url);
      return [answer.status, answer.headers.get('content-type')];
    };

    test('add uploads the files in order; each photo is printed with its id and full URL', async () => {
      const id = await newPet(server, { name: 'Biscuit', categoryId: 1 });
      const added = await runCli(
        ['pets', 'photos', 'add', String(id), files.jpeg, files.png, files.webp],
        env,
      );
      assert.equal(added.code, 0, added.stderr);
      const rows = added.stdout.trim().split('\n');
      assert.match(rows[0]!, /^ID +POSITION +URL$/);
      const photos = rows.slice(1).map((row) => row.split(/ +/));
      assert.deepEqual(
        photos.map(([, position]) => position),
        ['0', '1', '2'],
      );
      for (const [photoId, , url] of photos) {
        assert.equal(url, `${new URL(server.baseUrl).origin}/v1/photos/${photoId}/full`);
        assert.deepEqual(await served(url!), [200, 'image/webp']);
      }

      const listed = await json(['pets', 'photos', 'list', String(id)]);
      assert.deepEqual(
        listed.map((photo: { id: string; width: number; height: number }) => [
          photo.id,
          photo.width,
          photo.height,
        ]),
        [
          [photos[0]![0], 400, 300],
          [photos[1]![0], 300, 400],
          [photos[2]![0], 200, 100],
        ],
      );
    });

    test('--json gives the Photo objects, with absolute URLs', async () => {
      const id = await newPet(server, { name: 'Tom', categoryId: 2 });
      const [photo] = await json(['pets', 'photos', 'add', String(id), files.png]);
      assert.deepEqual(Object.keys(photo).sort(), ['createdAt', 'height', 'id', 'position', 'urls', 'width']);
      for (const size of ['small', 'medium', 'large', 'full'] as const)
        assert.equal(photo.urls[size], `${new URL(server.baseUrl).origin}/v1/photos/${photo.id}/${size}`);
    });

    test('list --html prints an <img> per photo, primary first, of the size asked; the name escaped in alt', async () => {
      const id = await newPet(server, { name: 'Bo "<&>"', categoryId: 1 });
      const [a, b] = await json(['pets', 'photos', 'add', String(id), files.jpeg, files.png]);
      const html = async (...size: string[]) => {
        const res = await runCli(['pets', 'photos', 'list', String(id), '--html', ...size], env);
        assert.equal(res.code, 0, res.stderr);
        return res.stdout.trim().split('\n');
      };
      const tag = (photo: { urls: Record<string, string> }, size: string, n: number) =>
        `<img src="${photo.urls[size]}" alt="Bo &quot;&lt;&amp;&gt;&quot;, photo ${n} of 2" loading="lazy" />`;
      assert.deepEqual(await html(), [tag(a, 'medium', 1), tag(b, 'medium', 2)]);
      assert.deepEqual(await html('small'), [tag(a, 'small', 1), tag(b, 'small', 2)]);
      for (const line of await html('large')) {
        const [, src] = /src="([^"]+)"/.exec(line)!;
        assert.deepEqual(await served(src!), [200, 'image/webp']);
      }
      const wrong = await runCli(['pets', 'photos', 'list', String(id), '--html', 'huge'], env);
      assert.equal(wrong.code, 1);
      assert.match(wrong.stderr, /huge/);
    });

    test('move makes a photo the primary one; remove takes it away and its URLs answer 404', async () => {
      const id = await newPet(server, { name: 'Rex', categoryId: 1 });
      const [a, b, c] = await json(['pets', 'photos', 'add', String(id), files.jpeg, files.png, files.webp]);
      const moved = await runCli(['pets', 'photos', 'move', String(id), c.id, '0'], env);
      assert.equal(moved.code, 0, moved.stderr);
      assert.equal(moved.stdout.trim(), `Moved photo ${c.id} of pet ${id} to position 0`);
      const order = async () =>
        (await json(['pets', 'photos', 'list', String(id)])).map((photo: { id: string }) => photo.id);
      assert.deepEqual(await order(), [c.id, a.id, b.id]);

      const removed = await runCli(['pets', 'photos', 'remove', String(id), a.id], env);
      assert.equal(removed.code, 0, removed.stderr);
      assert.equal(removed.stdout.trim(), `Removed photo ${a.id} of pet ${id}`);
      assert.deepEqual(await order(), [c.id, b.id]);
      assert.equal((await served(a.urls.full))[0], 404);

      const again = await runCli(['pets', 'photos', 'remove', String(id), a.id, '--json'], env);
      assert.equal(again.code, 1);
      assert.equal(JSON.parse(again.stderr).error.code, 'photo_not_found');
    });

    test('export writes the full-size URLs: a CSV column photos of absolute ones, separated by |; JSON Lines as the API', async () => {
      const id = await newPet(server, { name: 'Pix', categoryId: 4 });
      const [first, second] = await json(['pets', 'photos', 'add', String(id), files.png, files.webp]);
      const csv = await runCli(['pets', 'export'], env);
      assert.equal(csv.code, 0, csv.stderr);
      const [header, ...rows] = csv.stdout.trim().split('\n');
      const column = header!.split(',').indexOf('photos');
      const row = rows.find((line) => line.startsWith(`${id},`))!.split(',');
      // The URLs `photos add --json` printed, which a page can use as they are.
      assert.equal(row[column], `${first.urls.full}|${second.urls.full}`);
      for (const url of row[column]!.split('|')) assert.deepEqual(await served(url), [200, 'image/webp']);
      const relative = (url: string) => new URL(url).pathname;

      const ndjson = await runCli(['pets', 'export', '--format', 'ndjson'], env);
      const pet = ndjson.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line))
        .find((exported: { id: number }) => exported.id === id);
      assert.deepEqual(
        pet.photos.map((photo: { id: string; urls: { full: string } }) => [photo.id, photo.urls.full]),
        [first, second].map((photo) => [photo.id, relative(photo.urls.full)]),
      );
    });

    if (index === 0)
      test('a file of another kind is refused before anything is sent', async () => {
        const id = await newPet(server, { name: 'Ada', categoryId: 3 });
        const before = server.petRequests;
        const missing = join(dir, 'gone.jpg');
        const refused = await runCli(
          ['pets', 'photos', 'add', String(id), files.jpeg, files.gif, missing, dir],
          env,
        );
        assert.equal(refused.code, 1);
        assert.match(refused.stderr, /biscuit\.gif is not a photo the service takes/);
        assert.match(refused.stderr, /gone\.jpg is not a file that can be read/);
        assert.equal(server.petRequests, before, 'nothing sent');
        assert.deepEqual(await json(['pets', 'photos', 'list', String(id)]), []);

        const position = await runCli(['pets', 'photos', 'move', String(id), 'x', '-1'], env);
        assert.equal(position.code, 1);
      });
  });
}
