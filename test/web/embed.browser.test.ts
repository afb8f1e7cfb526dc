// Embedding in a real browser (Debian's Chromium through Playwright): a shelter's page on another origin puts
// the list in a frame with embed.js, the frame grows to its content (no scroll bar of its own) and keeps it
// as one moves inside it; a plain iframe works; a page that is not an embedded view, or a site that
// PETSTORE_EMBED_ORIGINS leaves out, cannot frame the pages; axe finds no violation on an embedded view.
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Frame, Page } from 'playwright-core';
import { backends } from '../helpers/backends.js';
import { startSdkServer, type SdkServer } from '../helpers/sdk-server.js';
import { browserSkip, launchChromium } from './chromium.js';
import { startSampleSite, type SampleSite } from './sample-site.js';

const wcag = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Another site: it answers every path with the text it is given for that path (HTML, or JavaScript for .js). */
async function startHostSite(pages: Record<string, string>): Promise<{ origin: string; server: Server }> {
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://host').pathname;
    const body = pages[path];
    const type = path.endsWith('.js') ? 'text/javascript' : 'text/html';
    response.writeHead(body === undefined ? 404 : 200, { 'content-type': `${type}; charset=utf-8` });
    response.end(body ?? 'not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://localhost:${(server.address() as AddressInfo).port}`, server };
}

const hostPage = (content: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A shelter's own site</title></head>` +
  `<body><main><h1>Our animals</h1>${content}<p>Below the animals</p></main></body></html>`;

describe('embedding in Chromium', { skip: browserSkip() }, () => {
  let site: SampleSite;
  let browser: Browser;
  /** A service that only the host site may embed, and one that only a third site may. */
  let allowing: SdkServer;
  let refusing: SdkServer;
  let host: { origin: string; server: Server };
  const pages: Record<string, string> = {};
  before(async () => {
    host = await startHostSite(pages);
    site = await startSampleSite();
    allowing = await startSdkServer(backends[0]!, { overrides: { embedOrigins: host.origin } });
    refusing = await startSdkServer(backends[0]!, {
      overrides: { embedOrigins: 'https://elsewhere.example' },
    });
    const service = (s: { baseUrl: string }) => s.baseUrl.replace(/\/v1$/, '');
    Object.assign(pages, {
      '/script': hostPage(
        `<script src="${site.origin}/adopt/embed.js" data-filters="categoryId=2&amp;sort=name" async></script>`,
      ),
      '/two': hostPage(
        `<script src="${site.origin}/adopt/embed.js" data-filters="q=nosuchanimalword"></script>` +
          `<iframe id="other" src="${site.origin}/adopt?embed=1" title="All animals"></iframe>`,
      ),
      // A page of the host's own origin that, loaded in embed.js's frame, claims a height.
      '/liar': `<!doctype html><title>Liar</title><script src="/liar.js"></script>`,
      '/liar.js': `parent.postMessage({ type: 'petstore:height', height: 4321 }, '*');
        parent.postMessage({ type: 'liar-done' }, '*');`,
      '/iframe': hostPage(`<iframe src="${site.origin}/adopt?embed=1" title="Animals"></iframe>`),
      '/plain': hostPage(`<iframe src="${site.origin}/adopt" title="Animals"></iframe>`),
      '/allowed': hostPage(`<iframe src="${service(allowing)}/adopt?embed=1" title="Animals"></iframe>`),
      '/refused': hostPage(`<iframe src="${service(refusing)}/adopt?embed=1" title="Animals"></iframe>`),
    });
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await site?.close();
    await allowing?.close();
    await refusing?.close();
    await new Promise((resolve) => host?.server.close(resolve));
  });

  async function open(url: string) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(url);
    return { page, close: () => context.close() };
  }

  /** The host page's one iframe, once its document has loaded. */
  async function frameOf(page: Page, selector = 'iframe'): Promise<Frame> {
    const element = await page.waitForSelector(selector);
    const frame = await element.contentFrame();
    assert.ok(frame, 'the iframe has a document');
    await frame.waitForLoadState('load');
    return frame;
  }

  /** Waits until the iframe is as tall as its document's content, then checks it has no scroll bar. */
  async function heightSettled(page: Page, frame: Frame, selector = 'iframe'): Promise<number> {
    const content = await frame.evaluate(() =>
      Math.ceil(document.documentElement.getBoundingClientRect().height),
    );
    await page.waitForFunction(
      ([height, css]) => Math.abs(document.querySelector(css)!.clientHeight - height) <= 1,
      [content, selector] as const,
    );
    const [scrollHeight, clientHeight] = [
      await frame.evaluate(() => document.documentElement.scrollHeight),
      await page.evaluate((css) => document.querySelector(css)!.clientHeight, selector),
    ];
    assert.ok(scrollHeight <= clientHeight + 1, `no inner scroll bar: ${scrollHeight} > ${clientHeight}`);
    return clientHeight;
  }

  /** Whether the iframe shows a page of the service, rather than the browser's refusal. */
  const showsService = async (frame: Frame) =>
    !frame.url().startsWith('chrome-error:') && (await frame.locator('main h1').count()) === 1;

  test('embed.js puts the filtered list where its tag stands, as tall as its content, and moving on stays inside', async () => {
    const { page, close } = await open(`${host.origin}/script`);
    const frame = await frameOf(page);
    // The frame comes right after the tag, before the host's own text that follows it.
    const order = await page.evaluate(() =>
      [...document.querySelector('main')!.children].map((e) => e.tagName.toLowerCase()),
    );
    assert.deepEqual(order, ['h1', 'script', 'iframe', 'p']);
    assert.equal(await page.locator('iframe').getAttribute('title'), 'Animals for adoption');
    const url = new URL(frame.url());
    assert.equal(url.origin, site.origin);
    assert.deepEqual(
      [...url.searchParams],
      [
        ['embed', '1'],
        ['categoryId', '2'],
        ['sort', 'name'],
      ],
    );

    // The same animals as the list with the same filters, shown on its own.
    const plain = await page.context().newPage();
    await plain.goto(`${site.origin}/adopt?categoryId=2&sort=name`);
    const expected = await plain.locator('.card h3 a').allTextContents();
    assert.ok(expected.length > 1, expected.join(', '));
    assert.deepEqual(await frame.locator('.card h3 a').allTextContents(), expected);
    assert.equal(await frame.locator('header, footer').count(), 0);

    const listHeight = await heightSettled(page, frame);
    assert.ok(listHeight > 300, `the frame grew from the browser's 150 px: ${listHeight}`);

    const name = expected[0]!;
    await frame.getByRole('link', { name, exact: true }).click();
    await frame.waitForURL(/\/adopt\/pets\/\d+\?embed=1$/);
    assert.equal(page.url(), `${host.origin}/script`, 'the host page stays');
    assert.equal(await frame.locator('h1').textContent(), name);
    const petHeight = await heightSettled(page, frame);
    assert.notEqual(petHeight, listHeight, 'the height follows the new page');
    await close();
  });

  test("embed.js believes only its own frame's messages, and only a sane height", async () => {
    const { page, close } = await open(`${host.origin}/two`);
    const ownSelector = 'iframe:not(#other)';
    const own = await frameOf(page, ownSelector);
    const other = await frameOf(page, '#other');
    // Every height embed.js gives its frame, from now on.
    await page.evaluate((css) => {
      const frame = document.querySelector<HTMLIFrameElement>(css)!;
      const seen: string[] = [];
      (window as unknown as { seen: string[] }).seen = seen;
      new MutationObserver(() => seen.push(frame.style.height)).observe(frame, { attributes: true });
    }, ownSelector);
    const ownHeight = await heightSettled(page, own, ownSelector);
    const otherHeight = await other.evaluate(() =>
      Math.ceil(document.documentElement.getBoundingClientRect().height),
    );
    assert.ok(otherHeight > ownHeight + 100, `the other frame is taller: ${otherHeight} vs ${ownHeight}`);
    // The other frame, from the service's own origin, tells its height again: not embed.js's frame.
    await other.evaluate(
      (height) => parent.postMessage({ type: 'petstore:height', height }, '*'),
      otherHeight,
    );
    // The host page itself, and the frame with heights out of bounds or of the wrong shape.
    await page.evaluate(() => window.postMessage({ type: 'petstore:height', height: 999 }, '*'));
    await own.evaluate(() => {
      for (const height of [1e9, -5, '5000', Number.NaN])
        parent.postMessage({ type: 'petstore:height', height }, '*');
      parent.postMessage({ type: 'other', height: 777 }, '*');
      parent.postMessage({ type: 'petstore:height', height: 1234 }, '*');
    });
    await page.waitForFunction((css) => document.querySelector(css)!.clientHeight === 1234, ownSelector);
    // The frame itself, once it shows a page of another origin (the host's own): messages from one window
    // to another arrive in order, so once "done" is seen, the claimed height has been heard.
    await page.evaluate(() => {
      const done = new Promise<void>((resolve) =>
        window.addEventListener('message', (event) => event.data?.type === 'liar-done' && resolve()),
      );
      (window as unknown as { liarDone: Promise<void> }).liarDone = done;
    });
    await own.evaluate((url) => void (location.href = url), `${host.origin}/liar`);
    await page.evaluate(() => (window as unknown as { liarDone: Promise<void> }).liarDone);
    const seen = await page.evaluate(() => (window as unknown as { seen: string[] }).seen);
    assert.deepEqual(
      seen.map((height) => Math.round(parseFloat(height))).filter((height) => height !== ownHeight),
      [1234],
      `heights set: ${seen.join(', ')}`,
    );
    await close();
  });

  test('a plain iframe of an embedded view works; one of a page that is not embedded is refused', async () => {
    const embedded = await open(`${host.origin}/iframe`);
    const frame = await frameOf(embedded.page);
    assert.ok(await showsService(frame));
    assert.ok((await frame.locator('.card').count()) > 0);
    await embedded.close();

    const plain = await open(`${host.origin}/plain`);
    assert.ok(!(await showsService(await frameOf(plain.page))), 'the list itself may not be framed');
    await plain.close();
  });

  test('PETSTORE_EMBED_ORIGINS decides which sites may frame embedded views', async () => {
    const allowed = await open(`${host.origin}/allowed`);
    assert.ok(await showsService(await frameOf(allowed.page)), 'the host site is listed');
    await allowed.close();
    const refused = await open(`${host.origin}/refused`);
    assert.ok(!(await showsService(await frameOf(refused.page))), 'the host site is not listed');
    await refused.close();
  });

  test('axe finds no WCAG 2.2 AA violation on embedded views, and their script breaks no policy', async () => {
    for (const path of [
      '/adopt?embed=1',
      `/adopt/pets/${site.ids.withPhotos}?embed=1`,
      '/adopt/apply?embed=1',
    ]) {
      const { page, close } = await open(site.origin + path);
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(`${message.text()} at ${message.location().url}`);
      });
      await page.reload();
      const { violations } = await new AxeBuilder({ page }).withTags(wcag).analyze();
      const found = violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      assert.deepEqual(found, [], path);
      assert.deepEqual(problems, [], `${path}: no console error (a CSP refusal would be one)`);
      await close();
    }
  });
});
