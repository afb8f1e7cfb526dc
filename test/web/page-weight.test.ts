// The weight of the pages, as phones on slow networks pay it: the HTML of the public list's full page of 20
// animals (each with the longest name the API takes and a full profile), and of the console's list of 25 and
// an animal's page, with the stylesheet and every script each loads, compressed as a server or CDN sends
// it. Photos are left out: they are lazy and sized.
import assert from 'node:assert/strict';
import { gzipSync } from 'node:zlib';
import { after, before, describe, test } from 'node:test';
import { nameLimits } from '../../src/domain/pet.js';
import { backends } from '../helpers/backends.js';
import { signedInAs } from '../helpers/console.js';
import { addPet } from '../helpers/http-calls.js';
import { fullProfile } from '../helpers/pet-profile.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

/** The budget of the list page's HTML, CSS and JavaScript together, compressed: 50 kB. */
const budgetBytes = 50_000;
/** A console page's, without its photos (docs/console.md). */
const consoleBudgetBytes = 100_000;
/** A long name of varied letters (a repeated one would compress to almost nothing). */
const wordsOf = (seed: number): string => {
  let [x, text] = [seed + 1, ''];
  while (text.length < nameLimits.maxLength) {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    text += String.fromCharCode(97 + (x % 26)) + (x % 7 === 0 ? ' ' : '');
  }
  return text;
};
const sqlite = backends.find((b) => b.name === 'sqlite') ?? backends[0]!;

describe('the pages’ weight', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp(sqlite);
    // One more than a page of either list, so each has its "Next page" link too.
    for (let i = 0; i < 26; i += 1) {
      const name = wordsOf(i).slice(0, nameLimits.maxLength);
      await addPet(t, { ...fullProfile, name, categoryId: 99 });
    }
  });
  after(() => t.close());

  test('HTML, CSS and JS of /adopt with 20 animals weigh at most 50 kB compressed', async () => {
    const page = await t.request({ url: '/adopt' });
    assert.equal(page.statusCode, 200);
    assert.equal((page.body.match(/<li class="card">/g) ?? []).length, 20, 'a full page of 20 animals');
    const total = await compressedWeight(t, page.rawPayload, page.body);
    assert.ok(total <= budgetBytes, `${total} bytes compressed, over the ${budgetBytes} budget`);
  });

  test('HTML, CSS and JS of the console’s list of 25 and of an animal’s page weigh at most 100 kB compressed', async () => {
    const { browser } = await signedInAs(t, 'admin');
    const list = await browser.get('/console');
    assert.equal((list.body.match(/<tr>/g) ?? []).length, 26, 'a full page of 25 animals and its head row');
    const animal = await browser.get('/console/animals/1');
    assert.equal(animal.statusCode, 200);
    for (const page of [list, animal]) {
      const total = await compressedWeight(t, page.rawPayload, page.body);
      assert.ok(
        total <= consoleBudgetBytes,
        `${total} bytes compressed, over the ${consoleBudgetBytes} budget`,
      );
    }
  });
});

/** The page's bytes and those of the stylesheet and scripts it loads, each compressed. */
async function compressedWeight(t: TestApp, payload: Buffer, html: string): Promise<number> {
  const assets = [
    ...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g),
    ...html.matchAll(/<script[^>]* src="([^"]+)"/g),
  ].map((m) => m[1]!);
  assert.ok(assets.length >= 1, 'the stylesheet is counted');
  let total = gzipSync(payload).length;
  for (const url of assets) {
    const asset = await t.request({ url });
    assert.equal(asset.statusCode, 200, url);
    total += gzipSync(asset.rawPayload).length;
  }
  return total;
}
