// What every response carries and how the service answers outside the pet operations: unknown routes,
// wrong methods, request ids, secure headers, CORS, health probes and unexpected faults.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { backends } from '../helpers/backends.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

const sqlite = backends[0]!;

describe('routing and headers', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp(sqlite);
  });
  after(() => t.close());

  const routing: Array<[string, string, number, string, string | undefined]> = [
    ['GET', '/v1/unknown', 404, 'route_not_found', undefined],
    ['GET', '/pets', 404, 'route_not_found', undefined],
    ['GET', '/v2/pets', 404, 'route_not_found', undefined],
    ['DELETE', '/v1/pets', 405, 'method_not_allowed', 'GET, POST, HEAD'],
    ['PUT', '/v1/pets', 405, 'method_not_allowed', 'GET, POST, HEAD'],
    ['PUT', '/v1/pets/1', 405, 'method_not_allowed', 'GET, PATCH, DELETE, HEAD'],
    ['POST', '/v1/pets/1', 405, 'method_not_allowed', 'GET, PATCH, DELETE, HEAD'],
    ['OPTIONS', '/v1/pets', 405, 'method_not_allowed', 'GET, POST, HEAD'],
    ['TRACE', '/v1/pets', 405, 'method_not_allowed', 'GET, POST, HEAD'],
    ['PROPFIND', '/v1/pets/1', 405, 'method_not_allowed', 'GET, PATCH, DELETE, HEAD'],
    ['SEARCH', '/v1/store/orders', 405, 'method_not_allowed', 'POST, GET, HEAD'],
    ['PROPFIND', '/v1/unknown', 404, 'route_not_found', undefined],
    ['MKCOL', '/', 404, 'route_not_found', undefined],
  ];
  for (const [method, url, status, code, allow] of routing) {
    test(`${method} ${url} → ${status} ${code}`, async () => {
      const res = await t.request({ method: method as 'GET', url, headers: t.auth });
      assert.equal(res.statusCode, status);
      assert.equal(res.json().code, code);
      assert.equal(res.json().status, status);
      assert.equal(res.headers.allow, allow);
    });
  }

  test('every response carries a request id; a plain one sent by the caller is kept', async () => {
    const generated = await t.request({ url: '/v1/pets', headers: t.auth });
    assert.match(String(generated.headers['x-request-id']), /^[0-9a-f-]{36}$/);
    const kept = await t.request({ url: '/v1/nowhere', headers: { 'x-request-id': 'trace-123.abc' } });
    assert.equal(kept.headers['x-request-id'], 'trace-123.abc');
    const replaced = await t.request({ url: '/v1/pets', headers: { 'x-request-id': 'no spaces <script>' } });
    assert.match(String(replaced.headers['x-request-id']), /^[0-9a-f-]{36}$/);
    const other = await t.request({ url: '/v1/pets', headers: t.auth });
    assert.notEqual(other.headers['x-request-id'], generated.headers['x-request-id']);
  });

  test('secure headers on API responses, and no CORS unless allowed', async () => {
    const res = await t.request({ url: '/v1/pets', headers: { ...t.auth, origin: 'https://evil.example' } });
    assert.equal(res.headers['content-security-policy'], "default-src 'none';frame-ancestors 'none'");
    assert.equal(res.headers['x-content-type-options'], 'nosniff');
    assert.match(String(res.headers['strict-transport-security']), /max-age=/);
    assert.equal(res.headers['access-control-allow-origin'], undefined);
    assert.equal(res.headers['x-powered-by'], undefined);
  });

  test('with CORS off, a preflight is told that cross-origin calls are off and what turns them on', async () => {
    for (const url of ['/v1/pets', '/v1/pets/1', '/v1/unknown']) {
      const res = await t.request({
        method: 'OPTIONS',
        url,
        headers: { origin: 'https://app.example', 'access-control-request-method': 'PATCH' },
      });
      assert.equal(res.statusCode, 403, url);
      assert.equal(res.json().code, 'cors_disabled', url);
      assert.match(res.json().message, /PETSTORE_CORS_ORIGINS/, url);
      assert.equal(res.headers['access-control-allow-origin'], undefined, url);
    }
    // The real request, which a browser would send with its key, is answered as the spec says without one.
    const keyless = await t.request({ url: '/v1/pets', headers: { origin: 'https://app.example' } });
    assert.equal(keyless.statusCode, 401);
    assert.equal(keyless.json().code, 'authentication_required');
  });

  test('HEAD works wherever GET does', async () => {
    const res = await t.request({ method: 'HEAD', url: '/v1/pets', headers: t.auth });
    assert.equal(res.statusCode, 200);
    assert.equal(res.body, '');
  });

  test('GET / and GET /v1 answer an index pointing to the docs and the OpenAPI document, without a key', async () => {
    for (const url of ['/', '/v1']) {
      const res = await t.request({ url });
      assert.equal(res.statusCode, 200, url);
      assert.deepEqual(res.json(), {
        name: 'Pet Adoption Service',
        api: '/v1',
        docs: '/v1/docs',
        openapi: '/v1/openapi.json',
        health: '/healthz',
      });
    }
    assert.equal((await t.request({ url: '/v1/docs' })).statusCode, 200, 'the docs page it points to exists');
  });

  test('health probes need no key', async () => {
    assert.deepEqual((await t.request({ url: '/healthz' })).json(), { status: 'ok' });
    assert.deepEqual((await t.request({ url: '/readyz' })).json(), { status: 'ready' });
  });
});

