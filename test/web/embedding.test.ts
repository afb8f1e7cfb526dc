// Embedded views through HTTP (app.inject): who may frame which page (CSP frame-ancestors, X-Frame-Options),
// the one script an embedded view runs, its links and forms that stay embedded, embed.js itself, and the
// PETSTORE_EMBED_ORIGINS setting; on every backend.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ConfigError, loadConfig } from '../../src/config.js';
import { backends } from '../helpers/backends.js';
import { addPet } from '../helpers/http-calls.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { unescaped } from './page-html.js';

/** The sources of one directive of a Content-Security-Policy, or undefined when it is absent. */
function directive(policy: string | undefined, name: string): string[] | undefined {
  const found = String(policy)
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([directiveName]) => directiveName === name);
  return found?.slice(1);
}

/** Every address a page's links and forms lead to, as the browser reads them. */
const addressesOf = (html: string): string[] =>
  [...html.matchAll(/<(?:a|form) [^>]*(?:href|action)="([^"]*)"/g)].map((m) => unescaped(m[1]!));

const scriptsOf = (html: string): string[] =>
  [...html.matchAll(/<script([^>]*)>/g)].map((m) => /src="([^"]*)"/.exec(m[1]!)?.[1] ?? 'inline');

for (const backend of backends) {
  describe(`embedded views on ${backend.name}`, () => {
    let t: TestApp;
    let petId: number;
    before(async () => {
      t = await startTestApp(backend, {});
      petId = (await addPet(t, { name: 'Alma', categoryId: 1 })).id;
      await addPet(t, { name: 'Bruno', categoryId: 1 });
      await addPet(t, { name: 'Cleo', categoryId: 2 });
    });
    after(() => t.close());

    const get = (url: string) => t.request({ url });
    const views = () => [
      '/adopt',
      '/adopt?categoryId=1',
      `/adopt/pets/${petId}`,
      `/adopt/pets/${petId}/apply`,
      '/adopt/apply',
      '/adopt/pets/999999',
      '/adopt/no-such-page',
    ];

    test('an embedded view may be framed by any origin (the default) and sends no X-Frame-Options', async () => {
      for (const url of views()) {
        const res = await get(`${url}${url.includes('?') ? '&' : '?'}embed=1`);
        assert.deepEqual(directive(res.headers['content-security-policy'], 'frame-ancestors'), ['*'], url);
        assert.equal(res.headers['x-frame-options'], undefined, url);
        assert.deepEqual(directive(res.headers['content-security-policy'], 'script-src'), ["'self'"], url);
        assert.ok(!String(res.headers['content-security-policy']).includes('unsafe'), url);
      }
    });

    test('every other page, and the API, may never be framed', async () => {
      for (const url of [...views(), '/adopt?embed=0', '/adopt?embed=true', '/robots.txt']) {
        const res = await get(url);
        assert.deepEqual(
          directive(res.headers['content-security-policy'], 'frame-ancestors'),
          ["'none'"],
          url,
        );
        assert.equal(res.headers['x-frame-options'], 'DENY', url);
        assert.equal(directive(res.headers['content-security-policy'], 'script-src'), undefined, url);
        assert.deepEqual(scriptsOf(res.body), [], url);
      }
      const api = await t.request({ url: '/v1/pets?embed=1', headers: t.auth });
      assert.deepEqual(directive(api.headers['content-security-policy'], 'frame-ancestors'), ["'none'"]);
      assert.ok(api.headers['x-frame-options']);
    });

    test('an embedded view has no header or footer, runs one script of its own, and keeps its canonical address', async () => {
      const plain = await get(`/adopt/pets/${petId}`);
      const embedded = await get(`/adopt/pets/${petId}?embed=1`);
      assert.match(plain.body, /<header/);
      assert.match(plain.body, /<footer/);
      assert.doesNotMatch(embedded.body, /<header|<footer|class="skip"/);
      const [script, ...others] = scriptsOf(embedded.body);
      assert.deepEqual(others, []);
      assert.match(script!, /^\/adopt\/assets\/frame\.[\w-]{12}\.js$/);
      const canonical = /<link rel="canonical" href="([^"]*)"/.exec(embedded.body)?.[1];
      assert.ok(canonical && !canonical.includes('embed'), canonical);
      assert.equal(canonical, /<link rel="canonical" href="([^"]*)"/.exec(plain.body)?.[1]);
      // They differ by address, and so by ETag: a cache never answers one with the other.
      assert.notEqual(embedded.headers.etag, plain.headers.etag);

      const asset = await get(script!);
      assert.equal(asset.statusCode, 200);
      assert.match(String(asset.headers['content-type']), /^text\/javascript/);
      assert.match(String(asset.headers['cache-control']), /max-age=31536000/);
      assert.match(asset.body, /postMessage/);
    });

    test('every link and form of an embedded view keeps embed=1; a plain view adds none', async () => {
      for (const url of views()) {
        const embedded = await get(`${url}${url.includes('?') ? '&' : '?'}embed=1`);
        const addresses = addressesOf(embedded.body).filter((address) => !address.startsWith('#'));
        assert.ok(addresses.length > 0, url);
        for (const address of addresses) {
          if (address === '/adopt' && embedded.body.includes('<form class="filters"')) {
            // The GET filter form sends its fields alone: embed=1 is one of them.
            assert.match(embedded.body, /<input type="hidden" name="embed" value="1"/);
            continue;
          }
          assert.equal(new URL(address, 'http://x').searchParams.get('embed'), '1', `${url}: ${address}`);
        }
        const plain = await get(url);
        for (const address of addressesOf(plain.body)) assert.ok(!address.includes('embed'), address);
      }
      const list = await get('/adopt?embed=1');
      assert.ok(addressesOf(list.body).includes(`/adopt/pets/${petId}?embed=1`));
      assert.doesNotMatch(list.body, /target="_top"|target="_blank"/);
    });

    test('a refused application sent from an embedded form comes back embedded', async () => {
      const res = await t.request({
        method: 'POST',
        url: '/adopt/apply?embed=1',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:80' },
        payload: 'formToken=bad',
      });
      assert.ok(res.statusCode >= 400 && res.statusCode < 500, String(res.statusCode));
      assert.deepEqual(directive(res.headers['content-security-policy'], 'frame-ancestors'), ['*']);
      assert.doesNotMatch(res.body, /<header/);
    });

    test('embed.js is JavaScript any site may load, cached a day and revalidated', async () => {
      const res = await get('/adopt/embed.js');
      assert.equal(res.statusCode, 200);
      assert.match(String(res.headers['content-type']), /^text\/javascript/);
      assert.equal(res.headers['cache-control'], 'public, max-age=86400');
      assert.equal(res.headers['cross-origin-resource-policy'], 'cross-origin');
      assert.match(res.body, /Animals for adoption/);
      const again = await t.request({
        url: '/adopt/embed.js',
        headers: { 'if-none-match': res.headers.etag! },
      });
      assert.equal(again.statusCode, 304);
    });
  });
}

