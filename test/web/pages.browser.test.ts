// The public pages in a real browser (Debian's Chromium through Playwright): no accessibility violation
// (axe-core, WCAG 2.2 AA), a keyboard-only path to an animal, every task without JavaScript, user text inert,
// reflow at 320 and 360 px, visible focus and targets of at least 24 × 24 px, and no request elsewhere.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser } from 'playwright-core';
import { browserSkip, launchChromium } from './chromium.js';
import { probe, startSampleSite, type SampleSite } from './sample-site.js';

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
      if (message.type() === 'error' && !/404 \(Not Found\)/.test(message.text()))
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
      const focused = await page.evaluate(() => {
        const element = document.activeElement as HTMLElement | null;
        if (!element || element === document.body) return undefined;
        const style = getComputedStyle(element);
        return {
          href: element.getAttribute('href'),
          visible: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2,
          tag: element.tagName,
        };
      });
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
});
