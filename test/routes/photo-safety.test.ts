// What an upload may not smuggle in, through HTTP on every backend: the type is read from the bytes, SVG and
// mismatched types are 415, a truncated file is 400, a decompression bomb is 422 without the memory growing,
// a phone photo comes back upright with none of its metadata, and nothing appended to an image survives.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import sharp from 'sharp';
import { backends } from '../helpers/backends.js';
import { addPet } from '../helpers/http-calls.js';
import {
  contentTypes,
  isRed,
  makeImage,
  phonePhoto,
  pixelAt,
  pngBomb,
  secrets,
  type Format,
} from '../helpers/images.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

const formats: Format[] = ['jpeg', 'png', 'webp', 'avif'];
const sizes = ['small', 'medium', 'large', 'full'] as const;

// Made once for every backend: deflating 312 MB of zeros takes a second or two.
const bomb = pngBomb(50_000, 50_000);

for (const backend of backends) {
  describe(`photo uploads made safe on ${backend.name}`, () => {
    let t: TestApp;
    before(async () => {
      t = await startTestApp(backend);
    });
    after(() => t.close());

    const upload = async (body: Buffer, contentType: string) =>
      t.request({
        method: 'POST',
        url: `/v1/pets/${(await addPet(t)).id}/photos`,
        headers: { ...t.auth, 'content-type': contentType },
        payload: body,
      });
    /** Every size of an uploaded photo, as served. */
    const download = (urls: Record<string, string>) =>
      Promise.all(sizes.map(async (size) => (await t.request({ url: urls[size]! })).rawPayload));

    for (const format of formats) {
      test(`a ${format} upload is stored in four WebP sizes, never upscaled`, async () => {
        const res = await upload(await makeImage(format, 400, 300), contentTypes[format]);
        assert.equal(res.statusCode, 201, res.body);
        const photo = res.json();
        assert.deepEqual([photo.width, photo.height], [400, 300]);
        const images = await download(photo.urls);
        const dimensions = await Promise.all(
          images.map(async (image) => {
            const { format: stored, width, height } = await sharp(image).metadata();
            return [stored, width, height];
          }),
        );
        assert.deepEqual(dimensions, [
          ['webp', 100, 75],
          ['webp', 300, 225],
          ['webp', 400, 300],
          ['webp', 400, 300],
        ]);
      });
    }

    test('a phone photo on its side comes back upright, and no size keeps any of its metadata', async () => {
      const original = await phonePhoto();
      // The test's own image does carry what must not survive.
      const before = await sharp(original).metadata();
      assert.equal(before.orientation, 6);
      assert.ok(
        original.includes(secrets.gps) && original.includes(secrets.xmp) && original.includes(secrets.exif),
      );
      const res = await upload(original, 'image/jpeg');
      assert.equal(res.statusCode, 201, res.body);
      const photo = res.json();
      assert.deepEqual([photo.width, photo.height], [200, 400], 'upright: taller than wide');
      for (const [i, image] of (await download(photo.urls)).entries()) {
        const size = sizes[i]!;
        const { width, height, exif, xmp, icc, orientation } = await sharp(image).metadata();
        assert.deepEqual([exif, xmp, icc, orientation], [undefined, undefined, undefined, undefined], size);
        for (const secret of Object.values(secrets)) assert.ok(!image.includes(secret), `${size}: ${secret}`);
        // The JPEG segment and the WebP chunks that would hold metadata (four bytes: no chance match).
        for (const marker of ['Exif', 'EXIF', 'XMP ', 'ICCP'])
          assert.ok(!image.includes(marker), `${size} carries no ${marker} chunk`);
        // Red was on the left of the stored pixels: turned clockwise, it is on top.
        assert.ok(isRed(await pixelAt(image, width! / 2, 2)), `${size}: red on top`);
        assert.ok(!isRed(await pixelAt(image, width! / 2, height! - 3)), `${size}: blue at the bottom`);
      }
    });

    test('a PNG bomb (50,000 × 50,000 in a few hundred kB) is 422 before decoding, memory untouched', async () => {
      const body = await bomb;
      assert.ok(body.length < 1_000_000, `${body.length} bytes`);
      const rss = process.memoryUsage.rss();
      const res = await upload(body, 'image/png');
      assert.equal(res.statusCode, 422, res.body);
      assert.equal(res.json().code, 'image_too_large');
      // Named from the header, so refused before the decoder was asked.
      assert.match(res.json().message, /50000 × 50000 pixels \(2,500 MP\), over the cap of 50 MP/);
      const grown = process.memoryUsage.rss() - rss;
      assert.ok(grown < 100_000_000, `the process grew by ${grown} bytes`);
    });

    test('an image just over the pixel cap is refused from its header too', async () => {
      const res = await upload(await pngBomb(8000, 6256), 'image/png');
      assert.equal(res.statusCode, 422, res.body);
      assert.match(res.json().message, /8000 × 6256 pixels/);
    });

    test('SVG is 415, declared as such or as another type', async () => {
      const svg = Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><script>alert(1)</script></svg>',
      );
      for (const declared of ['image/svg+xml', 'image/png']) {
        const res = await upload(svg, declared);
        assert.equal(res.statusCode, 415, `${declared}: ${res.body}`);
        assert.equal(res.json().code, 'unsupported_image');
      }
    });

    test('a JPEG sent as image/png is 415, naming both', async () => {
      const res = await upload(await makeImage('jpeg'), 'image/png');
      assert.equal(res.statusCode, 415, res.body);
      assert.match(res.json().message, /the body is JPEG, but Content-Type says image\/png/);
    });

    test('another format (GIF), or a body that is no image, is 415', async () => {
      const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#f00' } })
        .gif()
        .toBuffer();
      for (const [body, declared] of [
        [gif, 'image/gif'],
        [gif, 'image/jpeg'],
        [Buffer.from('hello, world'), 'image/webp'],
        [Buffer.from('{"name":"Rex"}'), 'application/json'],
      ] as const) {
        const res = await upload(body, declared);
        assert.equal(res.statusCode, 415, `${declared}: ${res.body}`);
        assert.equal(res.json().code, 'unsupported_image');
      }
    });

    test('a truncated JPEG, or an empty body, is 400 invalid_image', async () => {
      const jpeg = await makeImage('jpeg', 800, 600);
      for (const body of [jpeg.subarray(0, jpeg.length / 2), jpeg.subarray(0, 200), Buffer.alloc(0)]) {
        const res = await upload(body, 'image/jpeg');
        assert.equal(res.statusCode, 400, `${body.length} bytes: ${res.body}`);
        assert.equal(res.json().code, 'invalid_image');
      }
    });

    test('a polyglot (a valid image with HTML appended) is stored without a byte of the appendix', async () => {
      const appendix = '<html><body><script>alert("polyglot-appendix")</script></body></html>';
      for (const format of ['jpeg', 'png'] as const) {
        const res = await upload(
          Buffer.concat([await makeImage(format), Buffer.from(appendix)]),
          contentTypes[format],
        );
        assert.equal(res.statusCode, 201, res.body);
        for (const image of await download(res.json().urls)) {
          for (const piece of ['polyglot-appendix', '<script', '<html'])
            assert.ok(!image.includes(piece), piece);
        }
      }
    });

    test('a body over the upload limit (16 MiB) is 413 naming the limit', async () => {
      const res = await upload(Buffer.alloc(16 * 1024 * 1024, 0xff), 'image/jpeg');
      assert.equal(res.statusCode, 413, res.body);
      assert.equal(res.json().code, 'payload_too_large');
      assert.match(res.json().message, /15728640 bytes/);
    });
  });
}