describe('PETSTORE_EMBED_ORIGINS', () => {
  test('names the origins that may frame embedded views, separated by spaces or commas', async () => {
    const t = await startTestApp(backends[0]!, {
      embedOrigins: 'https://shelter.example, https://*.friends.example  http://localhost:8080',
    });
    try {
      const res = await t.request({ url: '/adopt?embed=1' });
      assert.deepEqual(directive(res.headers['content-security-policy'], 'frame-ancestors'), [
        'https://shelter.example',
        'https://*.friends.example',
        'http://localhost:8080',
      ]);
      const plain = await t.request({ url: '/adopt' });
      assert.deepEqual(directive(plain.headers['content-security-policy'], 'frame-ancestors'), ["'none'"]);
    } finally {
      await t.close();
    }
  });

  test('defaults to any origin, and refuses at start what is not a list of origins', () => {
    assert.equal(loadConfig({}).embedOrigins, '*');
    assert.equal(
      loadConfig({ PETSTORE_EMBED_ORIGINS: 'https://a.example,https://b.example:8443' }).embedOrigins,
      'https://a.example,https://b.example:8443',
    );
    for (const bad of [
      'shelter.example',
      'https://shelter.example/adopt',
      'https://shelter.example/',
      "'none'; script-src *",
      '* https://shelter.example',
      'javascript:alert(1)',
    ]) {
      assert.throws(
        () => loadConfig({ PETSTORE_EMBED_ORIGINS: bad }),
        (error: unknown) =>
          error instanceof ConfigError &&
          error.message.includes('PETSTORE_EMBED_ORIGINS (--embed-origins) must be') &&
          error.message.includes(JSON.stringify(bad)),
        bad,
      );
    }
  });
});
