// The console's animals through HTTP, on every backend: the list shows published and unpublished animals
// with their filters; an animal's form saves an edit through the pets service (the API sees it at once,
// on another instance too), refuses a bad field with every value kept, refuses a save over someone else's
// change and offers to save anyway, and keeps every text inert.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { backends } from '../helpers/backends.js';
import { addPet } from '../helpers/http-calls.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { csrfOf, signedInAs, strongPassword, type ConsoleBrowser } from '../helpers/console.js';

const probe = '<img src=x onerror=alert(1)>';
/** An attribute's text as a browser reads it. */
const decoded = (text: string | undefined) =>
  text?.replaceAll('&quot;', '"').replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&');
const etagOf = (html: string) => decoded(/name="etag" value="([^"]+)"/.exec(html)?.[1]);
const valueOf = (html: string, id: string) => new RegExp(`id="${id}"[^>]*value="([^"]*)"`).exec(html)?.[1];

/** The form as a browser would send it, with `changes` typed over the page's values. */
async function formOf(browser: ConsoleBrowser, id: number, changes: Record<string, string>) {
  const page = (await browser.get(`/console/animals/${id}`)).body;
  return {
    etag: etagOf(page)!,
    csrf: csrfOf(page)!,
    values: {
      name: valueOf(page, 'f-name')!,
      categoryId: '1',
      status: 'available',
      published: 'yes',
      ...changes,
    },
  };
}

