// The shelter's logo through HTTP, on every backend: a real photo becomes four WebP sizes served without a key
// (immutable, as photos are) and stripped of its metadata; a non-image or a mismatched type is refused; a new
// logo takes the old one's place and its URLs stop answering; removal empties the field; other instances see
// each change on their very next request.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import sharp from 'sharp';
import { backends } from '../helpers/backends.js';
import { makeImage, phonePhoto, secrets } from '../helpers/images.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

const sizes = ['small', 'medium', 'large', 'full'] as const;
const examplePhoto = () => readFile(new URL('../../examples/photos/luna.jpg', import.meta.url));

for (const backend of backends) {
  describe(`the shelter's logo on ${backend.name}`, () => {
    let t: TestApp;
    before(async () => {
      t = await startTestApp(backend);
    });
    after(() => t.close());

    const put = (payload: Buffer | string, contentType: string) =>
      t.request({
        method: 'PUT',
        url: '/v1/shelter/logo',
        headers: { ...t.auth, 'content-type': contentType },
        payload,
      });
    const shelter = async () => (await t.request({ url: '/v1/shelter', headers: t.auth })).json();

    test('a real photo becomes the logo: four WebP sizes, served without a key, for a year', async () => {
      const res = await put(await examplePhoto(), 'image/jpeg');
      assert.equal(res.statusCode, 200, res.body);
      const logo = res.json();
      assert.equal(res.headers.location, logo.urls.full);
      assert.deepEqual((await shelter()).logo, logo);
      for (const size of sizes) {
        assert.match(logo.urls[size], new RegExp(`^/v1/photos/${logo.id}/${size}$`));
        const served = await t.request({ url: logo.urls[size] });
        assert.equal(served.statusCode, 200, size);
        assert.equal(served.headers['content-type'], 'image/webp');
        assert.equal(served.headers['cache-control'], 'public, max-age=31536000, immutable');
        assert.equal((await sharp(served.rawPayload).metadata()).format, 'webp');
      }
    });

    test('the safety rules of photos: metadata stripped, a non-image 415, a truncated one 400, types by bytes', async () => {
      const res = await put(await phonePhoto(), 'image/jpeg');
      assert.equal(res.statusCode, 200, res.body);
      const full = (await t.request({ url: res.json().urls.full })).rawPayload;
      for (const secret of Object.values(secrets)) assert.ok(!full.includes(secret), secret);

      const before = await shelter();
      const refusals: Array<[Buffer | string, string, number, string]> = [
        ['<svg xmlns="http://www.w3.org/2000/svg"/>', 'image/svg+xml', 415, 'unsupported_image'],
        ['just text', 'text/plain', 415, 'unsupported_image'],
        [await makeImage('png', 40, 30), 'image/jpeg', 415, 'unsupported_image'],
        [(await makeImage('png', 40, 30)).subarray(0, 60), 'image/png', 400, 'invalid_image'],
      ];
      for (const [body, type, status, code] of refusals) {
        const refused = await put(body, type);
        assert.equal(refused.statusCode, status, `${type}: ${refused.body}`);
        assert.equal(refused.json().code, code, type);
      }
      assert.deepEqual(await shelter(), before, 'a refused logo changes nothing');
    });

    test('a new logo replaces the old, whose URLs answer 404; removal clears it, and may be repeated', async () => {
      const first = (await put(await makeImage('png', 40, 30), 'image/png')).json();
      const second = (await put(await makeImage('webp', 60, 20), 'image/webp')).json();
      assert.notEqual(second.id, first.id);
      assert.deepEqual([second.width, second.height], [60, 20]);
      assert.equal((await t.request({ url: first.urls.small })).statusCode, 404);
      assert.equal((await t.request({ url: second.urls.small })).statusCode, 200);

      const removed = await t.request({ method: 'DELETE', url: '/v1/shelter/logo', headers: t.auth });
      assert.equal(removed.statusCode, 204, removed.body);
      assert.equal((await shelter()).logo, null);
      assert.equal((await t.request({ url: second.urls.full })).statusCode, 404);
      const again = await t.request({ method: 'DELETE', url: '/v1/shelter/logo', headers: t.auth });
      assert.equal(again.statusCode, 204);
    });

    test('another instance sees a new logo and its removal on its very next request', async () => {
      const other = await t.instance();
      try {
        const logoThere = async () =>
          (await other.request({ url: '/v1/shelter', headers: t.auth })).json().logo;
        assert.equal(await logoThere(), null);
        const logo = (await put(await makeImage('png', 40, 30), 'image/png')).json();
        assert.equal((await logoThere())?.id, logo.id);
        await t.request({ method: 'DELETE', url: '/v1/shelter/logo', headers: t.auth });
        assert.equal(await logoThere(), null);
      } finally {
        await other.close();
      }
    });
  });
}
