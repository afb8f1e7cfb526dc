// Concurrency on a fresh key, and temporary bans of keys that go on after 429s, on every limiter backend.
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { clearRedisPrefixes, limitHeaders, limiterBackends, remainingIn, startLimitedApp } from './setup.js';
import { backends } from '../helpers/backends.js';

after(() => clearRedisPrefixes());

for (const backend of limiterBackends) {
  describe(`concurrency on ${backend.name}`, () => {
    test('100 simultaneous requests on a fresh Free key: exactly 60 succeed, the day counts 60', async () => {
      const t = await startLimitedApp(backend, { banThreshold: 1_000_000 });
      try {
        const { key } = await t.newKey('free');
        const results = await Promise.all(Array.from({ length: 100 }, () => t.get(key)));
        const statuses = results.map((r) => r.statusCode);
        assert.equal(statuses.filter((s) => s === 200).length, 60);
        assert.equal(statuses.filter((s) => s === 429).length, 40);
        const remaining = results.filter((r) => r.statusCode === 200).map((r) => limitHeaders(r).remaining);
        assert.deepEqual(
          remaining.sort((a, b) => a - b),
          Array.from({ length: 60 }, (_, i) => i),
        );
        const next = await t.get(key);
        assert.equal(remainingIn(next, 'day'), 940, 'refused requests were taken back from the day');
      } finally {
        await t.close();
      }
    });
  });

  for (const db of backends) {
    describe(`bans on ${backend.name} and ${db.name}`, () => {
      test('the threshold-th rejected request bans the key; bans double; unban lifts them', async () => {
        // Bans are timed by the app's clock, which the test moves on instead of waiting.
        let now = Date.now();
        const t = await startLimitedApp(
          backend,
          { banThreshold: 3, banWindowSeconds: 60, banSeconds: 120, banMaxSeconds: 3600 },
          { db, clock: () => now },
        );
        try {
          const { id, key } = await t.newKey('enterprise', { perMinute: 2, perDay: 100 });
          const codes = [];
          for (let i = 0; i < 5; i++) {
            const res = await t.get(key);
            codes.push(res.statusCode === 200 ? 200 : res.json().code);
          }
          assert.deepEqual(codes, [200, 200, 'rate_limited', 'rate_limited', 'api_key_banned']);
          const banned = t.events.filter((e) => e.type === 'banned');
          assert.equal(banned.length, 1);

          const usedBefore = (await t.app.services.keyLimits.show(id)).usage![0]!.used;
          const during = await t.get(key);
          assert.equal(during.statusCode, 429);
          assert.equal(during.json().code, 'api_key_banned');
          assert.match(during.json().message, /banned until \d{4}-\d\d-\d\dT.*Z/);
          const h = limitHeaders(during);
          assert.equal(h.retryAfter, 120, "Retry-After runs to the ban's end");
          assert.equal(h.remaining, 0);
          let status = await t.app.services.keyLimits.show(id);
          assert.equal(status.banned, true);
          assert.equal(status.key.banOffences, 1);
          assert.equal(status.usage![0]!.used, usedBefore, 'a banned request touches no counter');

          now += 121_000;
          // Still over the minute window: three more refusals make a second ban, twice as long.
          const again = [];
          for (let i = 0; i < 3; i++) again.push((await t.get(key)).json().code);
          assert.deepEqual(again, ['rate_limited', 'rate_limited', 'api_key_banned']);
          const second = await t.get(key);
          assert.equal(limitHeaders(second).retryAfter, 240, 'the second ban lasts twice as long');
          status = await t.app.services.keyLimits.show(id);
          assert.equal(status.key.banOffences, 2);

          const { wasBanned } = await t.app.services.keyLimits.unban(id);
          assert.equal(wasBanned, true);
          const lifted = await t.get(key);
          assert.equal(
            lifted.json().code,
            'rate_limited',
            'unbanned at once; the minute window still applies',
          );
          assert.equal((await t.app.services.keyLimits.show(id)).key.banOffences, 0);
        } finally {
          await t.close();
        }
      });

      test('only rejected requests count towards a ban', async () => {
        const t = await startLimitedApp(backend, { banThreshold: 3 }, { db });
        try {
          const { key } = await t.newKey('enterprise', { perMinute: 50, perDay: 100 });
          for (let i = 0; i < 50; i++) assert.equal((await t.get(key)).statusCode, 200);
          assert.equal((await t.get(key)).json().code, 'rate_limited');
          assert.equal(t.events.filter((e) => e.type === 'banned').length, 0);
        } finally {
          await t.close();
        }
      });
    });
  }
}
