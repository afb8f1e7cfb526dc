// The public pages in a real browser (Debian's Chromium through Playwright): no accessibility violation
// (axe-core, WCAG 2.2 AA), a keyboard-only path to an animal and through its application form, every task
// without JavaScript (the form's errors and its success included), user text inert, reflow at 320 and 360 px,
// visible focus and targets of at least 24 × 24 px, and no request elsewhere.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { browserSkip, launchChromium } from './chromium.js';
import { fillInApplication, probe, startSampleSite, type SampleSite } from './sample-site.js';

const wcag = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

describe('public pages in Chromium', { skip: browserSkip() }, () => {
  let site: SampleSite;
  let browser: Browser;
  before(async () => {
    site = await startSampleSite();
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await site?.close();
  });

  /** A page in a fresh context; every request it makes is recorded, and a dialog (an XSS) fails the test. */
  async function open(path: string, options: { javaScript?: boolean; width?: number } = {}) {
    const context = await browser.newContext({
      javaScriptEnabled: options.javaScript ?? true,
      viewport: { width: options.width ?? 1280, height: 800 },
    });
    const page = await context.newPage();
    const requests: string[] = [];
    const problems: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    page.on('dialog', (dialog) => problems.push(`dialog: ${dialog.message()}`));
    page.on('console', (message) => {
      // A page answered 404, or 400 for a refused form, is meant: Chromium reports its status as an error.
      if (message.type() === 'error' && !/(404 \(Not Found|400 \(Bad Request)\)/.test(message.text()))
        problems.push(message.text());
    });
    const response = await page.goto(site.origin + path);
    return { page, response, requests, problems, close: () => context.close() };
  }

  const pages = () => [
    ['the list', '/adopt'],
    ['the list filtered', '/adopt?categoryId=2&age=young&goodWith=dogs&q=a'],
    ['the list with no match', '/adopt?q=nosuchanimalword'],
    ['an animal page', `/adopt/pets/${site.ids.withPhotos}`],
    ['a pending animal', `/adopt/pets/${site.ids.pending}`],
    ['the XSS probe', `/adopt/pets/${site.ids.probe}`],
    ['the 404', '/adopt/pets/999999'],
    ['the application form', `/adopt/pets/${site.ids.withPhotos}/apply`],
    ['the application form for no one animal', '/adopt/apply'],
  ];

  test('axe finds no WCAG 2.2 AA violation on any page', async () => {
    for (const [name, path] of pages()) {
      const { page, problems, close } = await open(path!);
      const { violations } = await new AxeBuilder({ page }).withTags(wcag).analyze();
      const found = violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      assert.deepEqual(found, [], name);
      assert.deepEqual(problems, [], `${name}: no console error (a CSP refusal would be one)`);
      await close();
    }
  });

  test('every request of a page goes to the service itself: no third party, no font', async () => {
    for (const [name, path] of pages()) {
      const { requests, close } = await open(path!);
      assert.ok(requests.length > 0);
      for (const url of requests) assert.equal(new URL(url).origin, site.origin, `${name}: ${url}`);
      assert.ok(!requests.some((url) => /\.(woff2?|ttf|otf)$/.test(url)), name);
      await close();
    }
  });

  test('a keyboard-only user reaches an animal, with focus visible at every step', async () => {
    const { page, close } = await open('/adopt');
    let reached = false;
    for (let press = 0; press < 60 && !reached; press++) {
      await page.keyboard.press('Tab');
      const focused = await focusedElement(page);
      assert.ok(focused, 'something has focus');
      assert.ok(focused.visible, `focus is visible on ${focused.tag} ${focused.href ?? ''}`);
      reached = /^\/adopt\/pets\/\d+$/.test(focused.href ?? '');
    }
    assert.ok(reached, 'tabbing reaches an animal link');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/adopt\/pets\/\d+$/);
    assert.equal(await page.locator('h1').count(), 1);
    await close();
  });

  test('with JavaScript off, the filter form and the links work', async () => {
    const { page, close } = await open('/adopt', { javaScript: false });
    await page.getByLabel('Species').selectOption({ label: 'Cat' });
    await page.getByLabel('Dogs').check();
    await page.getByRole('button', { name: 'Show animals' }).click();
    await page.waitForURL(/categoryId=2/);
    assert.match(page.url(), /goodWith=dogs/);
    const names = await page.locator('.card h3 a').allTextContents();
    assert.ok(names.length > 0 && names.includes('Luna'), names.join(', '));
    await page.getByRole('link', { name: 'Luna' }).click();
    await page.waitForURL(/\/adopt\/pets\/\d+$/);
    assert.equal(await page.locator('h1').textContent(), 'Luna');
    await page.getByRole('link', { name: 'All animals' }).click();
    await page.waitForURL(/\/adopt$/);
    await close();
  });

  test('a probe in every text field shows as text and runs nothing', async () => {
    for (const path of [`/adopt/pets/${site.ids.probe}`, '/adopt', `/adopt?q=${encodeURIComponent(probe)}`]) {
      const { page, problems, close } = await open(path);
      const injected = await page.evaluate(() => document.querySelectorAll('img[src="x"], b, script').length);
      assert.equal(injected, 0, path);
      assert.deepEqual(problems, [], path);
      if (path.startsWith('/adopt/pets/')) {
        assert.equal(await page.locator('h1').textContent(), probe);
        const text = (await page.locator('main').textContent()) ?? '';
        for (const shown of [
          `${probe} breed`,
          `${probe} in the description`,
          '<b>bold</b>',
          '<script>x</script>',
        ])
          assert.ok(text.includes(shown), shown);
        assert.equal(await page.title(), `${probe} — for adoption`);
      }
      await close();
    }
  });

  test('at 320 and 360 px no page scrolls sideways, and every control is at least 24 × 24 px', async () => {
    for (const width of [320, 360]) {
      for (const [name, path] of pages()) {
        const { page, close } = await open(path!, { width });
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        assert.ok(overflow <= 0, `${name} at ${width} px overflows by ${overflow} px`);
        const small = await page.evaluate(() =>
          [...document.querySelectorAll<HTMLElement>('a, button, input, select')]
            .filter((element) => element.getClientRects().length > 0 && !element.classList.contains('skip'))
            .map((element) => ({ element, box: element.getBoundingClientRect() }))
            .filter(({ box }) => box.width < 24 || box.height < 24)
            .map(
              ({ element, box }) => `${element.tagName} "${element.textContent}" ${box.width}×${box.height}`,
            ),
        );
        assert.deepEqual(small, [], `${name} at ${width} px`);
        await close();
      }
    }
  });

  test('the list: cards with their photos lazy after the first row; the 404 links back', async () => {
    const { page, close } = await open('/adopt');
    const cards = page.locator('.card');
    assert.equal(await cards.count(), 20);
    // The first row (4 cards on a wide screen) loads at once, the rest when scrolled near.
    const loading = await cards.evaluateAll((items) =>
      items.map((card) => card.querySelector('img')?.loading ?? 'no photo'),
    );
    loading.forEach((value, index) => {
      if (value !== 'no photo') assert.equal(value, index < 4 ? 'auto' : 'lazy', `card ${index + 1}`);
    });
    assert.ok(
      loading.some((value) => value !== 'no photo'),
      'some card has a photo',
    );
    await close();
    const missing = await open('/adopt/pets/999999');
    assert.equal(missing.response?.status(), 404);
    await missing.page.getByRole('link', { name: 'See all animals for adoption' }).click();
    await missing.page.waitForURL(/\/adopt$/);
    await missing.close();
  });
  /** The applications the API holds, newest first. */
  const applications = async () => {
    const res = await fetch(`${site.server.baseUrl}/applications?limit=100`, {
      headers: { authorization: `Bearer ${site.server.key}` },
    });
    assert.equal(res.status, 200, await res.clone().text());
    return (await res.json()) as Array<{ petId: number | null; applicant: { name: string; email: string } }>;
  };

  test('with JavaScript off, a refused form keeps what was typed, and a corrected one reaches the API', async () => {
    const { page, problems, close } = await open(`/adopt/pets/${site.ids.withPhotos}`, { javaScript: false });
    await page.getByRole('link', { name: /^Apply to adopt / }).click();
    await page.waitForURL(/\/apply$/);
    const email = `js.off.${process.pid}@example.org`;
    await page.getByLabel('Full name').fill('Ada Off');
    await page.getByLabel('Email address').fill('ada-at-example');
    await page.getByLabel('How many adults live in your home?').fill('2');
    await page.getByLabel('How many children live in your home?').fill('0');
    await page
      .getByRole('group', { name: 'What kind of home do you live in?' })
      .getByLabel('A house')
      .check();
    await page.getByLabel('Why do you want to adopt?').fill('A garden\nand time');
    site.advanceClock(5_000);
    await page.getByRole('button', { name: 'Send application' }).click();
    await page.waitForLoadState();
    assert.match(await page.title(), /^Error: Apply to adopt /);
    const summary = page.locator('.error-summary');
    assert.deepEqual(await summary.locator('a').allTextContents(), [
      'Enter an email address in the correct format, like name@example.com',
      'Select whether you own or rent your home',
      'Tick the box to agree that the shelter may use what you wrote to decide',
    ]);
    // autofocus: the summary has focus, so that a screen reader reads it first (no script needed).
    assert.equal(await page.locator('.error-summary:focus').count(), 1);
    // Every value as typed, the wrong one included.
    assert.equal(await page.getByLabel('Full name').inputValue(), 'Ada Off');
    assert.equal(await page.getByLabel('Email address').inputValue(), 'ada-at-example');
    assert.equal(await page.getByLabel('Why do you want to adopt?').inputValue(), 'A garden\nand time');
    assert.ok(await page.getByLabel('A house').isChecked());
    await summary.getByRole('link', { name: /^Enter an email address/ }).click();
    assert.equal(
      await page.locator('#f-applicant-email:focus').count(),
      1,
      'its link moves focus to the field',
    );

    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('I own it').check();
    await page.getByLabel(/^I agree that the shelter keeps/).check();
    site.advanceClock(5_000);
    await page.getByRole('button', { name: 'Send application' }).click();
    await page.waitForLoadState();
    assert.equal(await page.locator('h1').textContent(), 'Thank you — your application was sent');
    assert.match((await page.locator('main').textContent()) ?? '', new RegExp(`contact you at ${email}`));
    assert.doesNotMatch(page.url(), /example\.org|Ada/, 'no personal data in the address');
    const stored = (await applications()).find((a) => a.applicant.email === email);
    assert.equal(stored?.petId, site.ids.withPhotos);
    assert.deepEqual(problems, []);
    await close();
  });

  test('axe finds no violation on the form with errors, nor on the page after sending it', async () => {
    const { page, close } = await open('/adopt/apply');
    site.advanceClock(5_000);
    await page.getByRole('button', { name: 'Send application' }).click();
    await page.waitForLoadState();
    assert.equal(await page.locator('.error-summary li').count(), 8);
    const refused = await new AxeBuilder({ page }).withTags(wcag).analyze();
    assert.deepEqual(
      refused.violations.map((v) => v.id),
      [],
      'the form with errors',
    );
    await fillInApplication(page, 'Axel Check', `axe.${process.pid}@example.org`);
    site.advanceClock(5_000);
    await page.getByRole('button', { name: 'Send application' }).click();
    await page.waitForLoadState();
    assert.equal(await page.locator('h1').textContent(), 'Thank you — your application was sent');
    const sent = await new AxeBuilder({ page }).withTags(wcag).analyze();
    assert.deepEqual(
      sent.violations.map((v) => v.id),
      [],
      'the success page',
    );
    await close();
  });

  test('a keyboard-only user fills in the form and sends it, with focus visible at every step', async () => {
    const { page, close } = await open('/adopt/apply');
    const email = `keys.${process.pid}@example.org`;
    const typed: Record<string, string> = {
      'f-applicant-name': 'Kay Board',
      'f-applicant-email': email,
      'f-household-adults': '1',
      'f-household-children': '0',
      'f-answers-why-adopt': 'Company',
    };
    // Radios and boxes: Space chooses the one that has focus (the first of a group).
    const chosen = new Set(['f-home-type-0', 'f-home-ownership-0', 'f-consent-dataProcessing']);
    let sent = false;
    for (let press = 0; press < 120 && !sent; press++) {
      await page.keyboard.press('Tab');
      const focused = await focusedElement(page);
      assert.ok(focused, 'something has focus');
      assert.ok(focused.visible, `focus is visible on ${focused.tag} #${focused.id}`);
      if (typed[focused.id]) await page.keyboard.type(typed[focused.id]!);
      if (chosen.has(focused.id)) await page.keyboard.press('Space');
      if (focused.tag === 'BUTTON' && focused.text === 'Send application') {
        site.advanceClock(5_000);
        await page.keyboard.press('Enter');
        sent = true;
      }
    }
    assert.ok(sent, 'tabbing reaches the button');
    await page.waitForLoadState();
    assert.equal(await page.locator('h1').textContent(), 'Thank you — your application was sent');
    const stored = (await applications()).find((a) => a.applicant.email === email);
    assert.equal(stored?.applicant.name, 'Kay Board');
    await close();
  });

  test('with every detail of the shelter set (a logo, an accent at 4.5:1), axe finds nothing and the pages reflow', async () => {
    const api = (method: string, path: string, body?: BodyInit, type?: string) =>
      fetch(`${site.server.baseUrl}${path}`, {
        method,
        headers: { authorization: `Bearer ${site.server.key}`, ...(type ? { 'content-type': type } : {}) },
        ...(body === undefined ? {} : { body }),
      });
    const patch = (details: object) => api('PATCH', '/shelter', JSON.stringify(details), 'application/json');
    const details = {
      name: 'Hillside Animal Rescue',
      intro: 'Dogs, cats and rabbits near Leeds.\nEvery one of them vaccinated.',
      email: 'hello@hillside.example',
      phone: '+44 113 496 0000',
      address: '1 Hill Road\nLeeds LS1 1AA',
      website: 'https://hillside.example/a-rather-long-address/that-must-wrap-at-320px',
      openingHours: 'Tue–Sat 10:00–16:00\nSun 12:00–15:00',
      // 4.54:1 on white, just above the API's bound: the darker shade must read on the shaded footer.
      accentColour: '#767676',
    };
    assert.equal((await patch(details)).status, 200);
    const logo = await readFile(new URL('../../examples/photos/luna.jpg', import.meta.url));
    assert.equal((await api('PUT', '/shelter/logo', logo, 'image/jpeg')).status, 200);
    try {
      for (const [name, path] of [
        ['the list filtered', '/adopt?categoryId=2&age=young'],
        ['an animal page', `/adopt/pets/${site.ids.withPhotos}`],
        ['the 404', '/adopt/pets/999999'],
        ['the application form', '/adopt/apply'],
      ]) {
        for (const width of [1280, 320]) {
          const { page, problems, close } = await open(path!, { width });
          assert.equal(await page.locator('.site-header a').textContent(), details.name);
          // The logo is inside the link, its alt empty: the link is named by the shelter's name, once.
          assert.equal(await page.locator('.site-header img').getAttribute('alt'), '');
          assert.equal(
            await page.locator('.site-header').getByRole('link', { name: details.name, exact: true }).count(),
            1,
          );
          assert.ok(
            await page.locator('.site-header img').evaluate((img: HTMLImageElement) => img.naturalWidth > 0),
          );
          const colour = await page
            .locator('.site-footer a')
            .first()
            .evaluate((a) => getComputedStyle(a).color);
          assert.equal(colour, 'rgb(89, 89, 89)', 'the accent’s darker shade');
          const { violations } = await new AxeBuilder({ page }).withTags(wcag).analyze();
          const found = violations.map(
            (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
          );
          assert.deepEqual(found, [], `${name} at ${width} px`);
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          );
          assert.ok(overflow <= 0, `${name} at ${width} px overflows by ${overflow} px`);
          assert.deepEqual(problems, [], `${name}: no console error (a CSP refusal would be one)`);
          await close();
        }
      }
    } finally {
      await patch(Object.fromEntries(Object.keys(details).map((field) => [field, null])));
      assert.equal((await api('DELETE', '/shelter/logo')).status, 204);
    }
  });
});

/** The element that has focus (none: the body), and whether its focus indicator shows. */
const focusedElement = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return undefined;
    const style = getComputedStyle(element);
    return {
      id: element.id,
      href: element.getAttribute('href'),
      tag: element.tagName,
      text: element.textContent,
      visible: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2,
    };
  });
