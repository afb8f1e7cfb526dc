// The rate-limit headers on every /v1 response whatever its status, the anonymous budget of client
// addresses, CORS exposure, and limiting turned off.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import {
  clearRedisPrefixes,
  limitHeaders,
  limiterBackends,
  sqlite,
  startLimitedApp,
  type LimitedApp,
} from './setup.js';
import { startTestApp } from '../helpers/test-app.js';

after(() => clearRedisPrefixes());

function assertLimitHeaders(res: LightMyRequestResponse, what: string): void {
  for (const name of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset']) {
    assert.match(String(res.headers[name]), /^\d+$/, `${name} on ${what}`);
  }
  assert.match(String(res.headers['ratelimit-policy']), /^"minute";q=\d+;w=\d+, "day";q=\d+;w=\d+$/, what);
  assert.match(String(res.headers['ratelimit']), /^"minute";r=\d+;t=\d+, "day";r=\d+;t=\d+$/, what);
  const reset = limitHeaders(res).reset;
  const now = Date.now() / 1000;
  assert.ok(reset >= now && reset <= now + 86_401, `X-RateLimit-Reset ${reset} is a Unix time in seconds`);
}

for (const backend of limiterBackends) {
  describe(`rate-limit headers on ${backend.name}`, () => {
    let t: LimitedApp;
    let key: string;
    before(async () => {
      t = await startLimitedApp(backend, { anonymousPerMinute: 3, corsOrigins: 'https://app.example' });
      key = (await t.newKey('enterprise', { perMinute: 8, perDay: 50 })).key;
    });
    after(() => t.close());

    const auth = () => ({ authorization: `Bearer ${key}` });
    const json = { 'content-type': 'application/json' };

    test('every status of every operation carries them, each request counted once', async () => {
      const cases: Array<[string, () => Promise<LightMyRequestResponse>, number]> = [
        ['GET /pets 200', () => t.request({ url: '/v1/pets', headers: auth() }), 200],
        [
          'POST /pets 201',
          () =>
            t.request({
              method: 'POST',
              url: '/v1/pets',
              headers: auth(),
              payload: { name: 'Rex', categoryId: 1 },
            }),
          201,
        ],
        ['GET /pets 400', () => t.request({ url: '/v1/pets?limit=0', headers: auth() }), 400],
        ['GET /pets/{id} 404', () => t.request({ url: '/v1/pets/999999', headers: auth() }), 404],
        ['GET /pets/{id} 400', () => t.request({ url: '/v1/pets/abc', headers: auth() }), 400],
        [
          'POST /pets 413',
          () =>
            t.request({
              method: 'POST',
              url: '/v1/pets',
              headers: { ...auth(), ...json },
              payload: JSON.stringify({ name: 'x'.repeat(20_000), categoryId: 1 }),
            }),
          413,
        ],
        [
          'POST /pets 415',
          () =>
            t.request({
              method: 'POST',
              url: '/v1/pets',
              headers: { ...auth(), 'content-type': 'text/plain' },
              payload: 'x',
            }),
          415,
        ],
        [
          'POST /pets 400 malformed JSON',
          () =>
            t.request({
              method: 'POST',
              url: '/v1/pets',
              headers: { ...auth(), ...json },
              payload: '{"name":',
            }),
          400,
        ],
      ];
      let remaining = 8;
      for (const [what, send, status] of cases) {
        const res = await send();
        assert.equal(res.statusCode, status, what);
        assertLimitHeaders(res, what);
        assert.equal(limitHeaders(res).remaining, --remaining, `${what} counted once`);
      }
      const over = await t.request({ url: '/v1/pets', headers: auth() });
      assert.equal(over.statusCode, 429);
      assertLimitHeaders(over, '429');
      assert.match(String(over.headers['retry-after']), /^[1-9]\d*$/);
      assert.deepEqual(Object.keys(over.json()).sort(), ['code', 'message', 'status']);
      assert.equal(over.json().status, 429);
    });

    test('a deprecated operation keeps its deprecation headers on a 429', async () => {
      const res = await t.request({ url: '/v1/pets/1', headers: auth() });
      assert.equal(res.statusCode, 429);
      assert.equal(res.headers.sunset, 'Thu, 05 Dec 2030 00:00:00 GMT');
    });

    test('browsers may read them: CORS exposes the headers', async () => {
      const res = await t.request({ url: '/v1/pets', headers: { ...auth(), origin: 'https://app.example' } });
      const exposed = String(res.headers['access-control-expose-headers']).toLowerCase();
      for (const name of [
        'x-ratelimit-limit',
        'x-ratelimit-remaining',
        'x-ratelimit-reset',
        'retry-after',
        'ratelimit',
        'ratelimit-policy',
      ])
        assert.ok(exposed.split(/\s*,\s*/).includes(name), `${name} exposed`);
    });

    test('401s carry the anonymous budget of the address; past it, 429 but for a valid key', async () => {
      const from = { remoteAddress: '198.51.100.7' };
      const attempts: Array<Record<string, string>> = [
        {},
        { authorization: 'Bearer pet_live_guess' },
        { authorization: 'Basic abc' },
      ];
      for (const [i, headers] of attempts.entries()) {
        const res = await t.request({ url: '/v1/pets', headers, ...from });
        assert.equal(res.statusCode, 401);
        assertLimitHeaders(res, '401');
        assert.deepEqual([limitHeaders(res).limit, limitHeaders(res).remaining], [3, 2 - i]);
        assert.match(String(res.headers['www-authenticate']), /^Bearer realm="petstore"/);
      }
      const refused = await t.request({
        url: '/v1/pets',
        headers: { authorization: 'Bearer pet_live_guess2' },
        ...from,
      });
      assert.equal(refused.statusCode, 429);
      assert.equal(refused.json().code, 'rate_limited');
      assert.match(refused.json().message, /3 requests per minute window .* without a valid API key/);
      assert.equal(limitHeaders(refused).remaining, 0);
      assert.ok(limitHeaders(refused).retryAfter! >= 1);

      // Many clients may share the address (a NAT): a valid key goes through on its own quota
      // (test/limits/blocked-address.test.ts).
      const fresh = await t.newKey('free');
      const valid = await t.request({
        url: '/v1/pets',
        headers: { authorization: `Bearer ${fresh.key}` },
        ...from,
      });
      assert.equal(valid.statusCode, 200);
      assert.equal(limitHeaders(valid).limit, 60);
      // Other addresses are not affected; an IPv6 /64 is one address.
      const other = await t.request({
        url: '/v1/pets',
        headers: { authorization: `Bearer ${fresh.key}` },
        remoteAddress: '198.51.100.8',
      });
      assert.equal(other.statusCode, 200);
      for (let i = 0; i < 3; i++)
        await t.request({ url: '/v1/pets', remoteAddress: `2001:db8:5:6::${i + 1}` });
      const sameSubnet = await t.request({ url: '/v1/pets', remoteAddress: '2001:db8:5:6:ffff::9' });
      assert.equal(sameSubnet.statusCode, 429);
      assert.equal(
        t.events.filter((e) => e.type === 'rejected' && e.subject === 'address').length >= 2,
        true,
      );
    });
  });
}

