// `npm run screenshots`: PNGs of each public page and console page at 360 and 1280 px wide, in screenshots/
// (not committed), so that a reviewer can look at the pages without starting anything; and the few that
// the docs show, copied into docs/images/ (committed). Needs Chromium (apt-get install -y chromium), as the
// browser tests do.
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { browserSkip, launchChromium } from '../test/web/chromium.js';
import { fillInApplication, startSampleSite } from '../test/web/sample-site.js';

const folder = 'screenshots';
/** The screenshots docs/console.md shows. */
const inTheDocs = [
  'console-animals-1280',
  'console-intake-errors-360',
  'console-animal-1280',
  'console-activity-1280',
  'console-applications-1280',
  'console-application-360',
];

if (browserSkip()) process.exit(1);
mkdirSync(folder, { recursive: true });
mkdirSync(join('docs', 'images'), { recursive: true });
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
    await consoleShots(width);
  }
  for (const name of inTheDocs)
    copyFileSync(join(folder, `${name}.png`), join('docs', 'images', `${name}.png`));
} finally {
  await browser.close();
  await site.close();
}

/** The console's pages, signed in through a new account's one-time link, as docs/console.md shows them. */
async function consoleShots(width: number): Promise<void> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  const shot = async (name: string) => {
    const file = join(folder, `console-${name}-${width}.png`);
    await page.screenshot({ path: file, fullPage: true });
    console.log(file);
  };
  const { token } = await site.server.app.services.staff.accounts.create({
    email: `volunteer.${width}@example.org`,
    name: 'Val Volunteer',
    role: 'volunteer',
  });
  await page.goto(`${site.origin}/console/sign-in`);
  await shot('sign-in');
  await page.goto(`${site.origin}/console/welcome?token=${token}`);
  await shot('welcome');
  await page.getByLabel('New password').fill('kennel corridor morning rounds');
  await page.getByRole('button', { name: 'Save password and sign in' }).click();
  await page.waitForURL(`${site.origin}/console`);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForLoadState('networkidle');
  await shot('animals');
  await page.goto(`${site.origin}/console/animals/new`);
  await shot('intake');
  await page.getByLabel('Birth date').fill('last spring');
  await page
    .getByLabel('Photos', { exact: true })
    .setInputFiles(['examples/photos/thumper.jpg', 'README.md']);
  await page.getByRole('button', { name: 'Add animal' }).click();
  await page.waitForLoadState();
  await shot('intake-errors');
  await page.goto(`${site.origin}/console/animals/${site.ids.withPhotos}`);
  await page.waitForLoadState('networkidle');
  await shot('animal');
  await page.getByRole('link', { name: /^Remove\W+Photo 1 of/ }).click();
  await page.waitForLoadState('networkidle');
  await shot('photo-remove');
  await page.goto(`${site.origin}/console/animals/${site.ids.withPhotos}`);
  await page.getByLabel('Name', { exact: true }).fill('');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await page.waitForLoadState();
  await shot('animal-errors');
  await page.goto(`${site.origin}/console/account`);
  await shot('account');
  await page.goto(`${site.origin}/console/catalogue`);
  await shot('catalogue-read-only');
  await context.close();
  await staffShots(width);
}

/** What staff see: the activity, the catalogue with its forms and with a name refused, and the applications. */
async function staffShots(width: number): Promise<void> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  const { token } = await site.server.app.services.staff.accounts.create({
    email: `staff.${width}@example.org`,
    name: 'Sam Staff',
    role: 'staff',
  });
  await page.goto(`${site.origin}/console/welcome?token=${token}`);
  await page.getByLabel('New password').fill('kennel corridor morning rounds');
  await page.getByRole('button', { name: 'Save password and sign in' }).click();
  await page.waitForURL(`${site.origin}/console`);
  await page.goto(`${site.origin}/console/activity`);
  await page.screenshot({ path: join(folder, `console-activity-${width}.png`), fullPage: true });
  await page.goto(`${site.origin}/console/catalogue`);
  await page.screenshot({ path: join(folder, `console-catalogue-${width}.png`), fullPage: true });
  await page.getByLabel('New breed of Cat').fill('tabby');
  await page.getByRole('button', { name: 'Add breed Cat' }).click();
  await page.waitForLoadState();
  await page.screenshot({ path: join(folder, `console-catalogue-errors-${width}.png`), fullPage: true });
  await page.goto(`${site.origin}/console/applications`);
  await page.screenshot({ path: join(folder, `console-applications-${width}.png`), fullPage: true });
  await page.locator('.applications a[href^="/console/applications/"]').first().click();
  await page.waitForLoadState();
  await page.screenshot({ path: join(folder, `console-application-${width}.png`), fullPage: true });
  console.log(
    join(folder, `console-{activity,catalogue,catalogue-errors,applications,application}-${width}.png`),
  );
  await context.close();
}
