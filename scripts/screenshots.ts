// `npm run screenshots`: PNGs of each public page at 360 and 1280 px wide, in screenshots/ (not committed),
// so that a reviewer can look at the pages without starting anything. Needs Chromium (apt-get install -y
// chromium), as the browser tests do.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { browserSkip, launchChromium } from '../test/web/chromium.js';
import { fillInApplication, startSampleSite } from '../test/web/sample-site.js';

const folder = 'screenshots';

if (browserSkip()) process.exit(1);
mkdirSync(folder, { recursive: true });
const site = await startSampleSite();
const browser = await launchChromium();
const pages = {
  list: '/adopt',
  'list-filtered': '/adopt?categoryId=2&goodWith=dogs',
  'list-no-match': '/adopt?q=nosuchanimalword',
  'list-page-2': undefined,
  animal: `/adopt/pets/${site.ids.withPhotos}`,
  'animal-pending': `/adopt/pets/${site.ids.pending}`,
  'animal-probe': `/adopt/pets/${site.ids.probe}`,
  'not-found': '/adopt/pets/999999',
  apply: `/adopt/pets/${site.ids.withPhotos}/apply`,
  'apply-errors': 'refused',
  'apply-sent': 'sent',
};
try {
  for (const width of [360, 1280]) {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    for (const [name, path] of Object.entries(pages)) {
      if (path === undefined) {
        await page.goto(`${site.origin}/adopt`);
        await page.getByRole('link', { name: 'Next page' }).click();
      } else if (path === 'refused' || path === 'sent') {
        await page.goto(`${site.origin}/adopt/apply`);
        if (path === 'sent') await fillInApplication(page, 'Sam Example', `sam.${width}@example.org`);
        site.advanceClock(5_000);
        await page.getByRole('button', { name: 'Send application' }).click();
        await page.waitForLoadState();
      } else {
        await page.goto(site.origin + path);
      }
      // Lazy photos below the first row load only when scrolled near: scroll through so they show.
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.waitForLoadState('networkidle');
      const file = join(folder, `${name}-${width}.png`);
      await page.screenshot({ path: file, fullPage: true });
      console.log(file);
    }
    await context.close();
  }
} finally {
  await browser.close();
  await site.close();
}
