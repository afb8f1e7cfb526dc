// The layer list of docs/contributing.md is the table of .dependency-cruiser.mjs, which `npm run lint`
// enforces: the same parts, in the same order, so that a new folder cannot be left out of the docs.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { readPage, root } from '../helpers/markdown.js';

/** The parts named at the head of each item between the page's `layers` markers. */
function documentedLayers(page: string): string[] {
  const text = readPage(page);
  const start = text.indexOf('<!-- layers -->');
  const end = text.indexOf('<!-- /layers -->');
  assert.ok(start >= 0 && end > start, `${page} has the layers markers`);
  return [...text.slice(start, end).matchAll(/^- `([^`]+)`/gm)].map((m) => m[1]!);
}

test('docs/contributing.md lists every layer of .dependency-cruiser.mjs, lowest first', async () => {
  const config = pathToFileURL(join(root, '.dependency-cruiser.mjs')).href;
  const { layers } = (await import(config)) as { layers: Array<{ part: string }> };
  assert.deepEqual(
    documentedLayers('docs/contributing.md'),
    layers.map(({ part }) => part),
  );
});
