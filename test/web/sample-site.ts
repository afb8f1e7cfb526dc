// A real listening service with the sample animals of examples/ (imported with `petstore pets import`, photos
// included) and one animal whose every text field is an XSS probe: for the browser tests and
// `npm run screenshots`.
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { backends } from '../helpers/backends.js';
import { runCli } from '../helpers/run-cli.js';
import { startSdkServer, type SdkServer } from '../helpers/sdk-server.js';

export const probe = '<img src=x onerror=alert(1)>';

export interface SampleSite {
  server: SdkServer;
  /** The site's origin, e.g. http://127.0.0.1:40123. */
  origin: string;
  /** Ids of a few animals by role. */
  ids: { probe: number; pending: number; withPhotos: number };
  /** Moves the service's clock on, as if a person took that long over a form. */
  advanceClock(ms: number): void;
  close(): Promise<void>;
}

export async function startSampleSite(): Promise<SampleSite> {
  let skew = 0;
  const server = await startSdkServer(backends[0]!, { clock: () => Date.now() + skew });
  const imported = await runCli(
    ['pets', 'import', 'examples/animals.csv', '--photos-dir', 'examples/photos'],
    {
      PETSTORE_URL: server.baseUrl,
      PETSTORE_API_KEY: server.key,
    },
  );
  assert.equal(imported.code, 0, imported.stderr);
  const api = (method: string, path: string, body?: unknown) =>
    fetch(`${server.baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${server.key}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const created = await api('POST', '/pets', {
    name: probe,
    // A category without a breed list, so that any breed is taken.
    categoryId: 99,
    breed: `${probe} breed`,
    color: `${probe}`.slice(0, 50),
    description: `${probe} in the description\n\n"quoted" & <b>bold</b>`,
    tags: [probe.slice(0, 30), '<script>x</script>'],
  });
  assert.equal(created.status, 201, await created.clone().text());
  const all = (await (await api('GET', '/pets?limit=100')).json()) as Array<{
    id: number;
    name: string;
    status: string;
    photos: unknown[];
  }>;
  const pending = all.find((pet) => pet.status === 'pending');
  const withPhotos = all.find((pet) => pet.photos.length > 1 && pet.status !== 'sold');
  assert.ok(pending && withPhotos, 'the sample has a pending animal and one with photos');
  return {
    server,
    origin: server.baseUrl.replace(/\/v1$/, ''),
    ids: {
      probe: ((await created.json()) as { id: number }).id,
      pending: pending.id,
      withPhotos: withPhotos.id,
    },
    advanceClock: (ms) => void (skew += ms),
    close: () => server.close(),
  };
}

/** Fills in the application form's required fields, as a person would. */
export async function fillInApplication(page: Page, name: string, email: string): Promise<void> {
  await page.getByLabel('Full name').fill(name);
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('How many adults live in your home?').fill('2');
  await page.getByLabel('How many children live in your home?').fill('0');
  await page.getByLabel('A house').check();
  await page.getByLabel('I own it').check();
  await page.getByLabel('Why do you want to adopt?').fill('A garden, and time every day');
  await page.getByLabel(/^I agree that the shelter keeps/).check();
}
