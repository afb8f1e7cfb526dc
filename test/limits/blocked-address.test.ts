// An address that used up its anonymous budget may be a NAT with many clients behind it: a valid key from it
// goes through on its own quota, while anything else gets the anonymous 429, with no lookup unless the key
// passes its checksum, and without being counted again.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { generateApiKey } from '../../src/domain/api-key-format.js';
import {
  clearRedisPrefixes,
  limitHeaders,
  limiterBackends,
  startLimitedApp,
  type LimitedApp,
} from './setup.js';

after(() => clearRedisPrefixes());

for (const backend of limiterBackends) {
  describe(`a blocked address on ${backend.name}`, () => {
    const from = { remoteAddress: '198.51.100.20' };
    let t: LimitedApp;
    let keys: Record<'valid' | 'revoked' | 'expired' | 'banned', string>;
    /** Keys handed to the keys service from the blocked address: only these can cost a database lookup. */
    let lookups = 0;
    let firstRefusal: { retryAfter: number; reset: number };

    before(async () => {
      t = await startLimitedApp(backend, { anonymousPerMinute: 2 });
      const newKey = async () => t.newKey('enterprise', { perMinute: 7, perDay: 100 });
      const valid = await newKey();
      const revoked = await newKey();
      const expired = await newKey();
      const banned = await newKey();
      const apiKeys = t.app.services.apiKeys;
      await apiKeys.revoke(revoked.id);
      await apiKeys.setExpiry(expired.id, Date.now() - 1000);
      await apiKeys.ban(banned.id, { until: Date.now() + 60_000, offences: 1 });
      keys = { valid: valid.key, revoked: revoked.key, expired: expired.key, banned: banned.key };

      const authenticate = apiKeys.authenticate.bind(apiKeys);
      apiKeys.authenticate = (...args) => {
        lookups++;
        return authenticate(...args);
      };
      for (let i = 0; i < 2; i++)
        assert.equal((await t.request({ url: '/v1/pets', ...from })).statusCode, 401);
      const refused = await t.request({ url: '/v1/pets', ...from });
      assert.equal(refused.statusCode, 429);
      const h = limitHeaders(refused);
      firstRefusal = { retryAfter: h.retryAfter!, reset: h.reset };
    });
    after(() => t.close());

    const mistyped = (key: string) => key.slice(0, 12) + (key[12] === 'a' ? 'b' : 'a') + key.slice(13);
    const refusedCases: Array<[string, () => string | undefined, number]> = [
      ['no key', () => undefined, 0],
      ['a Basic scheme', () => 'Basic dXNlcjpwYXNz', 0],
      ['a malformed key', () => 'Bearer pet_live_guess', 0],
      ['a mistyped key (checksum)', () => `Bearer ${mistyped(keys.valid)}`, 0],
      ['a staging key in production', () => `Bearer ${generateApiKey('staging')}`, 0],
      ['the valid key with a trailing word', () => `Bearer ${keys.valid} extra`, 0],
      ['an unknown well-formed key', () => `Bearer ${generateApiKey('production')}`, 1],
      ['a revoked key', () => `Bearer ${keys.revoked}`, 1],
      ['an expired key', () => `Bearer ${keys.expired}`, 1],
    ];
    for (const [what, authorization, looked] of refusedCases) {
      test(`${what}: the anonymous 429, ${looked ? 'after' : 'with no'} lookup`, async () => {
        const rejections = t.events.filter((e) => e.type === 'rejected').length;
        lookups = 0;
        const header = authorization();
        const res = await t.request({
          url: '/v1/pets',
          headers: header === undefined ? {} : { authorization: header },
          ...from,
        });
        assert.equal(res.statusCode, 429);
        assert.equal(res.json().code, 'rate_limited');
        assert.match(
          res.json().message,
          /2 requests per minute window .* from this address without a valid API/,
        );
        assert.equal(res.headers['www-authenticate'], undefined);
        const h = limitHeaders(res);
        assert.deepEqual([h.limit, h.remaining], [2, 0]);
        assert.ok(
          h.retryAfter! >= 1 && h.retryAfter! <= firstRefusal.retryAfter,
          'the block is not extended',
        );
        assert.equal(h.reset, firstRefusal.reset, 'the window resets when it did');
        assert.equal(lookups, looked, 'keys looked up');
        assert.equal(t.events.filter((e) => e.type === 'rejected').length, rejections, 'not counted again');
      });
    }

    test("a valid key goes through, limited only by its own quota and with that quota's headers", async () => {
      for (const remaining of [6, 5]) {
        const res = await t.request({
          url: '/v1/pets',
          headers: { authorization: `Bearer ${keys.valid}` },
          ...from,
        });
        assert.equal(res.statusCode, 200);
        const h = limitHeaders(res);
        assert.deepEqual([h.limit, h.remaining, h.retryAfter], [7, remaining, undefined]);
        assert.match(h.policy, /^"minute";q=7;w=60, "day";q=100;w=86400$/);
      }
      const keyless = await t.request({ url: '/v1/pets', ...from });
      assert.equal(keyless.statusCode, 429, 'the address stays blocked for requests without a valid key');
    });

    test('a banned key gets its own ban, not the address budget', async () => {
      const res = await t.request({
        url: '/v1/pets',
        headers: { authorization: `Bearer ${keys.banned}` },
        ...from,
      });
      assert.equal(res.statusCode, 429);
      assert.equal(res.json().code, 'api_key_banned');
      assert.equal(limitHeaders(res).limit, 7);
    });
  });
}
