// The shelter's own details on the public pages, through HTTP (app.inject) on every backend: its name and logo
// in the header, its intro and ways to reach it in the footer, its accent colour as a second stylesheet named
// by the colour; each change on the very next request of every instance; every text inert; none of it in an
// embedded view, and pages as before while nothing is set.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { backends } from '../helpers/backends.js';
import { addPet } from '../helpers/http-calls.js';
import { makeImage } from '../helpers/images.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { hrefOf, metaOf } from './page-html.js';
import { probe } from './sample-site.js';

const details = {
  name: 'Hillside Animal Rescue',
  intro: 'Dogs, cats and rabbits\nnear Leeds.',
  email: 'hello@hillside.example',
  phone: '+44 (113) 496-0000',
  address: '1 Hill Road\nLeeds LS1 1AA',
  website: 'https://hillside.example/about?a=1&b=2',
  openingHours: 'Tue–Sat 10:00–16:00\nSun 12:00–15:00',
  accentColour: '#1D5FA8',
};
const cleared = Object.fromEntries(Object.keys(details).map((field) => [field, null]));
const stylesheets = (html: string) =>
  [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]!);

for (const backend of backends) {
  describe(`the shelter's details on the pages on ${backend.name}`, () => {
    let t: TestApp;
    let petId: number;
    before(async () => {
      t = await startTestApp(backend);
      petId = (await addPet(t, { name: 'Alma', categoryId: 1 })).id;
    });
    after(() => t.close());

    const patch = async (payload: object) => {
      const res = await t.request({ method: 'PATCH', url: '/v1/shelter', headers: t.auth, payload });
      assert.equal(res.statusCode, 200, res.body);
      return res.json();
    };
    const putLogo = async () => {
      const res = await t.request({
        method: 'PUT',
        url: '/v1/shelter/logo',
        headers: { ...t.auth, 'content-type': 'image/png' },
        payload: await makeImage('png', 400, 200),
      });
      assert.equal(res.statusCode, 200, res.body);
      return res.json() as { urls: Record<string, string> };
    };
    const removeLogo = async () =>
      assert.equal(
        (await t.request({ method: 'DELETE', url: '/v1/shelter/logo', headers: t.auth })).statusCode,
        204,
      );
    const urls = () => ['/adopt', `/adopt/pets/${petId}`, '/adopt/apply', '/adopt/pets/999999'];

    test('nothing set: the pages are as before, with the site name, no logo, no accent, the API link alone', async () => {
      for (const url of urls()) {
        const { body } = await t.request({ url });
        assert.match(
          body,
          /<header class="site-header"><div class="wrap"><a href="\/adopt" class="home">Animals for adoption<\/a><\/div><\/header>/,
          url,
        );
        assert.match(
          body,
          /<footer class="site-footer"><div class="wrap"><p><a href="\/v1\/docs">For developers: the API<\/a><\/p><\/div><\/footer>/,
          url,
        );
        assert.equal(stylesheets(body).length, 1, url);
        assert.ok(!/class="logo"|<address/.test(body), url);
      }
      assert.equal(
        /<title>([^<]*)<\/title>/.exec((await t.request({ url: '/adopt' })).body)?.[1],
        'Animals for adoption',
      );
    });

    test('set by PATCH, the details show on the very next request, on every instance; the ETag changes', async () => {
      const other = await t.instance();
      try {
        // Read first on both instances, so that each holds the details (none) in its cache.
        const etags: Record<string, string> = {};
        for (const url of ['/adopt', `/adopt/pets/${petId}`]) {
          etags[url] = String((await t.request({ url })).headers.etag);
          await other.request({ url });
        }
        await patch(details);
        const logo = await putLogo();
        for (const instance of [t, other]) {
          for (const url of urls()) {
            const res = await instance.request({
              url,
              headers: etags[url] ? { 'if-none-match': etags[url] } : {},
            });
            assert.equal(res.statusCode, url.endsWith('999999') ? 404 : 200, url);
            const { body } = res;
            // The small size, 100 px on its long edge, with its size, inside the link named by the shelter's
            // name, its alt empty (`alt`): a screen reader says the name once, not again for the logo.
            assert.ok(
              body.includes(
                `<a href="/adopt" class="home"><img class="logo" src="${logo.urls.small}" width="100" height="50" alt/>Hillside Animal Rescue</a>`,
              ),
              url,
            );
            assert.ok(body.includes('<p class="shelter-intro">Dogs, cats and rabbits\nnear Leeds.</p>'), url);
            assert.equal(hrefOf(body, details.email), 'mailto:hello@hillside.example', url);
            assert.equal(hrefOf(body, details.phone), 'tel:+441134960000', url);
            assert.equal(hrefOf(body, details.website), details.website, url);
            assert.ok(body.includes('<dt>Address</dt><dd>1 Hill Road\nLeeds LS1 1AA</dd>'), url);
            assert.ok(
              body.includes('<dt>Opening hours</dt><dd>Tue–Sat 10:00–16:00\nSun 12:00–15:00</dd>'),
              url,
            );
            assert.equal(hrefOf(body, 'For developers: the API'), '/v1/docs', url);
            assert.deepEqual(stylesheets(body).slice(1), ['/adopt/assets/accent-1d5fa8.css'], url);
          }
        }
        const list = (await t.request({ url: '/adopt' })).body;
        assert.equal(
          /<title>([^<]*)<\/title>/.exec(list)?.[1],
          'Animals for adoption | Hillside Animal Rescue',
        );
        assert.equal(metaOf(list, 'og:site_name'), 'Hillside Animal Rescue');

        // A second change, and its removal, are read as soon.
        await patch({ name: 'Hillside Rescue', phone: null, accentColour: '#767676' });
        for (const instance of [t, other]) {
          const { body } = await instance.request({ url: '/adopt' });
          assert.match(body, /<a href="\/adopt" class="home"><img [^>]*\/>Hillside Rescue<\/a>/);
          assert.ok(!body.includes('tel:'));
          assert.deepEqual(stylesheets(body).slice(1), ['/adopt/assets/accent-767676.css']);
        }
        await patch(cleared);
        await removeLogo();
        for (const instance of [t, other]) {
          const res = await instance.request({
            url: '/adopt',
            headers: { 'if-none-match': etags['/adopt']! },
          });
          assert.equal(res.statusCode, 304, 'all cleared: the very page of before, and its ETag');
        }
      } finally {
        await patch(cleared);
        await removeLogo();
        await other.close();
      }
    });

    test('an XSS probe in every text field of the shelter is shown as text, never as markup', async () => {
      try {
        await patch({
          name: probe,
          intro: `${probe}\n${probe}`,
          phone: probe,
          address: probe,
          openingHours: probe,
          // The formats of these two take no markup: `&` and `'` are what a renderer must still escape.
          website: "https://x.example/?a=1&b='2'",
          email: "o'brien&co@x.example",
        });
        await putLogo();
        for (const url of urls()) {
          const { body } = await t.request({ url });
          assert.ok(!body.includes('<img src=x'), url);
          assert.ok(!body.includes('<script>alert'), url);
          assert.ok(body.includes('&lt;img src=x onerror=alert(1)>'), url);
          assert.ok(!/ alt="<| href="[^"]*"[^ >/]/.test(body), url);
          // Where a page has it in an attribute (its og:site_name), it is escaped there too.
          if (body.includes('"og:site_name"')) assert.equal(metaOf(body, 'og:site_name'), probe, url);
          assert.ok(
            body.includes('href="https://x.example/?a=1&amp;b=&#39;2&#39;"') ||
              body.includes(`href="https://x.example/?a=1&amp;b='2'"`),
            url,
          );
          assert.ok(
            body.includes('href="mailto:o\'brien%26co@x.example"') ||
              body.includes('href="mailto:o%27brien%26co@x.example"'),
            url,
          );
        }
        const { body } = await t.request({ url: '/adopt' });
        // A telephone link holds the digits and + of the text alone.
        assert.ok(body.includes('<a href="tel:1">&lt;img src=x onerror=alert(1)></a>'));
        assert.equal(metaOf(body, 'og:site_name'), probe);
      } finally {
        await patch(cleared);
        await removeLogo();
      }
    });

    test('the accent stylesheet: the colour and its darker shade, cached a year; any other name is 404', async () => {
      const res = await t.request({ url: '/adopt/assets/accent-1d5fa8.css' });
      assert.equal(res.statusCode, 200);
      assert.equal(res.headers['content-type'], 'text/css; charset=utf-8');
      assert.equal(res.headers['cache-control'], 'public, max-age=31536000, immutable');
      // 25 % darker: 0x1d × 0.75 = 0x16, 0x5f → 0x47, 0xa8 → 0x7e.
      assert.equal(
        res.body,
        ':root { --accent: #1d5fa8; --accent-dark: #16477e; --accent-on-shade: #16477e; }\n',
      );
      assert.match((await t.request({ url: '/adopt/assets/accent-1D5FA8.css' })).body, /--accent: #1d5fa8;/);
      for (const name of [
        'accent-1d5fa.css',
        'accent-1d5fa88.css',
        'accent-zzzzzz.css',
        'accent-1d5fa8.js',
        'accent-1d5fa8.css.map',
        'accent-%3Cscript%3E.css',
        'accent-1d5fa8;}body{x.css',
        'accent-.css',
        'site.000000000000.css',
      ]) {
        const refused = await t.request({ url: `/adopt/assets/${name}` });
        assert.equal(refused.statusCode, 404, name);
        assert.equal(refused.headers['content-type'], 'text/html; charset=utf-8', name);
        assert.ok(!refused.body.includes('script>') && !refused.body.includes('body{'), name);
      }
    });

    test('an embedded view has no header, footer, logo or accent, whatever is set', async () => {
      try {
        await patch(details);
        await putLogo();
        for (const url of ['/adopt?embed=1', `/adopt/pets/${petId}?embed=1`, '/adopt/apply?embed=1']) {
          const { body } = await t.request({ url });
          // The title may name the shelter; nothing below it does.
          assert.ok(!/accent-/.test(body), url);
          const page = body.slice(body.indexOf('<body'));
          assert.ok(!/<header|<footer|class="logo"|<address|Hillside/.test(page), url);
          assert.equal(stylesheets(body).length, 1, url);
        }
      } finally {
        await patch(cleared);
        await removeLogo();
      }
    });
  });
}