for (const backend of backends) {
  describe(`console animals on ${backend.name}`, () => {
    let t: TestApp;
    before(async () => {
      t = await startTestApp(backend);
    });
    after(() => t.close());

    test('the list takes the API’s other filters and orders: species, breed, sex, good with, care, tag, sort', async () => {
      const mark = `f${process.pid}x${Math.random().toString(36).slice(2, 8)}`;
      const named = async (name: string, fields: Record<string, unknown>) =>
        addPet(t, { name: `${name} ${mark}`, categoryId: 1, description: mark, ...fields });
      await named('Bravo', { sex: 'male', goodWith: { cats: true }, tags: ['Quiet'] });
      await named('Alpha', { sex: 'female', goodWith: { cats: true }, attributes: { vaccinated: true } });
      await named('Charlie', { sex: 'female', categoryId: 2, goodWith: { cats: false } });
      const { browser } = await signedInAs(t, 'volunteer');
      const names = async (query: string) =>
        [
          ...(await browser.get(`/console?q=${mark}&${query}`)).body.matchAll(
            new RegExp(`>(\\w+) ${mark}</a>`, 'g'),
          ),
        ].map((match) => match[1]);
      assert.deepEqual(await names('sort=name'), ['Alpha', 'Bravo', 'Charlie']);
      assert.deepEqual(await names(''), ['Charlie', 'Alpha', 'Bravo'], 'newest first');
      assert.deepEqual(await names('categoryId=1&sort=name'), ['Alpha', 'Bravo']);
      assert.deepEqual(await names('sex=female&sort=name'), ['Alpha', 'Charlie']);
      assert.deepEqual(await names('goodWith=cats&sort=name'), ['Alpha', 'Bravo']);
      assert.deepEqual(await names('attributes=vaccinated'), ['Alpha']);
      assert.deepEqual(await names('tag=QUIET'), ['Bravo'], 'tags in any case, as the API has them');
      const page = (await browser.get(`/console?q=${mark}&sex=female`)).body;
      assert.match(page, /<details class="more-filters" open/);
      assert.match(page, /<option value="female" selected/);
    });

    test('the list shows published and unpublished animals, filtered by status, publication and words', async () => {
      const shown = await addPet(t, { name: 'Shown Sheba', categoryId: 2 });
      const hidden = await addPet(t, {
        name: 'Hidden Hugo',
        categoryId: 1,
        published: false,
        status: 'pending',
      });
      const { browser } = await signedInAs(t, 'volunteer');
      const all = (await browser.get('/console')).body;
      for (const pet of [shown, hidden])
        assert.ok(all.includes(`href="/console/animals/${pet.id}"`), pet.name);
      const unpublished = (await browser.get('/console?published=false')).body;
      assert.ok(unpublished.includes('Hidden Hugo') && !unpublished.includes('Shown Sheba'));
      const pending = (await browser.get('/console?status=pending')).body;
      assert.ok(pending.includes('Hidden Hugo') && !pending.includes('Shown Sheba'));
      const words = (await browser.get('/console?q=sheba')).body;
      assert.ok(words.includes('Shown Sheba') && !words.includes('Hidden Hugo'));
    });

    test('a volunteer fixes a typo and unpublishes; the API and a second instance see it on the next request', async () => {
      const pet = await addPet(t, { name: 'Tabbby', categoryId: 2, description: 'Likes laps' });
      const { browser } = await signedInAs(t, 'volunteer');
      const form = await formOf(browser, pet.id, {
        name: 'Tabby',
        description: 'Likes laps\r\nand naps',
        published: '',
      });
      const saved = await browser.post(
        `/console/animals/${pet.id}`,
        { ...form.values, etag: form.etag },
        { csrf: form.csrf },
      );
      assert.equal(saved.statusCode, 303);
      assert.equal(saved.headers.location, `/console/animals/${pet.id}?done=saved`);
      const other = await t.instance();
      try {
        const api = (await other.request({ url: `/v1/pets/${pet.id}`, headers: t.auth })).json();
        assert.equal(api.name, 'Tabby');
        assert.equal(api.description, 'Likes laps\nand naps');
        assert.equal(api.published, false);
        assert.equal((await other.request({ url: `/adopt/pets/${pet.id}` })).statusCode, 404);
      } finally {
        await other.close();
      }
      const republish = await formOf(browser, pet.id, { name: 'Tabby' });
      await browser.post(
        `/console/animals/${pet.id}`,
        { ...republish.values, etag: republish.etag },
        { csrf: republish.csrf },
      );
      assert.equal((await t.request({ url: `/adopt/pets/${pet.id}` })).statusCode, 200);
    });

    test('a bad field comes back with every value as typed and the error beside its field', async () => {
      const pet = await addPet(t, { name: 'Bella', categoryId: 1 });
      const { browser } = await signedInAs(t, 'volunteer');
      const form = await formOf(browser, pet.id, { name: '   ', color: 'x'.repeat(51), tags: 'calm, kids' });
      const res = await browser.post(
        `/console/animals/${pet.id}`,
        { ...form.values, etag: form.etag },
        { csrf: form.csrf },
      );
      assert.equal(res.statusCode, 400);
      assert.match(res.body, /<title>Error: /);
      assert.match(res.body, /href="#f-name"/);
      assert.match(res.body, /href="#f-color"/);
      assert.match(res.body, /id="f-color-error"/);
      assert.equal(valueOf(res.body, 'f-tags'), 'calm, kids');
      assert.equal(valueOf(res.body, 'f-color'), 'x'.repeat(51));
      const api = (await t.request({ url: `/v1/pets/${pet.id}`, headers: t.auth })).json();
      assert.equal(api.name, 'Bella');
    });

    test('a save over someone else’s change is refused, shows theirs, keeps mine, and "Save mine anyway" saves', async () => {
      const pet = await addPet(t, { name: 'Milo', categoryId: 1 });
      const { browser } = await signedInAs(t, 'volunteer');
      const form = await formOf(browser, pet.id, { name: 'Milo the Brave', color: 'Ginger' });
      const api = await t.request({
        method: 'PATCH',
        url: `/v1/pets/${pet.id}`,
        headers: { ...t.auth, 'content-type': 'application/merge-patch+json' },
        payload: { name: 'Milo Junior' },
      });
      assert.equal(api.statusCode, 200);
      const refused = await browser.post(
        `/console/animals/${pet.id}`,
        { ...form.values, etag: form.etag },
        { csrf: form.csrf },
      );
      assert.equal(refused.statusCode, 409);
      assert.match(refused.body, /Someone else changed this animal/);
      assert.match(refused.body, /Saved now: Milo Junior/);
      assert.equal(valueOf(refused.body, 'f-name'), 'Milo the Brave');
      assert.equal(valueOf(refused.body, 'f-color'), 'Ginger');
      assert.match(refused.body, /Save mine anyway/);
      assert.equal(
        (await t.request({ url: `/v1/pets/${pet.id}`, headers: t.auth })).json().name,
        'Milo Junior',
      );
      const anyway = await browser.post(
        `/console/animals/${pet.id}`,
        { ...form.values, etag: etagOf(refused.body)! },
        { csrf: form.csrf },
      );
      assert.equal(anyway.statusCode, 303);
      assert.equal(
        (await t.request({ url: `/v1/pets/${pet.id}`, headers: t.auth })).json().name,
        'Milo the Brave',
      );
    });

    test('a session that ends while the form is open loses nothing: signed in again, the form comes back filled', async () => {
      const pet = await addPet(t, { name: 'Pip', categoryId: 1 });
      const { browser, email } = await signedInAs(t, 'volunteer');
      const long = 'A long description typed over twenty minutes,\r\nwith "quotes" & <angles>.';
      const form = await formOf(browser, pet.id, { name: 'Pippa', description: long });
      await t.app.services.staff.sessions.signOut(browser.sessionId!);
      const signIn = await browser.post(
        `/console/animals/${pet.id}`,
        { ...form.values, etag: form.etag },
        { csrf: form.csrf },
      );
      assert.equal(signIn.statusCode, 401);
      assert.match(signIn.body, /Your session ended before your changes were saved/);
      const carried = Object.fromEntries(
        [...signIn.body.matchAll(/name="(carried\.[^"]+)" value="([^"]*)"/g)].map((m) => [
          m[1]!,
          decoded(m[2])!,
        ]),
      );
      assert.equal(carried['carried.description'], long, 'kept in the page as typed, not in the URL');
      assert.equal(carried['carried.csrf'], undefined, 'the ended session’s token is not carried');
      assert.equal((await t.request({ url: `/v1/pets/${pet.id}`, headers: t.auth })).json().name, 'Pip');
      const back = await browser.post('/console/sign-in', {
        email,
        password: strongPassword,
        next: `/console/animals/${pet.id}`,
        ...carried,
      });
      assert.equal(back.statusCode, 200);
      assert.match(back.body, /Your changes are below and not saved yet/);
      assert.equal(decoded(valueOf(back.body, 'f-name')), 'Pippa');
      assert.ok(
        back.body.includes('with &quot;quotes&quot; &amp; &lt;angles>.') ||
          back.body.includes('with "quotes" &amp; &lt;angles&gt;.'),
      );
      const saved = await browser.post(
        `/console/animals/${pet.id}`,
        { ...form.values, etag: etagOf(back.body)! },
        { csrf: csrfOf(back.body)! },
      );
      assert.equal(saved.statusCode, 303);
      assert.equal((await t.request({ url: `/v1/pets/${pet.id}`, headers: t.auth })).json().name, 'Pippa');
    });

    test('an XSS probe in every text field is inert on the list and the form', async () => {
      const pet = await addPet(t, {
        name: probe,
        categoryId: 1,
        breed: null,
        color: probe,
        description: probe,
        tags: [probe.slice(0, 30)],
      });
      const { browser } = await signedInAs(t, 'volunteer');
      for (const path of ['/console', `/console/animals/${pet.id}`]) {
        const html = (await browser.get(path)).body;
        assert.ok(!html.includes('<img src=x'), path);
        assert.ok(
          html.includes('&lt;img src=x onerror=alert(1)>') ||
            html.includes('&lt;img src=x onerror=alert(1)&gt;'),
          path,
        );
      }
    });

    test('an unknown or malformed id is a 404 page', async () => {
      const { browser } = await signedInAs(t, 'volunteer');
      for (const id of ['999999', 'abc', '0', '9007199254740993'])
        assert.equal((await browser.get(`/console/animals/${id}`)).statusCode, 404, id);
    });
  });
}