describe('CORS with an allow-list', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp(sqlite, { corsOrigins: 'https://shelter.example, https://app.example' });
    // One more operation, with a method no other takes: CORS must allow it without being told.
    t.app.put('/v1/cors-probe', { schema: { operationId: 'corsProbe', hide: true } }, async () => ({}));
  });
  after(() => t.close());

  test('an allowed origin may call and read the service headers', async () => {
    const res = await t.request({ url: '/v1/pets', headers: { ...t.auth, origin: 'https://app.example' } });
    assert.equal(res.headers['access-control-allow-origin'], 'https://app.example');
    for (const header of ['X-Request-Id', 'Link', 'X-RateLimit-Remaining', 'Retry-After']) {
      assert.match(String(res.headers['access-control-expose-headers']), new RegExp(header));
    }
  });

  test('a preflight from an allowed origin is answered, including Authorization', async () => {
    const res = await t.request({
      method: 'OPTIONS',
      url: '/v1/pets',
      headers: {
        origin: 'https://shelter.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      },
    });
    assert.equal(res.statusCode, 204);
    assert.equal(res.headers['access-control-allow-origin'], 'https://shelter.example');
    assert.match(String(res.headers['access-control-allow-headers']), /Authorization/);
    // The methods come from the registered operations, not from a list kept by hand.
    const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const documented = Object.values(doc.paths).flatMap((methods) => Object.keys(methods));
    assert.deepEqual(
      String(res.headers['access-control-allow-methods']).split(', ').sort(),
      [...new Set([...documented.map((method) => method.toUpperCase()), 'PUT'])].sort(),
    );
  });

  test('another origin gets no CORS headers', async () => {
    const res = await t.request({ url: '/v1/pets', headers: { ...t.auth, origin: 'https://evil.example' } });
    assert.equal(res.headers['access-control-allow-origin'], undefined);
  });
});

describe('unexpected faults', () => {
  test('a fault is a 500 with a generic message naming the request id, and no internals', async () => {
    const t = await startTestApp(sqlite);
    try {
      t.app.services.pets.list = async () => {
        throw new Error('SQLITE_CORRUPT: secret internals at /srv/data');
      };
      const res = await t.request({ url: '/v1/pets', headers: t.auth });
      assert.equal(res.statusCode, 500);
      assert.deepEqual(Object.keys(res.json()).sort(), ['code', 'message', 'status']);
      assert.equal(res.json().code, 'internal_error');
      assert.ok(res.json().message.includes(String(res.headers['x-request-id'])));
      assert.doesNotMatch(res.body, /SQLITE|secret|\/srv|at /);
    } finally {
      await t.close();
    }
  });

  test('/readyz is 503 with an Error body when the database is gone', async () => {
    const t = await startTestApp(sqlite);
    try {
      t.app.store.ping = async () => {
        throw new Error('database is closed');
      };
      const res = await t.request({ url: '/readyz' });
      assert.equal(res.statusCode, 503);
      assert.equal(res.json().code, 'service_unavailable');
      assert.equal(res.headers['retry-after'], '1');
    } finally {
      await t.close();
    }
  });
});
