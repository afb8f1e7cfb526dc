// The weight of the list page, as phones on slow networks pay it: the HTML of a full page of 20
// animals (each with the longest name the API takes and a full profile), with the stylesheet and every
// script it loads, compressed as a server or CDN sends it. Photos are left out: they are lazy and sized.
import assert from 'node:assert/strict';
import { gzipSync } from 'node:zlib';
import { after, before, describe, test } from 'node:test';
import { nameLimits } from '../../src/domain/pet.js';
import { backends } from '../helpers/backends.js';
import { addPet } from '../helpers/http-calls.js';
import { fullProfile } from '../helpers/pet-profile.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

/** The budget of the list page's HTML, CSS and JavaScript together, compressed: 50 kB. */
const budgetBytes = 50_000;
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

describe('the list page weight', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp(sqlite);
    // One more than a page, so the page has its "Next page" link too.
    for (let i = 0; i < 21; i += 1) {
      const name = wordsOf(i).slice(0, nameLimits.maxLength);
      await addPet(t, { ...fullProfile, name, categoryId: 99 });
    }
  });
  after(() => t.close());

  test('HTML, CSS and JS of /adopt with 20 animals weigh at most 50 kB compressed', async () => {
    const page = await t.request({ url: '/adopt' });
    assert.equal(page.statusCode, 200);
    assert.equal((page.body.match(/<li class="card">/g) ?? []).length, 20, 'a full page of 20 animals');
    const assets = [
      ...page.body.matchAll(/<link rel="stylesheet" href="([^"]+)"/g),
      ...page.body.matchAll(/<script[^>]* src="([^"]+)"/g),
    ].map((m) => m[1]!);
    assert.ok(assets.length >= 1, 'the stylesheet is counted');
    let total = gzipSync(page.rawPayload).length;
    for (const url of assets) {
      const asset = await t.request({ url });
      assert.equal(asset.statusCode, 200, url);
      total += gzipSync(asset.rawPayload).length;
    }
    assert.ok(total <= budgetBytes, `${total} bytes compressed, over the ${budgetBytes} budget`);
  });
});
