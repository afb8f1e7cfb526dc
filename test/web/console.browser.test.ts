// The console in a real browser (Debian's Chromium through Playwright), with JavaScript off as well as on: the
// one-time link, signing in and editing an animal by keyboard alone, no accessibility violation (axe-core,
// WCAG 2.2 AA) on any console page, empty or with errors, no sideways scroll at 360 px and targets of at
// least 24 × 24 px, and an XSS probe inert on every page.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { browserSkip, launchChromium } from './chromium.js';
import { probe, startSampleSite, type SampleSite } from './sample-site.js';

const wcag = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const password = 'kennel corridor morning rounds';

describe('the console in Chromium', { skip: browserSkip() }, () => {
  let site: SampleSite;
  let browser: Browser;
  let accounts = 0;
  before(async () => {
    site = await startSampleSite();
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await site?.close();
  });

  /** A one-time link of a new account, as `petstore staff create` prints it. */
  async function newLink(role: 'volunteer' | 'staff' | 'admin' = 'volunteer') {
    const { token } = await site.server.app.services.staff.accounts.create({
      email: `person${++accounts}@example.org`,
      name: `Person ${accounts}`,
      role,
    });
    return `${site.origin}/console/welcome?token=${token}`;
  }

  async function context(options: { javaScript?: boolean; width?: number } = {}) {
    const made = await browser.newContext({
      javaScriptEnabled: options.javaScript ?? true,
      viewport: { width: options.width ?? 1280, height: 800 },
    });
    const problems: string[] = [];
    made.on('page', (page) => {
      page.on('dialog', (dialog) => problems.push(`dialog: ${dialog.message()}`));
      // A refused script or image (the policy), or a script that fails, shows as a console error.
      page.on('console', (message) => {
        if (message.type() === 'error')
          problems.push(`console: ${message.text()} at ${message.location().url}`);
      });
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    });
    return { context: made, problems };
  }

  /** A signed-in page: the link opened, the password chosen. */
  async function signedIn(
    made: BrowserContext,
    role: 'volunteer' | 'staff' | 'admin' = 'volunteer',
  ): Promise<Page> {
    const page = await made.newPage();
    await page.goto(await newLink(role));
    await page.getByLabel('New password').fill(password);
    await page.getByRole('button', { name: 'Save password and sign in' }).click();
    await page.waitForURL(`${site.origin}/console`);
    return page;
  }

  const violationsOf = async (page: Page) =>
    (await new AxeBuilder({ page }).withTags(wcag).analyze()).violations.map(
      (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );

  test('by keyboard alone and without JavaScript: follow the link, sign in again, fix a typo, unpublish', async () => {
    const { context: made, problems } = await context({ javaScript: false });
    const page = await made.newPage();
    await page.goto(await newLink());
    await page.keyboard.press('Tab'); // skip link
    for (let i = 0; i < 10 && !(await page.evaluate(() => document.activeElement?.id === 'f-password')); i++)
      await page.keyboard.press('Tab');
    await page.keyboard.type(password);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${site.origin}/console`);
    // Sign out, then in again, by keyboard.
    await page.getByRole('button', { name: 'Sign out' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/console\/sign-in\?done=signed-out$/);
    await page.getByLabel('Email').focus();
    await page.keyboard.type(`person${accounts}@example.org`);
    await page.keyboard.press('Tab');
    await page.keyboard.type(password);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${site.origin}/console`);

    const luna = page.getByRole('link', { name: 'Luna', exact: true });
    await luna.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/console\/animals\/\d+$/);
    const id = Number(page.url().split('/').pop());
    await page.getByLabel('Name').fill('Lunna');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.waitForURL(/done=saved$/);
    await page.getByLabel('Name').fill('Luna');
    await page.getByLabel('Publish on the website').focus();
    await page.keyboard.press('Space');
    await page.getByRole('button', { name: 'Save changes' }).focus();
    // The page is at done=saved already: wait for the new one to load.
    await Promise.all([page.waitForEvent('load'), page.keyboard.press('Enter')]);
    const api = await fetch(`${site.server.baseUrl}/pets/${id}`, {
      headers: { authorization: `Bearer ${site.server.key}` },
    });
    const pet = (await api.json()) as { name: string; published: boolean };
    assert.deepEqual([pet.name, pet.published], ['Luna', false]);
    assert.equal((await fetch(`${site.origin}/adopt/pets/${id}`)).status, 404);
    await page.getByLabel('Publish on the website').check();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.waitForURL(/done=saved$/);
    assert.equal((await fetch(`${site.origin}/adopt/pets/${id}`)).status, 200);
    assert.deepEqual(problems, []);
    await made.close();
  });

  /** The pet as the API has it. */
  async function apiPet(id: number) {
    const res = await fetch(`${site.server.baseUrl}/pets/${id}`, {
      headers: { authorization: `Bearer ${site.server.key}` },
    });
    return (await res.json()) as { name: string; published: boolean; photos: Array<{ id: string }> };
  }

  for (const javaScript of [false, true]) {
    test(`by keyboard ${javaScript ? 'with' : 'without'} JavaScript: take in a cat with two photos, fix a typo, unpublish, publish`, async () => {
      const { context: made, problems } = await context({ javaScript });
      const page = await signedIn(made);
      await page.getByRole('link', { name: 'Take in an animal' }).focus();
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/console\/animals\/new$/);
      await page.getByLabel('Name', { exact: true }).focus();
      await page.keyboard.type('Tabithaa');
      await page.getByLabel('Species').selectOption({ label: 'Cat' });
      await page.getByLabel('Good with children').selectOption('yes');
      await page.getByLabel('Description').focus();
      await page.keyboard.type('Found in the car park.');
      await page
        .getByLabel('Photos', { exact: true })
        .setInputFiles(['examples/photos/luna.jpg', 'examples/photos/biscuit-3.png']);
      if (javaScript) {
        // The script's enhancements: the chosen photos shown, the breeds of the species chosen suggested.
        assert.equal(await page.locator('.chosen-photos img').count(), 2);
        const cat = await page.getByLabel('Species').inputValue();
        assert.equal(await page.getByLabel('Breed', { exact: true }).getAttribute('list'), `breeds-${cat}`);
        await page.getByLabel('Species').selectOption({ label: 'Dog' });
        assert.notEqual(
          await page.getByLabel('Breed', { exact: true }).getAttribute('list'),
          `breeds-${cat}`,
        );
        await page.getByLabel('Species').selectOption({ label: 'Cat' });
      }
      await page.getByRole('button', { name: 'Add animal' }).focus();
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/console\/animals\/\d+\?done=created$/);
      const id = Number(/animals\/(\d+)/.exec(page.url())![1]);
      assert.equal((await apiPet(id)).photos.length, 2);
      assert.equal(await page.locator('.photo-list img').count(), 2);

      await page.getByLabel('Name', { exact: true }).fill('Tabitha');
      await page.getByRole('button', { name: 'Save changes' }).focus();
      await page.keyboard.press('Enter');
      await page.waitForURL(/done=saved$/);
      assert.equal((await apiPet(id)).name, 'Tabitha');

      await page.getByRole('button', { name: 'Take off the website' }).focus();
      await page.keyboard.press('Enter');
      await page.waitForURL(/done=unpublished$/);
      assert.equal((await apiPet(id)).published, false);
      assert.equal((await fetch(`${site.origin}/adopt/pets/${id}`)).status, 404);
      await page.getByRole('button', { name: 'Publish on the website' }).focus();
      await page.keyboard.press('Enter');
      await page.waitForURL(/done=published$/);
      assert.equal((await fetch(`${site.origin}/adopt/pets/${id}`)).status, 200);

      // The second photo becomes the main one, by its button.
      const second = (await apiPet(id)).photos[1]!.id;
      await page.getByRole('button', { name: /^Make main photo\W+Photo 2 of 2$/ }).focus();
      await page.keyboard.press('Enter');
      await page.waitForURL(/done=moved#photo-/);
      assert.equal((await apiPet(id)).photos[0]!.id, second);
      assert.deepEqual(problems, []);
      await made.close();
    });
  }

  test('axe finds no violation on any console page, empty or with errors', async () => {
    const { context: made } = await context();
    const outside = await made.newPage();
    await outside.goto(`${site.origin}/console/sign-in`);
    assert.deepEqual(await violationsOf(outside), [], 'sign-in');
    await outside.getByRole('button', { name: 'Sign in' }).click();
    await outside.waitForLoadState();
    assert.match((await outside.title()) ?? '', /^Error: /);
    assert.deepEqual(await violationsOf(outside), [], 'sign-in with errors');
    await outside.getByLabel('Email').fill('nobody@example.org');
    await outside.getByLabel('Password').fill('not the password');
    await outside.getByRole('button', { name: 'Sign in' }).click();
    await outside.waitForLoadState();
    assert.deepEqual(await violationsOf(outside), [], 'sign-in refused');
    await outside.goto(await newLink());
    assert.deepEqual(await violationsOf(outside), [], 'welcome');
    await outside.getByLabel('New password').fill('short');
    await outside.getByRole('button', { name: 'Save password and sign in' }).click();
    await outside.waitForLoadState();
    assert.deepEqual(await violationsOf(outside), [], 'welcome with an error');
    await outside.goto(`${site.origin}/console/welcome?token=${'x'.repeat(43)}`);
    assert.deepEqual(await violationsOf(outside), [], 'a link that does not work');
    await outside.close();

    const page = await signedIn(made);
    for (const [name, path] of [
      ['animals', '/console'],
      ['animals filtered', '/console?status=pending&published=true&q=a'],
      ['no animal matches', '/console?q=nosuchanimalword'],
      ['an animal', `/console/animals/${site.ids.withPhotos}`],
      ['the probe', `/console/animals/${site.ids.probe}`],
      ['account', '/console/account'],
      ['the catalogue, read only', '/console/catalogue'],
      ['not found', '/console/animals/999999'],
      ['intake', '/console/animals/new'],
      [
        'removing a photo',
        `/console/animals/${site.ids.withPhotos}/photos/${(await apiPet(site.ids.withPhotos)).photos[0]!.id}/remove`,
      ],
    ]) {
      await page.goto(site.origin + path!);
      assert.deepEqual(await violationsOf(page), [], name);
    }
    await page.goto(`${site.origin}/console/animals/new`);
    await page.getByLabel('Birth date').fill('last spring');
    await page.getByLabel('Photos', { exact: true }).setInputFiles(['examples/photos/luna.jpg']);
    await page.getByRole('button', { name: 'Add animal' }).click();
    await page.waitForLoadState();
    assert.equal(await page.getByLabel('Birth date').inputValue(), 'last spring', 'kept as typed');
    assert.deepEqual(await violationsOf(page), [], 'intake with errors');
    const staff = await signedIn(made, 'staff');
    await staff.goto(`${site.origin}/console/animals/${site.ids.withPhotos}/remove`);
    assert.deepEqual(await violationsOf(staff), [], 'removing an animal');
    await staff.goto(`${site.origin}/console/activity`);
    assert.deepEqual(await violationsOf(staff), [], 'the activity');
    const admin = await signedIn(made, 'admin');
    await admin.goto(`${site.origin}/console/admin/staff`);
    assert.deepEqual(await violationsOf(admin), [], 'the staff accounts');
    await admin.getByRole('button', { name: 'Invite' }).click();
    await admin.waitForLoadState();
    assert.match((await admin.title()) ?? '', /^Error: /);
    assert.deepEqual(await violationsOf(admin), [], 'an invitation with errors');
    await admin.getByLabel('Name').fill('Nia New');
    await admin.getByLabel('Email').fill('nia.new@example.org');
    await admin.getByRole('button', { name: 'Invite' }).click();
    await admin.waitForLoadState();
    assert.match(await admin.locator('.one-time-link').innerText(), /\/console\/welcome\?token=/);
    assert.deepEqual(await violationsOf(admin), [], 'an invitation with its link');
    await staff.goto(`${site.origin}/console/animals/${site.ids.withPhotos}`);
    assert.deepEqual(await violationsOf(staff), [], 'an animal with its recent changes, for staff');
    await staff.goto(`${site.origin}/console/catalogue`);
    assert.deepEqual(await violationsOf(staff), [], 'the catalogue with its forms');
    await staff.getByLabel('New name for Cat').fill('');
    await staff.getByRole('button', { name: 'Rename Cat' }).click();
    await staff.waitForLoadState();
    assert.match((await staff.title()) ?? '', /^Error: /);
    assert.deepEqual(await violationsOf(staff), [], 'the catalogue with an error');
    await staff.getByLabel('New breed of Dog').fill('labrador RETRIEVER');
    await staff.getByRole('button', { name: 'Add breed Dog' }).click();
    await staff.waitForLoadState();
    assert.equal(
      await staff.getByLabel('New breed of Dog').inputValue(),
      'labrador RETRIEVER',
      'kept as typed',
    );
    assert.deepEqual(await violationsOf(staff), [], 'the catalogue with a conflict');
    await page.goto(`${site.origin}/console/animals/${site.ids.withPhotos}`);
    await page.getByLabel('Name').fill('');
    await page.getByLabel('Colour').fill('x'.repeat(60));
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.waitForLoadState();
    assert.equal(await page.getByLabel('Colour').inputValue(), 'x'.repeat(60), 'kept as typed');
    assert.deepEqual(await violationsOf(page), [], 'an animal with errors');
    await made.close();
  });

  test('at 360 px no console page scrolls sideways, and every control is at least 24 × 24 px', async () => {
    const { context: made } = await context({ width: 360 });
    // Staff: a role that sees every form of these pages (the catalogue's among them); an admin for theirs.
    const staff = await signedIn(made, 'staff');
    const admin = await signedIn(made, 'admin');
    for (const [page, path] of [
      [admin, '/console/admin/staff'],
      ...[
        '/console',
        // The filters under "More filters" open.
        '/console?sex=female',
        `/console/animals/${site.ids.withPhotos}`,
        '/console/account',
        '/console/animals/new',
        '/console/catalogue',
        '/console/activity',
      ].map((path) => [staff, path] as const),
    ] as const) {
      await page.goto(site.origin + path);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      assert.equal(overflow, 0, `${path} scrolls sideways`);
      const small = await page.evaluate(() =>
        [...document.querySelectorAll('a, button, input:not([type=hidden]), select, textarea')]
          .map((element) => ({ element, box: element.getBoundingClientRect() }))
          // A control under a closed <details> is not shown, so not a target.
          .filter(({ element, box }) => element.checkVisibility() && (box.width < 24 || box.height < 24))
          .map(({ element }) => element.outerHTML.slice(0, 80)),
      );
      assert.deepEqual(small, [], path);
    }
    await made.close();
  });

  test('the probe shows as text on the list and its form, and runs nothing', async () => {
    const { context: made, problems } = await context();
    const page = await signedIn(made);
    for (const path of ['/console', `/console/animals/${site.ids.probe}`]) {
      await page.goto(site.origin + path);
      assert.equal(
        await page.evaluate(() => document.querySelectorAll('img[src="x"], main script').length),
        0,
      );
    }
    assert.equal(await page.getByLabel('Name').inputValue(), probe);
    assert.deepEqual(problems, []);
    await made.close();
  });

  test('applications, adoptions and keys: no axe violation, empty, with errors or confirming; none scrolls at 360 px', async () => {
    const { services } = site.server.app;
    const pet = await services.pets.create({ name: 'Queue Cat', categoryId: 1 });
    const submission = (name: string) =>
      services.applications.submit({
        petId: pet.id,
        applicant: { name, email: `${name.split(' ')[0]!.toLowerCase()}.${accounts}@example.org` },
        household: { adults: 1, children: 0 },
        home: { type: 'flat', ownership: 'rent' },
        answers: { 'why-adopt': 'A quiet flat\nand time' },
        consent: { dataProcessing: true },
      } as never);
    const first = await submission('Ada Queue');
    await submission('Bo Queue');
    const { context: made, problems } = await context();
    const staff = await signedIn(made, 'staff');
    const admin = await signedIn(made, 'admin');
    const check = async (page: Page, path: string, name: string) => {
      await page.goto(site.origin + path);
      assert.deepEqual(await violationsOf(page), [], name);
    };
    await check(staff, '/console/applications', 'the queue');
    await check(staff, '/console/applications?status=withdrawn', 'an empty queue');
    await check(staff, '/console/applications?pet=x', 'the queue with an error');
    await check(staff, `/console/applications/${first.id}`, 'an application');
    await staff.getByRole('button', { name: 'Decline' }).click();
    await staff.waitForLoadState();
    assert.match((await staff.title()) ?? '', /^Error: /);
    assert.deepEqual(await violationsOf(staff), [], 'a decline without a reason');
    await staff.getByLabel('Add a note').fill('Called back');
    await staff.getByRole('button', { name: 'Add note' }).click();
    await staff.waitForLoadState();
    await staff.getByRole('button', { name: 'Approve' }).click();
    await staff.waitForLoadState();
    assert.deepEqual(await violationsOf(staff), [], 'an approved application with its note');
    await staff.getByRole('link', { name: 'Complete adoption' }).click();
    await staff.waitForLoadState();
    assert.match(await staff.locator('h1').innerText(), /Complete this adoption\?/);
    assert.deepEqual(await violationsOf(staff), [], 'the confirmation of an adoption');
    await check(staff, '/console/adoptions', 'the adoptions');
    await check(admin, '/console/admin/keys', 'the keys');
    await admin.getByRole('button', { name: 'Make key' }).click();
    await admin.waitForLoadState();
    assert.deepEqual(await violationsOf(admin), [], 'a key refused');
    await admin.getByLabel('Who or what it is for').fill('Partner site');
    await admin.getByLabel(/applications:submit/).check();
    await admin.getByRole('button', { name: 'Make key' }).click();
    await admin.waitForLoadState();
    assert.ok(
      await admin.getByRole('button', { name: 'Copy the key' }).isVisible(),
      'the copy button, with JavaScript',
    );
    assert.deepEqual(await violationsOf(admin), [], 'a key shown once');
    await admin.getByRole('link', { name: 'Change Partner site' }).click();
    await admin.waitForLoadState();
    assert.deepEqual(await violationsOf(admin), [], 'a key’s page');
    await admin.getByRole('link', { name: 'Revoke the key for Partner site' }).click();
    await admin.waitForLoadState();
    assert.deepEqual(await violationsOf(admin), [], 'revoking a key');
    // The refused forms above answer 400, as they should; nothing else may be an error.
    assert.deepEqual(
      problems.filter((problem) => !/status of 400 \(Bad Request\)/.test(problem)),
      [],
    );
    await made.close();

    const { context: phone } = await context({ width: 360 });
    const small = await signedIn(phone, 'staff');
    const smallAdmin = await signedIn(phone, 'admin');
    for (const [page, path] of [
      [small, '/console/applications'],
      [small, `/console/applications/${first.id}`],
      [small, '/console/adoptions'],
      [smallAdmin, '/console/admin/keys'],
    ] as const) {
      await page.goto(site.origin + path);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      assert.equal(overflow, 0, `${path} scrolls sideways`);
    }
    await phone.close();

    // Without JavaScript the key is there to select and copy by hand, and no button that would do nothing.
    const { context: plain } = await context({ javaScript: false });
    const noScript = await signedIn(plain, 'admin');
    await noScript.goto(`${site.origin}/console/admin/keys`);
    await noScript.getByLabel('Who or what it is for').fill('Plain partner');
    await noScript.getByLabel(/pets:read/).check();
    await noScript.getByRole('button', { name: 'Make key' }).click();
    await noScript.waitForLoadState();
    assert.match(await noScript.locator('#issued-key').innerText(), /^pet_/);
    assert.equal(await noScript.getByRole('button', { name: 'Copy the key' }).isVisible(), false);
    await plain.close();
  });
});
