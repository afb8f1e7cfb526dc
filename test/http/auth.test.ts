// Bearer authentication of every /v1 operation: what is refused, how, and what is recorded.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { generateApiKey } from '../../src/domain/api-key-format.js';
import { backends } from '../helpers/backends.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

const operations = [
  { method: 'GET', url: '/v1/pets' },
  { method: 'POST', url: '/v1/pets', payload: { name: 'x', categoryId: 1 } },
  { method: 'GET', url: '/v1/pets/1' },
] as const;

for (const backend of backends) {
  describe(`authentication on ${backend.name}`, () => {
    let t: TestApp;
    let revoked: string;
    before(async () => {
      // Many requests without a valid key from one address: more than the anonymous rate-limit budget.
      t = await startTestApp(backend, { anonymousPerMinute: 1000 });
      const { id, key } = await t.newKey('free');
      await t.app.services.apiKeys.revoke(id);
      revoked = key;
    });
    after(() => t.close());

    const valid = () => t.key;
    const mistyped = () => t.key.slice(0, 12) + (t.key[12] === 'a' ? 'b' : 'a') + t.key.slice(13);
    const cases: Array<[string, () => Record<string, string>, string, RegExp]> = [
      ['no Authorization header', () => ({}), 'authentication_required', /Authorization: Bearer/],
      [
        'a Basic scheme',
        () => ({ authorization: 'Basic dXNlcjpwYXNz' }),
        'authentication_required',
        /form `Bearer/,
      ],
      ['Bearer with no key', () => ({ authorization: 'Bearer ' }), 'authentication_required', /form `Bearer/],
      ['a malformed key', () => ({ authorization: 'Bearer hello' }), 'invalid_api_key', /malformed/],
      [
        'a mistyped key (checksum)',
        () => ({ authorization: `Bearer ${mistyped()}` }),
        'invalid_api_key',
        /checksum/,
      ],
      [
        'an unknown well-formed key',
        () => ({ authorization: `Bearer ${generateApiKey('production')}` }),
        'invalid_api_key',
        /not recognised/,
      ],
      ['a revoked key', () => ({ authorization: `Bearer ${revoked}` }), 'api_key_revoked', /revoked/],
      [
        'a staging key in production',
        () => ({ authorization: `Bearer ${generateApiKey('staging')}` }),
        'api_key_wrong_environment',
        /staging key \(pet_test_\)/,
      ],
      [
        'the key with a trailing word',
        () => ({ authorization: `Bearer ${valid()} extra` }),
        'authentication_required',
        /form `Bearer/,
      ],
    ];
    for (const operation of operations) {
      for (const [what, headers, code, message] of cases) {
        test(`${operation.method} ${operation.url} with ${what}: 401 ${code}`, async () => {
          const res = await t.request({ ...operation, headers: headers() });
          assert.equal(res.statusCode, 401);
          assert.match(String(res.headers['www-authenticate']), /^Bearer realm="petstore"/);
          assert.deepEqual(res.json(), { code, message: res.json().message, status: 401 });
          assert.match(res.json().message, message);
        });
      }
    }

    test('the scheme name is case-insensitive', async () => {
      const res = await t.request({ url: '/v1/pets', headers: { authorization: `bearer ${t.key}` } });
      assert.equal(res.statusCode, 200);
    });

    test('a refused request writes nothing', async () => {
      const before = (await t.request({ url: '/v1/pets?limit=100', headers: t.auth })).json().length;
      await t.request({ method: 'POST', url: '/v1/pets', payload: { name: 'x', categoryId: 1 } });
      await t.request({
        method: 'POST',
        url: '/v1/pets',
        headers: { authorization: `Bearer ${revoked}` },
        payload: { name: 'x', categoryId: 1 },
      });
      const after = (await t.request({ url: '/v1/pets?limit=100', headers: t.auth })).json().length;
      assert.equal(after, before);
    });

    test('a key records when it was last used; its secret is stored only as a hash', async () => {
      const { id, key } = await t.newKey('pro');
      assert.equal((await t.app.services.apiKeys.get(id)).lastUsedAt, null);
      await t.request({ url: '/v1/pets', headers: { authorization: `Bearer ${key}` } });
      assert.notEqual((await t.app.services.apiKeys.get(id)).lastUsedAt, null);
      const rows = await t.app.store.db.selectFrom('api_keys').selectAll().execute();
      assert.ok(rows.every((row) => !Object.values(row).includes(key)));
    });
  });
}

describe('deployments', () => {
  test('a production key presented to staging is refused with a message that says so', async () => {
    const t = await startTestApp(backends[0]!, { env: 'staging' });
    try {
      assert.match(t.key, /^pet_test_/);
      const ok = await t.request({ url: '/v1/pets', headers: t.auth });
      assert.equal(ok.statusCode, 200);
      const res = await t.request({
        url: '/v1/pets',
        headers: { authorization: `Bearer ${generateApiKey('production')}` },
      });
      assert.equal(res.statusCode, 401);
      assert.equal(res.json().code, 'api_key_wrong_environment');
      assert.match(res.json().message, /production key \(pet_live_\); this is the staging deployment/);
    } finally {
      await t.close();
    }
  });
});