describe('behind a trusted proxy', () => {
  test('the anonymous budget is per client address from X-Forwarded-For', async () => {
    const t = await startLimitedApp(limiterBackends[0]!, { anonymousPerMinute: 1, trustProxy: '127.0.0.1' });
    try {
      const from = (client: string) => t.request({ url: '/v1/pets', headers: { 'x-forwarded-for': client } });
      assert.equal((await from('203.0.113.1')).statusCode, 401);
      assert.equal((await from('203.0.113.1')).statusCode, 429);
      assert.equal((await from('203.0.113.2')).statusCode, 401, 'another client behind the same proxy');
    } finally {
      await t.close();
    }
  });
});

describe('limiting turned off', () => {
  test('no rate-limit headers and no 429', async () => {
    const t = await startTestApp(sqlite, { rateLimits: false });
    try {
      const { key } = await t.newKey('enterprise', { perMinute: 1, perDay: 1 });
      for (let i = 0; i < 3; i++) {
        const res = await t.request({ url: '/v1/pets', headers: { authorization: `Bearer ${key}` } });
        assert.equal(res.statusCode, 200);
        assert.equal(res.headers['x-ratelimit-limit'], undefined);
      }
      assert.equal(t.app.rateLimiter, undefined);
    } finally {
      await t.close();
    }
  });
});
