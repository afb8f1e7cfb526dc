// Key expiry through HTTP, on an injectable clock: refused at the expiry instant and not a millisecond before,
// and warned of by the API-Key-Expires header from seven days before.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { expiryWarningMs } from '../../src/domain/key-expiry.js';
import { backends } from '../helpers/backends.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

const day = 24 * 60 * 60 * 1000;

for (const backend of backends) {
  describe(`key expiry on ${backend.name}`, () => {
    let t: TestApp;
    let now = Date.parse('2027-01-01T00:00:00Z');
    before(async () => {
      t = await startTestApp(backend, {}, { clock: () => now });
    });
    after(() => t.close());

    test('a key works until its expiry instant, is refused at it, and warns for the last seven days', async () => {
      const expiresAt = now + 30 * day;
      const { id, key } = await t.app.services.apiKeys.create({ name: 'expiring', plan: 'free', expiresAt });
      const get = () => t.request({ url: '/v1/pets', headers: { authorization: `Bearer ${key}` } });
      const iso = new Date(expiresAt).toISOString();

      const early = await get();
      assert.equal(early.statusCode, 200);
      assert.equal(early.headers['api-key-expires'], undefined, 'no warning a month ahead');

      now = expiresAt - expiryWarningMs - 1;
      assert.equal((await get()).headers['api-key-expires'], undefined, 'none a millisecond before the week');
      now = expiresAt - expiryWarningMs;
      assert.equal((await get()).headers['api-key-expires'], iso, 'from seven days before');

      now = expiresAt - 1;
      const last = await get();
      assert.equal(last.statusCode, 200, 'still valid a millisecond before');
      assert.equal(last.headers['api-key-expires'], iso);

      now = expiresAt;
      const expired = await get();
      assert.equal(expired.statusCode, 401);
      assert.deepEqual(expired.json(), {
        code: 'api_key_expired',
        message: `This API key expired at ${iso}`,
        status: 401,
      });
      assert.match(String(expired.headers['www-authenticate']), /error="invalid_token"/);

      await t.app.services.apiKeys.setExpiry(id, null);
      const renewed = await get();
      assert.equal(renewed.statusCode, 200, 'set-expiry never brings it back from the next request');
      assert.equal(renewed.headers['api-key-expires'], undefined);
    });
  });
}
