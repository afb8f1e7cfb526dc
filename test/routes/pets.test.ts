// The three pet operations through HTTP, on every backend: statuses, bodies, headers and what gets stored.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { backends } from '../helpers/backends.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

for (const backend of backends) {
  describe(`pets on ${backend.name}`, () => {
    let t: TestApp;
    before(async () => {
      t = await startTestApp(backend);
    });
    after(() => t.close());

    const create = (payload: unknown, headers: Record<string, string> = {}) =>
      t.request({
        method: 'POST',
        url: '/v1/pets',
        headers: { ...t.auth, ...headers },
        payload: payload as object,
      });

    test('POST creates a pet: 201, Location, default status, trimmed name', async () => {
      const res = await create({ name: '  Rex  ', categoryId: 7 });
      assert.equal(res.statusCode, 201);
      const pet = res.json();
      const { id, name, categoryId, status } = pet;
      assert.deepEqual(
        { id, name, categoryId, status },
        { id, name: 'Rex', categoryId: 7, status: 'available' },
      );
      assert.equal(res.headers.location, `/v1/pets/${pet.id}`);
      const fetched = await t.request({ url: `/v1/pets/${pet.id}`, headers: t.auth });
      assert.deepEqual(fetched.json(), pet);
    });

    test('ids are assigned by the database and increase', async () => {
      const a = (await create({ name: 'a', categoryId: 1 })).json();
      const b = (await create({ name: 'b', categoryId: 1, status: 'sold' })).json();
      assert.ok(b.id > a.id);
      assert.equal(b.status, 'sold');
    });

    test('the largest exact integer is accepted as categoryId', async () => {
      const res = await create({ name: 'big', categoryId: Number.MAX_SAFE_INTEGER });
      assert.equal(res.statusCode, 201);
      assert.equal(res.json().categoryId, Number.MAX_SAFE_INTEGER);
    });

    const rejected: Array<[string, unknown, RegExp]> = [
      ['missing name', { categoryId: 1 }, /name is required/],
      ['missing categoryId', { name: 'x' }, /categoryId is required/],
      ['empty name', { name: '', categoryId: 1 }, /name must be at least 1 character/],
      ['blank name (trimmed to empty)', { name: '   ', categoryId: 1 }, /name must be at least 1 character/],
      [
        'name over 100 characters',
        { name: 'x'.repeat(101), categoryId: 1 },
        /name must be at most 100 characters/,
      ],
      [
        'control character in name',
        { name: 'a\u0000b', categoryId: 1 },
        /name must not contain control characters/,
      ],
      ['name not a string', { name: 5, categoryId: 1 }, /name must be a string/],
      ['categoryId as a string', { name: 'x', categoryId: '5' }, /categoryId must be an integer/],
      ['categoryId fractional', { name: 'x', categoryId: 1.5 }, /categoryId must be an integer/],
      ['categoryId zero', { name: 'x', categoryId: 0 }, /categoryId must be at least 1/],
      [
        'categoryId beyond 2^53-1',
        { name: 'x', categoryId: 2 ** 53 },
        /at most 9007199254740991 .*held exactly/,
      ],
      [
        'unknown status',
        { name: 'x', categoryId: 1, status: 'lost' },
        /status must be one of available, pending, sold/,
      ],
      [
        'unknown fields',
        { name: 'x', categoryId: 1, colour: 'red', weight: 3 },
        /unknown field 'colour'; unknown field 'weight'/,
      ],
      ['an array body', [{ name: 'x', categoryId: 1 }], /request body must be a JSON object/],
      ['id set by the client', { id: 5, name: 'x', categoryId: 1 }, /unknown field 'id'/],
    ];
    for (const [what, payload, message] of rejected) {
      test(`POST rejects ${what} with 400 validation_failed and writes nothing`, async () => {
        const before = (await t.request({ url: '/v1/pets?limit=100', headers: t.auth })).json().length;
        const res = await create(payload);
        assert.equal(res.statusCode, 400);
        assert.equal(res.json().code, 'validation_failed');
        assert.equal(res.json().status, 400);
        assert.match(res.json().message, message);
        const after = (await t.request({ url: '/v1/pets?limit=100', headers: t.auth })).json().length;
        assert.equal(after, before);
      });
    }

    test('a categoryId beyond 2^53 in the raw JSON text is rejected, not rounded', async () => {
      const res = await create('{"name":"x","categoryId":9007199254740993}', {
        'content-type': 'application/json',
      });
      assert.equal(res.statusCode, 400);
      assert.match(res.json().message, /categoryId must be at most 9007199254740991/);
    });

    const badBodies: Array<[string, string, Record<string, string>, number, string]> = [
      ['malformed JSON', '{"name":', { 'content-type': 'application/json' }, 400, 'malformed_json'],
      ['an empty JSON body', '', { 'content-type': 'application/json' }, 400, 'malformed_json'],
      [
        'prototype poisoning',
        '{"__proto__":{"x":1},"name":"a","categoryId":1}',
        { 'content-type': 'application/json' },
        400,
        'malformed_json',
      ],
      ['text/plain', 'hello', { 'content-type': 'text/plain' }, 415, 'unsupported_media_type'],
      [
        'a form',
        'name=x',
        { 'content-type': 'application/x-www-form-urlencoded' },
        415,
        'unsupported_media_type',
      ],
      [
        'a body over 16 KiB',
        JSON.stringify({ name: 'x'.repeat(17000), categoryId: 1 }),
        { 'content-type': 'application/json' },
        413,
        'payload_too_large',
      ],
    ];
    for (const [what, payload, headers, status, code] of badBodies) {
      test(`POST with ${what} gets ${status} ${code}`, async () => {
        const res = await create(payload, headers);
        assert.equal(res.statusCode, status);
        assert.match(String(res.headers['content-type']), /^application\/json/);
        assert.deepEqual(Object.keys(res.json()).sort(), ['code', 'message', 'status']);
        assert.equal(res.json().code, code);
        assert.equal(res.json().status, status);
      });
    }

    test('GET /pets/{petId}: 404 for a missing pet, 400 for a bad id, deprecation headers on each', async () => {
      const cases: Array<[string, number, string | undefined]> = [
        ['/v1/pets/999999', 404, 'pet_not_found'],
        ['/v1/pets/abc', 400, 'validation_failed'],
        ['/v1/pets/0', 400, 'validation_failed'],
        ['/v1/pets/-3', 400, 'validation_failed'],
        ['/v1/pets/9007199254740992', 400, 'validation_failed'],
        // Refused by the router, before any route is found: the path is still getPet's.
        ['/v1/pets/%E0%A4%A', 400, 'bad_request'],
        [`/v1/pets/${'1'.repeat(600)}`, 414, 'uri_too_long'],
      ];
      for (const [url, status, code] of cases) {
        const res = await t.request({ url, headers: t.auth });
        assert.equal(res.statusCode, status, url);
        assert.equal(res.json().code, code, url);
        assert.equal(res.headers.deprecation, '@1767225600', url);
        assert.equal(res.headers.sunset, 'Thu, 05 Dec 2030 00:00:00 GMT', url);
        assert.match(String(res.headers.link), /rel="deprecation"/, url);
      }
      const unauthenticated = await t.request({ url: '/v1/pets/1' });
      assert.equal(unauthenticated.statusCode, 401);
      assert.equal(unauthenticated.headers.sunset, 'Thu, 05 Dec 2030 00:00:00 GMT');
      // The path is deprecated, not only its GET: a method it does not take says so too.
      const otherMethod = await t.request({ method: 'PUT', url: '/v1/pets/1', headers: t.auth });
      assert.equal(otherMethod.statusCode, 405);
      assert.equal(otherMethod.headers.sunset, 'Thu, 05 Dec 2030 00:00:00 GMT');
      // Other paths are not deprecated, even when the router refuses them.
      const orders = await t.request({ url: `/v1/store/orders/${'1'.repeat(600)}`, headers: t.auth });
      assert.equal(orders.statusCode, 414);
      assert.equal(orders.headers.sunset, undefined);
    });
  });
}
