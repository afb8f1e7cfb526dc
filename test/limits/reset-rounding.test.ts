// A client that waits until X-RateLimit-Reset, and no longer, is served: the header is rounded up, never
// down, so that wait is neither refused nor counted towards a ban. The windows last one real second and
// the clock is set so that each request lands just after a whole second, where rounding down would
// announce a reset up to a second before the window ends.
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, describe, test } from 'node:test';
import { clearRedisPrefixes, limitHeaders, limiterBackends, startLimitedApp } from './setup.js';

after(() => clearRedisPrefixes());

for (const backend of limiterBackends) {
  describe(`X-RateLimit-Reset on ${backend.name}`, () => {
    test('waiting until the announced reset, and no longer, is served and not counted towards a ban', async () => {
      let offset = 0;
      const clock = () => Date.now() + offset;
      const t = await startLimitedApp(
        backend,
        { minuteWindowSeconds: 1, banThreshold: 2, banWindowSeconds: 60 },
        { clock },
      );
      try {
        const { id, key } = await t.newKey('enterprise', { perMinute: 1, perDay: 1000 });
        await t.app.ready();
        // Set only now that the app is up and the key exists, so that the service's clock reads one
        // millisecond past a whole second at the first request, not a startup's time later.
        offset = 1001 - (Date.now() % 1000);
        assert.equal((await t.get(key)).statusCode, 200);
        const refused = await t.get(key);
        assert.equal(refused.statusCode, 429, 'the second request of the window is refused');
        const { reset } = limitHeaders(refused);
        // The client waits, on the same clock, until the reset it was told, and not a millisecond more.
        while (clock() < reset * 1000) await sleep(Math.min(50, reset * 1000 - clock()));
        const retried = await t.get(key);
        assert.equal(retried.statusCode, 200, `served at X-RateLimit-Reset: ${retried.body}`);
        const info = await t.app.services.apiKeys.get(id);
        assert.equal(info.bannedUntil, null, 'the wait did not count towards a ban');
      } finally {
        await t.close();
      }
    });
  });
}
