// The quotas table in code feeds docs/rate-limits.md and the OpenAPI document; every operation documents
// its 429 and the rate-limit headers; the new codes are in the catalogue.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { errorCatalogue } from '../../src/errors/catalogue.js';
import { quotaTable } from '../../src/limits/quota-table.js';
import { sqlite } from './setup.js';
import { startTestApp } from '../helpers/test-app.js';

/** The cells of the Markdown table that starts with `| Plan |`, whatever its padding. */
function planTable(markdown: string): string[][] {
  const lines = markdown.split('\n');
  const start = lines.findIndex((line) => /^\|\s*Plan\s*\|/.test(line));
  assert.ok(start >= 0, 'a plans table');
  const rows = [];
  for (const line of lines.slice(start)) {
    if (!line.startsWith('|')) break;
    const cells = line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim());
    if (!cells.every((cell) => /^-+:?$/.test(cell))) rows.push(cells);
  }
  return rows;
}

test('docs/rate-limits.md shows exactly the quotas of the code', () => {
  const docs = readFileSync(new URL('../../docs/rate-limits.md', import.meta.url), 'utf8');
  assert.deepEqual(planTable(docs), planTable(quotaTable()));
});

test('the rate-limit codes are 429s in the catalogue', () => {
  assert.equal(errorCatalogue.rate_limited.status, 429);
  assert.equal(errorCatalogue.api_key_banned.status, 429);
});

test('OpenAPI: the quota table, and on every operation a 429 with Retry-After and the limit headers', async () => {
  const t = await startTestApp(sqlite);
  try {
    const doc = (await t.request({ url: '/v1/openapi.json' })).json();
    assert.ok(doc.info.description.includes(quotaTable()), 'the quotas table in the description');
    const operations = Object.values(
      doc.paths as Record<
        string,
        Record<
          string,
          {
            operationId: string;
            responses: Record<string, { headers?: Record<string, unknown>; description: string }>;
          }
        >
      >,
    ).flatMap((path) => Object.values(path));
    assert.deepEqual(operations.map((op) => op.operationId).sort(), ['createPet', 'getPet', 'listPets']);
    for (const op of operations) {
      const tooMany = op.responses['429'];
      assert.ok(tooMany, `${op.operationId} documents 429`);
      assert.ok(tooMany.headers?.['Retry-After'], `${op.operationId} 429 has Retry-After`);
      assert.match(tooMany.description, /rate_limited.*api_key_banned/s);
      for (const [status, response] of Object.entries(op.responses)) {
        for (const header of [
          'X-RateLimit-Limit',
          'X-RateLimit-Remaining',
          'X-RateLimit-Reset',
          'RateLimit-Policy',
          'RateLimit',
        ])
          assert.ok(response.headers?.[header], `${op.operationId} ${status} documents ${header}`);
      }
    }
  } finally {
    await t.close();
  }
});
