// Every answer the service gives is a catalogue Error: the router's own errors (bad percent-encoding, an
// over-long path parameter), unknown /v1 routes and wrong methods, numbers in odd notations, a trailing
// slash, repeated and unknown query parameters. Each /v1 answer carries X-Request-Id and, once a key is
// identified, the rate-limit headers.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { errorCatalogue } from '../../src/errors/catalogue.js';
import { backends } from '../helpers/backends.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

function assertCatalogueError(res: LightMyRequestResponse, status: number, code: string, what: string): void {
  assert.equal(res.statusCode, status, `${what}: ${res.body}`);
  const body = res.json() as { code: string; message: string; status: number };
  assert.deepEqual(Object.keys(body).sort(), ['code', 'message', 'status'], what);
  assert.equal(body.code, code, what);
  assert.equal(body.status, status, what);
  assert.ok(code in errorCatalogue, what);
  assert.match(String(res.headers['x-request-id']), /\S/, `X-Request-Id on ${what}`);
  assert.match(String(res.headers['content-type']), /^application\/json/, what);
}

function assertKeyCounted(res: LightMyRequestResponse, what: string): void {
  for (const name of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset']) {
    assert.match(String(res.headers[name]), /^\d+$/, `${name} on ${what}`);
  }
}

for (const backend of backends) {
  describe(`the error contract on ${backend.name}`, () => {
    let t: TestApp;
    before(async () => {
      t = await startTestApp(backend, { rateLimits: true });
    });
    after(() => t.close());

    const get = (url: string, headers: Record<string, string> = t.auth) => t.request({ url, headers });

    test('malformed URLs are 400 bad_request, authenticated and counted, the path not echoed', async () => {
      for (const [method, url] of [
        ['GET', '/v1/pets/%FF'],
        ['GET', '/v1/pets/%zz'],
        ['GET', '/v1/%ff%fe'],
        ['POST', '/v1/pets/%'],
      ] as const) {
        const res = await t.request({ method, url, headers: t.auth });
        assertCatalogueError(res, 400, 'bad_request', `${method} ${url}`);
        assertKeyCounted(res, url);
        assert.doesNotMatch(res.body, /FST_|%ff|%FF|%zz/, url);
      }
      // Without a key, the request is refused as every /v1 request is, and counted against the address.
      const anonymous = await get('/v1/pets/%FF', {});
      assertCatalogueError(anonymous, 401, 'authentication_required', 'bad URL without a key');
      assertKeyCounted(anonymous, 'bad URL without a key');
    });

    test('a path parameter over the router limit is 414 uri_too_long, without echoing the path', async () => {
      const long = '9'.repeat(5000);
      const res = await get(`/v1/pets/${long}`);
      assertCatalogueError(res, 414, 'uri_too_long', 'long petId');
      assertKeyCounted(res, 'long petId');
      assert.ok(res.body.length < 200, 'the path is not echoed');
      assert.ok(!res.body.includes('9999999999'), 'the path is not echoed');
    });

    test('numbers must be plain decimal integers: huge, infinite, hexadecimal, exponent and zero-led forms are 400', async () => {
      for (const value of [
        '1e309',
        '-1e309',
        'Infinity',
        '-Infinity',
        'NaN',
        '0x10',
        '1e1',
        '20.0',
        '+5',
        ' 5',
        '010',
        '00',
        '-0',
      ]) {
        const res = await get(`/v1/pets?limit=${encodeURIComponent(value)}`);
        assertCatalogueError(res, 400, 'validation_failed', `limit=${value}`);
        assert.match(
          res.json().message,
          /limit must be an integer in plain decimal digits/,
          `limit=${value}`,
        );
        const byId = await get(`/v1/pets/${encodeURIComponent(value)}`);
        assertCatalogueError(byId, 400, 'validation_failed', `petId=${value}`);
      }
      assert.equal((await get('/v1/pets?limit=20')).statusCode, 200);
      const huge = await get(`/v1/pets?limit=${'9'.repeat(400)}`);
      assertCatalogueError(huge, 400, 'validation_failed', 'limit with 400 digits');
      // The range said is the parameter's own, not that of every integer.
      assert.match(huge.json().message, /limit must be between 1 and 100/);
      const hugeId = await get('/v1/pets/9007199254740992');
      assert.match(hugeId.json().message, /petId must be between 1 and 9007199254740991/);
    });

    test('unknown /v1 routes and wrong methods are authenticated and carry the rate-limit headers', async () => {
      const missing = await get('/v1/nothing-here');
      assertCatalogueError(missing, 404, 'route_not_found', 'unknown /v1 route');
      assertKeyCounted(missing, 'unknown /v1 route');
      const wrong = await t.request({ method: 'DELETE', url: '/v1/pets', headers: t.auth });
      assertCatalogueError(wrong, 405, 'method_not_allowed', 'DELETE /v1/pets');
      assertKeyCounted(wrong, 'DELETE /v1/pets');
      assert.equal(wrong.headers['allow'], 'GET, POST, HEAD');
      const before = Number(missing.headers['x-ratelimit-remaining']);
      const again = await get('/v1/nothing-here');
      assert.equal(Number(again.headers['x-ratelimit-remaining']), before - 2, 'each counted once');
      // Without a key, an unknown /v1 path is a 401 like any /v1 request: a scan learns nothing of the routes.
      assertCatalogueError(await get('/v1/nothing-here', {}), 401, 'authentication_required', 'no key');
      const longPath = await get(`/v1/${'x'.repeat(3000)}`);
      assertCatalogueError(longPath, 404, 'route_not_found', 'long unknown path');
      assert.ok(longPath.body.length < 300, 'a long unknown path is not echoed whole');
    });

    test('an unknown route or a wrong method is said before the body is read, whatever the body', async () => {
      const sending = (
        method: 'POST' | 'PUT',
        url: string,
        payload: string,
        headers: Record<string, string> = t.auth,
      ) => t.request({ method, url, headers: { ...headers, 'content-type': 'application/json' }, payload });
      for (const payload of ['{bad', '']) {
        assertCatalogueError(
          await sending('POST', '/v1/nope', payload),
          404,
          'route_not_found',
          'POST /v1/nope',
        );
        const wrongMethod = await sending('PUT', '/v1/pets/1', payload);
        assertCatalogueError(wrongMethod, 405, 'method_not_allowed', 'PUT /v1/pets/1');
        assert.equal(wrongMethod.headers['allow'], 'GET, PATCH, DELETE, HEAD');
      }
      // Without a key, still 401 first: a scan learns nothing of the routes.
      assertCatalogueError(
        await sending('POST', '/v1/nope', '{bad', {}),
        401,
        'authentication_required',
        'no key',
      );
    });

    test('GET /v1/pets/ (trailing slash) is no route, rather than a petId error', async () => {
      const res = await get('/v1/pets/');
      assertCatalogueError(res, 404, 'route_not_found', 'GET /v1/pets/');
      assert.match(res.json().message, /trailing slash/);
      assertKeyCounted(res, 'GET /v1/pets/');
    });

    test('validation messages: said once, repeated parameters named, trimming explained', async () => {
      const post = (payload: object, url = '/v1/pets') =>
        t.request({ method: 'POST', url, headers: t.auth, payload });
      const fraction = await post({ name: 'Rex', categoryId: 1.5 });
      assert.equal(fraction.json().message, 'Invalid request: categoryId must be an integer');
      const repeated = await get('/v1/pets?status=sold&status=pending');
      assertCatalogueError(repeated, 400, 'validation_failed', 'repeated status');
      assert.match(repeated.json().message, /status is given more than once/);
      const blank = await post({ name: '   ', categoryId: 1 });
      assert.match(
        blank.json().message,
        /name must be at least 1 character long once surrounding white space is removed/,
      );
    });

    test('unknown query parameters are refused on every operation, and create nothing', async () => {
      const before = (await get('/v1/pets?limit=100')).json().length;
      for (const res of [
        await get('/v1/pets?colour=red'),
        await get('/v1/pets/1?colour=red'),
        await t.request({
          method: 'POST',
          url: '/v1/pets?colour=red',
          headers: t.auth,
          payload: { name: 'Rex', categoryId: 1 },
        }),
      ]) {
        assertCatalogueError(res, 400, 'validation_failed', 'unknown query parameter');
        assert.match(res.json().message, /unknown query parameter 'colour'/);
      }
      assert.equal((await get('/v1/pets?limit=100')).json().length, before, 'nothing was created');
    });

    test('a small request never makes a large error: long names are cut, and five problems listed', async () => {
      const longName = await get(`/v1/pets?${'p'.repeat(5000)}=1`);
      assertCatalogueError(longName, 400, 'validation_failed', 'a long unknown parameter');
      assert.match(longName.json().message, /unknown query parameter 'p{50}…'$/);
      const many = Array.from({ length: 1500 }, (_, i) => `u${i}=1`).join('&');
      const manyUnknown = await get(`/v1/pets?${many}`);
      assertCatalogueError(manyUnknown, 400, 'validation_failed', 'many unknown parameters');
      assert.match(manyUnknown.json().message, /unknown query parameter 'u4'; and 1495 more$/);
      assert.ok(manyUnknown.body.length < 400, `a ${manyUnknown.body.length}-byte answer`);
    });
  });
}
