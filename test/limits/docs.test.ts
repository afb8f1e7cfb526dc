// The quotas table in code feeds the OpenAPI document (docs/rate-limits.md is checked with the other
// generated tables); every operation documents its 429 and the rate-limit headers.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { operationScopes } from '../../src/domain/scopes.js';
import { errorCatalogue } from '../../src/errors/catalogue.js';
import { quotaTable } from '../../src/limits/quota-table.js';
import { sqlite } from './setup.js';
import { startTestApp } from '../helpers/test-app.js';

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
            security?: unknown[];
            responses: Record<string, { headers?: Record<string, unknown>; description: string }>;
          }
        >
      >,
    ).flatMap((path) => Object.values(path));
    // Every operation the scope table names is served and documented here, and the photo downloads, which
    // need no key: their budget is per address, so they are never refused for a key's ban.
    const keyed = operations.filter((op) => op.security?.length !== 0);
    assert.deepEqual(keyed.map((op) => op.operationId).sort(), Object.keys(operationScopes).sort());
    for (const op of operations) {
      const tooMany = op.responses['429'];
      assert.ok(tooMany, `${op.operationId} documents 429`);
      assert.ok(tooMany.headers?.['Retry-After'], `${op.operationId} 429 has Retry-After`);
      assert.match(
        tooMany.description,
        keyed.includes(op) ? /rate_limited.*api_key_banned/s : /rate_limited/,
      );
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
