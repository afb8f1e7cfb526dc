// The metrics port answers as the API's port does: every response, its 404s and the router's own errors
// included, carries X-Request-Id and the secure headers, and errors are catalogue bodies.
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { buildMetricsApp } from '../../src/metrics/metrics-app.js';
import { secureHeaders } from '../../src/http/security.js';

function assertStandardHeaders(res: LightMyRequestResponse, what: string): void {
  assert.match(String(res.headers['x-request-id']), /\S/, `X-Request-Id on ${what}`);
  for (const [name, value] of Object.entries(secureHeaders))
    assert.equal(res.headers[name], value, `${name} on ${what}`);
}

describe('the metrics port', () => {
  const app = buildMetricsApp({ contentType: 'text/plain', metrics: async () => 'up 1\n' }, 'silent');
  after(() => app.close());

  test('a 404 carries X-Request-Id and the secure headers', async () => {
    const res = await app.inject({ url: '/nope', headers: { 'x-request-id': 'scrape-42' } });
    assert.equal(res.statusCode, 404);
    assert.equal(res.json().code, 'route_not_found');
    assertStandardHeaders(res, '404');
    assert.equal(res.headers['x-request-id'], 'scrape-42', "the caller's own id is kept");
  });

  test('a scrape and a router error carry them too', async () => {
    const scrape = await app.inject({ url: '/metrics' });
    assert.equal(scrape.statusCode, 200);
    assertStandardHeaders(scrape, 'a scrape');
    const bad = await app.inject({ url: '/metrics/%FF' });
    assert.equal(bad.json().code, 'bad_request');
    assertStandardHeaders(bad, 'a router error');
  });
});
