// Debian's Chromium for the browser tests, driven by Playwright: where it is missing the tests are skipped
// with the way to enable them, except in CI, where a missing Chromium fails the run.
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

export const chromiumPath = process.env.PETSTORE_CHROMIUM ?? '/usr/bin/chromium';

/** Why the browser tests are skipped here, or false when they run. */
export function browserSkip(): string | false {
  if (existsSync(chromiumPath)) return false;
  const message = `browser tests SKIPPED: no Chromium at ${chromiumPath}. To run them: apt-get install -y chromium`;
  if (process.env.CI === 'true') throw new Error(`${message} (CI requires them)`);
  console.log(message);
  return message;
}

/** A headless Chromium with a fresh profile (Playwright makes a new user-data-dir per launch), no network of its own. */
export const launchChromium = (): Promise<Browser> =>
  chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    chromiumSandbox: false,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
