// The public pages through HTTP (app.inject): which animals each shows, the redirect at `/`, the headers
// (security and caching), the 404s, escaping, the sitemap, and turning the pages off; on every backend.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { backends } from '../helpers/backends.js';
import { addPet } from '../helpers/http-calls.js';
import { makeImage } from '../helpers/images.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { cardIds, hrefOf, metaOf, unescaped } from './page-html.js';

const browser = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const probe = '<img src=x onerror=alert(1)>';
/** The index `/` answered before the pages existed: a client of it sees the very same. */
const jsonIndex = {
  name: 'Pet Adoption Service',
  api: '/v1',
  docs: '/v1/docs',
  openapi: '/v1/openapi.json',
  health: '/healthz',
};

for (const backend of backends) {
  describe(`public pages on ${backend.name}`, () => {
    let t: TestApp;
    const ids = {} as Record<
      'oldAvailable' | 'pending' | 'sold' | 'removed' | 'cat' | 'probe' | 'hidden' | 'hiddenPending',
      number
    >;
    before(async () => {
      t = await startTestApp(backend, { publicUrl: 'https://shelter.example/v1' });
      // Created oldest first: the list shows the newest first, available before pending.
      ids.oldAvailable = (await addPet(t, { name: 'Alma', categoryId: 1, age: 'senior', size: 'large' })).id;
      ids.pending = (await addPet(t, { name: 'Bruno', categoryId: 1, status: 'pending', age: 'adult' })).id;
      ids.sold = (await addPet(t, { name: 'Cleo', categoryId: 2, status: 'sold' })).id;
      // Unpublished: in the API, on no page.
      ids.hidden = (await addPet(t, { name: 'Fritz', categoryId: 1, age: 'senior', published: false })).id;
      ids.hiddenPending = (
        await addPet(t, { name: 'Greta', categoryId: 2, status: 'pending', published: false })
      ).id;
      ids.removed = (await addPet(t, { name: 'Dora', categoryId: 2 })).id;
      ids.cat = (await addPet(t, { name: 'Edda', categoryId: 2, age: 'young', sex: 'female' })).id;
      ids.probe = (
        await addPet(t, {
          name: probe,
          // A category without a breed list, so that any breed is taken.
          categoryId: 99,
          breed: `${probe} breed`,
          color: `${probe} colour`,
          description: `First line ${probe}\nsecond line\n\nSecond paragraph`,
          tags: [probe.slice(0, 30)],
          goodWith: { children: true, dogs: false },
        })
      ).id;
      const removal = await t.request({ method: 'DELETE', url: `/v1/pets/${ids.removed}`, headers: t.auth });
      assert.equal(removal.statusCode, 204);
    });
    after(() => t.close());

    const page = (url: string, headers: Record<string, string> = {}) => t.request({ url, headers });

    test('GET / sends a browser on to /adopt with 303; JSON, */* and no Accept get the index unchanged', async () => {
      const redirected = await page('/', { accept: browser });
      assert.equal(redirected.statusCode, 303);
      assert.equal(redirected.headers.location, '/adopt');
      assert.equal((await page('/', { accept: 'text/html' })).statusCode, 303);
      for (const accept of ['application/json', '*/*', undefined, 'text/html;q=0.5, application/json']) {
        const res = await page('/', accept === undefined ? {} : { accept });
        assert.equal(res.statusCode, 200, `Accept: ${accept}`);
        assert.deepEqual(res.json(), {
          ...jsonIndex,
          api: 'https://shelter.example/v1',
          docs: 'https://shelter.example/v1/docs',
          openapi: 'https://shelter.example/v1/openapi.json',
        });
        assert.equal(res.headers.vary, 'Accept');
      }
    });

    test('the list shows available animals newest first, then pending ones with their badge; never unpublished, sold or removed', async () => {
      const res = await page('/adopt');
      assert.equal(res.statusCode, 200);
      assert.equal(res.headers['content-type'], 'text/html; charset=utf-8');
      assert.deepEqual(cardIds(res.body), [ids.probe, ids.cat, ids.oldAvailable, ids.pending]);
      assert.equal([...res.body.matchAll(/class="badge">Adoption pending</g)].length, 1);
      const byName = await page('/adopt?sort=name');
      // `<` sorts before letters.
      assert.deepEqual(cardIds(byName.body), [ids.probe, ids.oldAvailable, ids.cat, ids.pending]);
    });

    test('filters give the animals GET /v1/pets gives for the same filter and published=true, and their URL is kept in links', async () => {
      const cases = [
        ['categoryId=2', 'categoryId=2'],
        ['age=senior', 'age=senior'],
        ['sex=female&goodWith=', 'sex=female'],
        ['goodWith=children&goodWith=dogs', 'goodWith=children,dogs'],
        ['goodWith=children', 'goodWith=children'],
        ['q=edd', 'q=edd'],
        ['q=second+paragraph', 'q=second+paragraph'],
        ['categoryId=&age=&size=&sex=&q=', ''],
      ];
      for (const [form, api] of cases) {
        const shown = cardIds((await page(`/adopt?${form}`)).body);
        const expected: number[] = [];
        for (const status of ['available', 'pending']) {
          const res = await t.request({
            url: `/v1/pets?status=${status}&published=true&sort=-createdAt&${api}`,
            headers: t.auth,
          });
          expected.push(...res.json().map((pet: { id: number }) => pet.id));
        }
        assert.deepEqual(shown, expected, form);
      }
      const filtered = await page('/adopt?categoryId=1&age=senior');
      assert.equal(hrefOf(filtered.body, 'Clear filters'), '/adopt');
      assert.match(filtered.body, /<option value="senior" selected>/);
    });

    test('no match: a friendly message and a link that clears the filters', async () => {
      const res = await page('/adopt?q=nosuchword');
      assert.equal(res.statusCode, 200);
      assert.deepEqual(cardIds(res.body), []);
      assert.match(res.body, /No animals match/);
      assert.ok(res.body.includes('<a class="button" href="/adopt">Clear filters</a>'));
    });

    test('every user string is shown as text, never as markup', async () => {
      for (const url of ['/adopt', `/adopt/pets/${ids.probe}`, `/adopt?q=${encodeURIComponent(probe)}`]) {
        const { body } = await page(url);
        assert.ok(!body.includes('<img src=x'), url);
        assert.ok(body.includes('&lt;img src=x onerror=alert(1)>'), url);
      }
      const { body } = await page(`/adopt/pets/${ids.probe}`);
      assert.equal(metaOf(body, 'og:title'), `${probe} — for adoption`);
      for (const text of [`${probe} breed`, `${probe} colour`, probe.slice(0, 30)])
        assert.ok(unescaped(body).includes(text));
    });

    test('an animal page: facts, good with, the description in paragraphs, sharing tags and the way to apply', async () => {
      const res = await page(`/adopt/pets/${ids.probe}`);
      assert.equal(res.statusCode, 200);
      const text = unescaped(res.body);
      assert.ok(
        text.includes('<dt>Children</dt><dd>Yes</dd><dt>Dogs</dt><dd>No</dd><dt>Cats</dt><dd>Not known</dd>'),
      );
      assert.ok(
        res.body.includes(
          `<p>First line &lt;img src=x onerror=alert(1)>\nsecond line</p><p>Second paragraph</p>`,
        ),
      );
      assert.equal(hrefOf(res.body, `Apply to adopt ${probe}`), `/adopt/pets/${ids.probe}/apply`);
      assert.ok(
        res.body.includes(`<link rel="canonical" href="https://shelter.example/adopt/pets/${ids.probe}"/>`),
      );
      assert.equal(metaOf(res.body, 'og:url'), `https://shelter.example/adopt/pets/${ids.probe}`);
      assert.ok(metaOf(res.body, 'description')?.startsWith('First line'));
      const pending = await page(`/adopt/pets/${ids.pending}`);
      assert.equal(pending.statusCode, 200);
      assert.match(pending.body, /An adoption of Bruno is pending/);
    });

    test('unpublished, sold, removed, unknown and malformed animals get a friendly HTML 404 with a link back', async () => {
      for (const url of [
        `/adopt/pets/${ids.hidden}`,
        `/adopt/pets/${ids.hiddenPending}`,
        `/adopt/pets/${ids.hidden}/apply`,
        `/adopt/pets/${ids.hiddenPending}/apply`,
        `/adopt/pets/${ids.sold}`,
        `/adopt/pets/${ids.removed}`,
        '/adopt/pets/999999',
        '/adopt/pets/abc',
        '/adopt/pets/0',
        '/adopt/nothing-here',
        `/adopt/pets/${ids.sold}/apply`,
        `/adopt/pets/${ids.removed}/apply`,
      ]) {
        const res = await page(url, { accept: browser });
        assert.equal(res.statusCode, 404, url);
        assert.equal(res.headers['content-type'], 'text/html; charset=utf-8', url);
        assert.match(res.body, /Page not found/, url);
        assert.equal(hrefOf(res.body, 'See all animals for adoption'), '/adopt', url);
        assert.equal(res.headers['cache-control'], 'no-store', url);
      }
      const bad = await page('/adopt?cursor=not-a-cursor');
      assert.equal(bad.statusCode, 400);
      assert.match(bad.body, /This link does not work/);
    });

    test('pages: a strict policy (no inline script or style, never framed), no cookie; /v1 keeps its own headers', async () => {
      for (const url of ['/adopt', `/adopt/pets/${ids.cat}`, '/adopt/pets/999999', '/adopt/apply']) {
        const res = await page(url);
        const policy = String(res.headers['content-security-policy']);
        assert.ok(!policy.includes('unsafe-inline') && !policy.includes('unsafe-eval'), policy);
        assert.match(policy, /(^|; )default-src 'none'(;|$)/);
        assert.match(policy, /(^|; )frame-ancestors 'none'(;|$)/);
        assert.match(policy, /(^|; )style-src 'self'(;|$)/);
        assert.ok(!/script-src/.test(policy), 'no script may run at all');
        // Only so that a page may fetch its own origin's robots.txt, as Lighthouse does from within it.
        assert.match(policy, /(^|; )connect-src 'self'(;|$)/);
        assert.equal(res.headers['set-cookie'], undefined);
        assert.equal(res.headers['x-frame-options'], 'DENY');
        // Other sites learn nothing; the pages' own forms still carry their Origin.
        assert.equal(res.headers['referrer-policy'], 'same-origin');
        assert.equal(res.headers['x-content-type-options'], 'nosniff');
        assert.ok(!/ style=/.test(res.body) && !/<script/.test(res.body) && !/<style/.test(res.body), url);
      }
      const api = await t.request({ url: '/v1/pets', headers: t.auth });
      assert.equal(api.headers['content-security-policy'], "default-src 'none';frame-ancestors 'none'");
      assert.equal(api.headers['x-frame-options'], 'SAMEORIGIN');
      assert.equal(api.headers['referrer-policy'], 'no-referrer');
      assert.equal(api.headers['cache-control'], undefined);
    });

    test('the stylesheet is served under its hashed name, cached for a year; the only request a page makes beside photos', async () => {
      const { body } = await page('/adopt');
      const links = [...body.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]!);
      assert.equal(links.length, 1);
      assert.match(links[0]!, /^\/adopt\/assets\/site\.[\w-]{12}\.css$/);
      const css = await page(links[0]!);
      assert.equal(css.statusCode, 200);
      assert.equal(css.headers['content-type'], 'text/css; charset=utf-8');
      assert.equal(css.headers['cache-control'], 'public, max-age=31536000, immutable');
      assert.ok(!/@import|@font-face|url\(/.test(css.body), 'no fonts and nothing else loaded');
      assert.equal((await page('/adopt/assets/site.000000000000.css')).statusCode, 404);
      // Nothing the page loads or links to is on another origin (the canonical URL names this one).
      const elsewhere = [
        ...body.matchAll(/(?:src|srcset|action|<a [^>]*href|stylesheet" href)="(https?:)?\/\/[^"]*"/g),
      ];
      assert.deepEqual(elsewhere, []);
    });

    test('a page is cached a minute with an ETag; a change through the API shows on the very next request', async () => {
      const url = `/adopt/pets/${ids.cat}`;
      const first = await page(url);
      assert.equal(first.headers['cache-control'], 'public, max-age=60');
      const etag = String(first.headers.etag);
      assert.match(etag, /^"[\w-]+"$/);
      const again = await page(url, { 'if-none-match': etag });
      assert.equal(again.statusCode, 304);
      assert.equal(again.body, '');
      const list = await page('/adopt');
      assert.equal((await page('/adopt', { 'if-none-match': String(list.headers.etag) })).statusCode, 304);
      const edit = await t.request({
        method: 'PATCH',
        url: `/v1/pets/${ids.cat}`,
        headers: t.auth,
        payload: { name: 'Edda Renamed' },
      });
      assert.equal(edit.statusCode, 200);
      const changed = await page(url, { 'if-none-match': etag });
      assert.equal(changed.statusCode, 200);
      assert.notEqual(changed.headers.etag, etag);
      assert.match(changed.body, /<h1>Edda Renamed<\/h1>/);
      const changedList = await page('/adopt', { 'if-none-match': String(list.headers.etag) });
      assert.equal(changedList.statusCode, 200);
      assert.match(changedList.body, />Edda Renamed</);
      // Another instance over the same data sees it on its first request too.
      const other = await t.instance();
      try {
        assert.match((await other.request({ url: '/adopt' })).body, />Edda Renamed</);
        await t.request({
          method: 'PATCH',
          url: `/v1/pets/${ids.cat}`,
          headers: t.auth,
          payload: { status: 'sold' },
        });
        assert.ok(!cardIds((await other.request({ url: '/adopt' })).body).includes(ids.cat));
        assert.equal((await other.request({ url })).statusCode, 404);
      } finally {
        await t.request({
          method: 'PATCH',
          url: `/v1/pets/${ids.cat}`,
          headers: t.auth,
          payload: { status: 'available', name: 'Edda' },
        });
        await other.close();
      }
    });

    test('unpublished by PATCH, an animal leaves the list, its page, its form and the sitemap on the very next request, on every instance', async () => {
      const id = ids.oldAvailable;
      const urls = {
        list: '/adopt',
        filtered: '/adopt?age=senior',
        pet: `/adopt/pets/${id}`,
        apply: `/adopt/pets/${id}/apply`,
        sitemap: '/adopt/sitemap.xml',
      };
      const inSitemap = (body: string) => body.includes(`/adopt/pets/${id}</loc>`);
      const other = await t.instance();
      const setPublished = async (published: boolean) => {
        const res = await t.request({
          method: 'PATCH',
          url: `/v1/pets/${id}`,
          headers: t.auth,
          payload: { published },
        });
        assert.equal(res.statusCode, 200, res.body);
      };
      try {
        // Every page read first, on both instances, so that each is in their caches.
        const etags: Record<string, string> = {};
        for (const instance of [t, other]) {
          assert.ok(cardIds((await instance.request({ url: urls.list })).body).includes(id));
          assert.ok(cardIds((await instance.request({ url: urls.filtered })).body).includes(id));
          assert.equal((await instance.request({ url: urls.pet })).statusCode, 200);
          assert.equal((await instance.request({ url: urls.apply })).statusCode, 200);
          assert.ok(inSitemap((await instance.request({ url: urls.sitemap })).body));
        }
        for (const url of [urls.list, urls.pet, urls.sitemap])
          etags[url] = String((await t.request({ url })).headers.etag);

        await setPublished(false);
        for (const instance of [t, other]) {
          const list = await instance.request({
            url: urls.list,
            headers: { 'if-none-match': etags[urls.list]! },
          });
          assert.equal(list.statusCode, 200, 'the list changed: not 304');
          assert.ok(!cardIds(list.body).includes(id), 'off the list');
          assert.ok(
            !cardIds((await instance.request({ url: urls.filtered })).body).includes(id),
            'off a filter',
          );
          const pet = await instance.request({
            url: urls.pet,
            headers: { 'if-none-match': etags[urls.pet]! },
          });
          assert.equal(pet.statusCode, 404, 'its page');
          assert.equal((await instance.request({ url: urls.apply })).statusCode, 404, 'its form');
          const sitemap = await instance.request({
            url: urls.sitemap,
            headers: { 'if-none-match': etags[urls.sitemap]! },
          });
          assert.equal(sitemap.statusCode, 200);
          assert.ok(!inSitemap(sitemap.body), 'off the sitemap');
        }
        // Still in the API, for a key that reads pets.
        const api = await t.request({ url: `/v1/pets?id=${id}`, headers: t.auth });
        assert.equal(api.json()[0].published, false);

        await setPublished(true);
        for (const instance of [t, other]) {
          assert.ok(
            cardIds((await instance.request({ url: urls.list })).body).includes(id),
            'back on the list',
          );
          assert.equal((await instance.request({ url: urls.pet })).statusCode, 200, 'its page is back');
          assert.ok(inSitemap((await instance.request({ url: urls.sitemap })).body), 'back in the sitemap');
        }
      } finally {
        await setPublished(true);
        await other.close();
      }
    });

    test('/favicon.ico is a PNG icon, kept a day, so no page’s console shows its 404', async () => {
      const icon = await t.request({ method: 'GET', url: '/favicon.ico' });
      assert.equal(icon.statusCode, 200);
      assert.equal(icon.headers['content-type'], 'image/png');
      assert.deepEqual([...icon.rawPayload.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      assert.equal(icon.headers['cache-control'], 'public, max-age=86400');
    });

    test('the sitemap lists the pages of published available and pending animals; robots.txt points to it', async () => {
      const res = await page('/adopt/sitemap.xml');
      assert.equal(res.statusCode, 200);
      assert.equal(res.headers['content-type'], 'application/xml; charset=utf-8');
      const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
      const shown = [ids.oldAvailable, ids.pending, ids.cat, ids.probe].map(
        (id) => `https://shelter.example/adopt/pets/${id}`,
      );
      assert.deepEqual(locs.sort(), ['https://shelter.example/adopt', ...shown].sort());
      for (const id of [ids.hidden, ids.hiddenPending])
        assert.ok(!res.body.includes(`/adopt/pets/${id}<`), 'no unpublished animal');
      const robots = await page('/robots.txt');
      assert.equal(robots.statusCode, 200);
      assert.match(robots.body, /^Sitemap: https:\/\/shelter\.example\/adopt\/sitemap\.xml$/m);
    });
  });

  describe(`public pages on ${backend.name}: paging, photos, origin, off`, () => {
    let t: TestApp;
    const available: number[] = [];
    const pending: number[] = [];
    before(async () => {
      t = await startTestApp(backend);
      for (let i = 0; i < 23; i++)
        available.push((await addPet(t, { name: `Available ${i}`, categoryId: 1 })).id);
      for (let i = 0; i < 22; i++)
        pending.push((await addPet(t, { name: `Pending ${i}`, categoryId: 1, status: 'pending' })).id);
      const png = await makeImage('png', 400, 300);
      for (const id of available.slice(-6)) {
        const upload = await t.request({
          method: 'POST',
          url: `/v1/pets/${id}/photos`,
          headers: { ...t.auth, 'content-type': 'image/png' },
          payload: png,
        });
        assert.equal(upload.statusCode, 201, upload.body);
      }
    });
    after(() => t.close());

    test('20 a page; "Next page" follows the cursors through available, then pending animals, each once', async () => {
      const seen: number[] = [];
      let url: string | undefined = '/adopt';
      const sizes: number[] = [];
      while (url) {
        const res = await t.request({ url });
        assert.equal(res.statusCode, 200, url);
        const ids = cardIds(res.body);
        sizes.push(ids.length);
        seen.push(...ids);
        url = /<a href="([^"]+)" rel="next">Next page<\/a>/.exec(res.body)?.[1]?.replaceAll('&amp;', '&');
      }
      assert.deepEqual(sizes, [20, 20, 5]);
      assert.deepEqual(seen, [...[...available].reverse(), ...[...pending].reverse()]);
    });

    test('cards: the primary photo in small and medium with its size, lazy after the first row', async () => {
      const { body } = await t.request({ url: '/adopt' });
      const images = [...body.matchAll(/<img [^>]*>/g)].map((m) => m[0]);
      assert.equal(images.length, 6);
      images.forEach((img, index) => {
        assert.match(
          img,
          /srcset="\/v1\/photos\/[\w-]{22}\/small 100w, \/v1\/photos\/[\w-]{22}\/medium 300w"/,
        );
        assert.match(img, / width="300" height="225"/);
        assert.equal(img.includes('loading="lazy"'), index >= 4, img);
      });
    });

    // The 400 × 300 upload is smaller than `large` (600): never enlarged, it keeps its size.
    test('the animal page shows every photo in large, alt its name and number; og:image on the request origin', async () => {
      const id = available.at(-1)!;
      const res = await t.request({ url: `/adopt/pets/${id}`, headers: { host: 'pets.example:8080' } });
      assert.match(
        res.body,
        /<img src="\/v1\/photos\/[\w-]{22}\/large" width="400" height="300" alt="Available 22, photo 1 of 1"/,
      );
      assert.match(
        metaOf(res.body, 'og:image') ?? '',
        /^http:\/\/pets\.example:8080\/v1\/photos\/[\w-]{22}\/large$/,
      );
      assert.equal(metaOf(res.body, 'twitter:card'), 'summary_large_image');
      assert.match(res.body, /<link rel="canonical" href="http:\/\/pets\.example:8080\/adopt\/pets\/\d+"\/>/);
    });

    test('an empty shelter: the list says there are no animals, not that filters match none, and offers no clearing', async () => {
      const empty = await startTestApp(backend);
      try {
        for (const url of ['/adopt', '/adopt?sort=name', '/adopt?section=pending']) {
          const res = await empty.request({ url, headers: { accept: browser } });
          assert.equal(res.statusCode, 200, url);
          assert.deepEqual(cardIds(res.body), [], url);
          assert.match(res.body, /There are no animals to show right now/, url);
          assert.ok(!/No animals match|fewer filters/.test(res.body), url);
          assert.ok(!res.body.includes('Clear filters'), url);
        }
        // With a filter set, the same empty list keeps the filters' message and the way to clear them.
        const filtered = await empty.request({ url: '/adopt?age=senior', headers: { accept: browser } });
        assert.match(filtered.body, /No animals match/);
        assert.ok(filtered.body.includes('<a class="button" href="/adopt">Clear filters</a>'));
      } finally {
        await empty.close();
      }
    });

    test('PETSTORE_PUBLIC_PAGES=off: every page is 404, and / is JSON for browsers too', async () => {
      const off = await startTestApp(backend, { publicPages: 'off' });
      try {
        for (const url of ['/adopt', '/adopt/pets/1', '/adopt/sitemap.xml', '/robots.txt']) {
          assert.equal((await off.request({ url, headers: { accept: browser } })).statusCode, 404, url);
        }
        const home = await off.request({ url: '/', headers: { accept: browser } });
        assert.equal(home.statusCode, 200);
        assert.deepEqual(home.json(), jsonIndex);
      } finally {
        await off.close();
      }
    });
  });
}
