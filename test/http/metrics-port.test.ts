// The metrics port answers as the API's port does: every response, its 404s, the router's own errors and
// what Node's HTTP parser refuses included, carries X-Request-Id and the secure headers, and errors are
// catalogue bodies.
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, describe, test } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { buildMetricsApp } from '../../src/http/metrics-app.js';
import { secureHeaders } from '../../src/http/security.js';
import { assertRawCatalogueError, rawExchange } from '../helpers/raw-http.js';

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

  test("what Node's parser refuses is a catalogue Error too", async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const request = `GET /metrics HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`;
    assertRawCatalogueError(await rawExchange(port, request), 431, 'headers_too_large', 'oversized headers');
  });
});
