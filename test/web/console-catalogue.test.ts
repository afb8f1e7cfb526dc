// The console's catalogue through HTTP, on every backend: staff add and rename a category and add a breed
// through the catalogue service, and the API lists each change on the very next request; a name the API
// would refuse (empty, too long, taken in any case) comes back in its own form, as typed, with its error
// beside the field and in the summary; a volunteer reads the catalogue but gets no form and 403 on every
// POST; a POST without the session's token changes nothing; and a name is always shown as text.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { backends } from '../helpers/backends.js';
import { csrfOf, signedInAs, strongPassword, type ConsoleBrowser } from '../helpers/console.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

const probe = '<img src=x onerror=alert(1)>';
const valueOf = (html: string, id: string) => new RegExp(`id="${id}"[^>]*value="([^"]*)"`).exec(html)?.[1];
/** Every id on the page, each once. */
const idsOf = (html: string) => [...html.matchAll(/\sid="([^"]+)"/g)].map((match) => match[1]);

let names = 0;
/** A category name of this run alone: the database is shared by the file's tests. */
const newName = (base: string) => `${base} ${process.pid}-${++names}`;

for (const backend of backends) {
  describe(`console catalogue on ${backend.name}`, () => {
    let t: TestApp;
    let staff: ConsoleBrowser;
    before(async () => {
      t = await startTestApp(backend);
      staff = (await signedInAs(t, 'staff')).browser;
    });
    after(() => t.close());

    const apiCategories = async () =>
      (await t.request({ url: '/v1/categories', headers: t.auth })).json() as Array<{
        id: number;
        name: string;
      }>;
    const apiBreeds = async (id: number) =>
      (await t.request({ url: `/v1/categories/${id}/breeds`, headers: t.auth })).json() as Array<{
        id: number;
        name: string;
      }>;

    /** Posts a form of the page, with the token the page carries. */
    async function send(browser: ConsoleBrowser, path: string, values: Record<string, string>) {
      const page = await browser.get('/console/catalogue');
      return browser.post(path, values, { csrf: csrfOf(page.body)! });
    }

    test('staff add a category, rename it and add a breed; the API lists each on the next request', async () => {
      const name = newName('Ferrets');
      const added = await send(staff, '/console/catalogue/categories', { 'category.name': `  ${name} ` });
      assert.equal(added.statusCode, 303);
      const category = (await apiCategories()).find((c) => c.name === name);
      assert.ok(category, 'trimmed, as the API trims');
      assert.equal(added.headers.location, `/console/catalogue?done=added&category=${category.id}`);
      assert.match((await staff.get(String(added.headers.location))).body, /was added\./);

      const renamed = await send(staff, `/console/catalogue/categories/${category.id}`, {
        [`categories.${category.id}.name`]: `${name} and Stoats`,
      });
      assert.equal(renamed.statusCode, 303);
      assert.equal((await apiCategories()).find((c) => c.id === category.id)?.name, `${name} and Stoats`);
      const other = await t.instance();
      try {
        const there = (await other.request({ url: '/v1/categories', headers: t.auth })).json();
        assert.ok(
          there.some((c: { name: string }) => c.name === `${name} and Stoats`),
          'on another instance',
        );
      } finally {
        await other.close();
      }

      const breed = await send(staff, `/console/catalogue/categories/${category.id}/breeds`, {
        [`categories.${category.id}.breed`]: 'Angora Ferret',
      });
      assert.equal(breed.statusCode, 303);
      assert.deepEqual(
        (await apiBreeds(category.id)).map((b) => b.name),
        ['Angora Ferret'],
      );
      const page = (await staff.get(String(breed.headers.location))).body;
      assert.match(page, /Angora Ferret was added to the breeds of/);
      assert.match(page, /<li>Angora Ferret<\/li>/);
    });

    test('the page lists every category with its breeds, and every id on it is unique', async () => {
      const page = await staff.get('/console/catalogue');
      assert.equal(page.statusCode, 200);
      for (const category of await apiCategories())
        assert.ok(page.body.includes(`id="category-${category.id}"`), category.name);
      assert.match(page.body, /<li>Labrador Retriever<\/li>/);
      const ids = idsOf(page.body);
      assert.deepEqual(
        ids.filter((id, index) => ids.indexOf(id) !== index),
        [],
      );
      assert.ok(ids.includes('f-category-name') && ids.includes('f-categories-1-name'));
      assert.ok(ids.includes('f-categories-1-breed'));
    });

    test('an empty or too long name comes back as typed, with its error beside the field and in the summary', async () => {
      const before = await apiCategories();
      const empty = await send(staff, '/console/catalogue/categories', { 'category.name': '   ' });
      assert.equal(empty.statusCode, 400);
      assert.match(empty.body, /<title>Error: /);
      assert.match(empty.body, /href="#f-category-name"/);
      assert.match(empty.body, /id="f-category-name-error"/);
      assert.match(empty.body, /Enter an answer to “Name of the new category”/);

      const long = 'x'.repeat(101);
      const tooLong = await send(staff, '/console/catalogue/categories/2', { 'categories.2.name': long });
      assert.equal(tooLong.statusCode, 400);
      assert.equal(valueOf(tooLong.body, 'f-categories-2-name'), long);
      assert.match(tooLong.body, /href="#f-categories-2-name"/);
      assert.match(tooLong.body, /id="f-categories-2-name-error"/);
      assert.match(tooLong.body, /must be 100 characters or fewer/);
      // Only the refused form has an error; the others show their saved values.
      assert.doesNotMatch(tooLong.body, /id="f-categories-1-name-error"/);
      assert.equal(valueOf(tooLong.body, 'f-categories-1-name'), 'Dog');
      assert.deepEqual(await apiCategories(), before);
    });

    test('a name taken in any case is the API’s conflict, beside its field, with the value kept', async () => {
      const before = await apiCategories();
      const category = await send(staff, '/console/catalogue/categories', { 'category.name': 'dOG' });
      assert.equal(category.statusCode, 409);
      assert.equal(valueOf(category.body, 'f-category-name'), 'dOG');
      assert.match(category.body, /id="f-category-name-error"/);
      assert.match(category.body, /A category named &quot;Dog&quot; already exists/);

      const rename = await send(staff, '/console/catalogue/categories/2', { 'categories.2.name': 'STRASSE' });
      assert.equal(rename.statusCode, 303, 'a free name');
      const folded = await send(staff, '/console/catalogue/categories/3', { 'categories.3.name': 'Straße' });
      assert.equal(folded.statusCode, 409, 'Straße and STRASSE are one name');
      assert.equal(valueOf(folded.body, 'f-categories-3-name'), 'Straße');
      assert.match(folded.body, /href="#f-categories-3-name"/);
      await send(staff, '/console/catalogue/categories/2', { 'categories.2.name': 'Cat' });

      const breed = await send(staff, '/console/catalogue/categories/1/breeds', {
        'categories.1.breed': 'labrador retriever',
      });
      assert.equal(breed.statusCode, 409);
      assert.equal(valueOf(breed.body, 'f-categories-1-breed'), 'labrador retriever');
      assert.match(breed.body, /id="f-categories-1-breed-error"/);
      assert.deepEqual(await apiCategories(), before);
    });

    test('a volunteer reads the catalogue without forms, and every POST is 403 and changes nothing', async () => {
      const { browser } = await signedInAs(t, 'volunteer');
      const page = await browser.get('/console/catalogue');
      assert.equal(page.statusCode, 200);
      assert.match(page.body, /<li>Labrador Retriever<\/li>/);
      assert.doesNotMatch(page.body, /action="\/console\/catalogue/);
      const before = await apiCategories();
      for (const [path, field] of [
        ['/console/catalogue/categories', 'category.name'],
        ['/console/catalogue/categories/1', 'categories.1.name'],
        ['/console/catalogue/categories/1/breeds', 'categories.1.breed'],
      ] as const) {
        const res = await browser.post(path, { [field]: 'Volunteer’s pick' });
        assert.equal(res.statusCode, 403, path);
      }
      assert.deepEqual(await apiCategories(), before);
      assert.ok(!(await apiBreeds(1)).some((b) => b.name === 'Volunteer’s pick'));
    });

    test('a POST without the session’s token is refused and changes nothing', async () => {
      const name = newName('Forged');
      const res = await staff.post(
        '/console/catalogue/categories',
        { 'category.name': name },
        { csrf: null },
      );
      assert.equal(res.statusCode, 403);
      const wrong = await staff.post(
        '/console/catalogue/categories',
        { 'category.name': name },
        { csrf: 'x' },
      );
      assert.equal(wrong.statusCode, 403);
      assert.ok(!(await apiCategories()).some((c) => c.name === name));
    });

    test('a form posted after the session ended comes back, once signed in again, as typed and unsaved', async () => {
      const { browser, email } = await signedInAs(t, 'staff');
      const csrf = csrfOf((await browser.get('/console/catalogue')).body)!;
      await t.app.services.staff.sessions.signOut(browser.sessionId!);
      const signIn = await browser.post(
        '/console/catalogue/categories/3/breeds',
        { 'categories.3.breed': 'Lionhead' },
        { csrf },
      );
      assert.equal(signIn.statusCode, 401);
      const carried = Object.fromEntries(
        [...signIn.body.matchAll(/name="(carried\.[^"]+)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]),
      );
      const back = await browser.post('/console/sign-in', {
        email,
        password: strongPassword,
        next: '/console/catalogue/categories/3/breeds',
        ...carried,
      });
      assert.equal(back.statusCode, 200);
      assert.match(back.body, /What you typed is below and not saved yet/);
      assert.equal(valueOf(back.body, 'f-categories-3-breed'), 'Lionhead');
      assert.deepEqual(await apiBreeds(3), []);
    });

    test('an unknown category is 404', async () => {
      const res = await send(staff, '/console/catalogue/categories/999999', {
        'categories.999999.name': 'X',
      });
      assert.equal(res.statusCode, 404);
      const malformed = await send(staff, '/console/catalogue/categories/1x/breeds', {});
      assert.equal(malformed.statusCode, 404);
    });

    test('a name with markup shows as text, in the list, the forms and the notices', async () => {
      const name = newName(probe);
      const added = await send(staff, '/console/catalogue/categories', { 'category.name': name });
      assert.equal(added.statusCode, 303);
      const id = (await apiCategories()).find((c) => c.name === name)!.id;
      await send(staff, `/console/catalogue/categories/${id}/breeds`, { [`categories.${id}.breed`]: probe });
      const page = (await staff.get(String(added.headers.location))).body;
      assert.ok(!page.includes('<img src=x'), 'no markup from a name');
      assert.ok(page.includes('<li>&lt;img src=x onerror=alert(1)></li>'), 'the breed, as text');
      assert.ok(page.includes(`<h2 id="category-${id}">&lt;img src=x`), 'the category, as text');
      const refused = await send(staff, '/console/catalogue/categories', { 'category.name': name });
      assert.equal(refused.statusCode, 409);
      assert.ok(!refused.body.includes('<img src=x'));
    });
  });
}
