// Each plan's minute and day limits through HTTP, on every limiter backend: the requests up to the quota
// succeed with headers that count down truthfully, and the next one gets 429 naming the window.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { planQuotas, type PlanName, type Quota } from '../../src/domain/plans.js';
import {
  clearRedisPrefixes,
  limitHeaders,
  limiterBackends,
  remainingIn,
  sleep,
  startLimitedApp,
  type LimitedApp,
} from './setup.js';

const plans: Array<[PlanName, Quota]> = [
  ['free', planQuotas.free],
  ['pro', planQuotas.pro],
  ['business', planQuotas.business],
  ['enterprise', { perMinute: 7, perDay: 12 }],
];

after(() => clearRedisPrefixes());

for (const backend of limiterBackends) {
  describe(`plan limits on ${backend.name}`, () => {
    let t: LimitedApp;
    // Bans stay out of the way here: they have their own suite.
    before(async () => {
      t = await startLimitedApp(backend, { banThreshold: 1_000_000 });
    });
    after(() => t.close());

    for (const [plan, quota] of plans) {
      test(`${plan}: ${quota.perMinute} per minute, then 429 naming the minute window`, async () => {
        const { key } = await t.newKey(plan, quota);
        for (let i = 1; i <= quota.perMinute; i++) {
          const sent = Date.now();
          const res = await t.get(key);
          assert.equal(res.statusCode, 200, `request ${i}`);
          const h = limitHeaders(res);
          // The minute window binds while it has fewer requests left than the day.
          const binding = quota.perMinute - i <= quota.perDay - i ? quota.perMinute : quota.perDay;
          assert.equal(h.limit, binding, `limit of request ${i}`);
          assert.equal(h.remaining, binding - i, `remaining after request ${i}`);
          if (i === 1) {
            assert.equal(h.policy, `"minute";q=${quota.perMinute};w=60, "day";q=${quota.perDay};w=86400`);
            const [earliest, latest] = [Math.floor(sent / 1000) + 60, Math.ceil(Date.now() / 1000) + 60];
            assert.ok(h.reset >= earliest && h.reset <= latest, `reset ${h.reset} is a minute away`);
          }
        }
        const over = await t.get(key);
        assert.equal(over.statusCode, 429);
        assert.equal(over.json().code, 'rate_limited');
        assert.match(over.json().message, new RegExp(`${quota.perMinute} requests per minute window`));
        const h = limitHeaders(over);
        assert.equal(h.remaining, 0);
        assert.equal(h.limit, quota.perMinute);
        assert.ok(h.retryAfter! >= 1 && h.retryAfter! <= 60, `Retry-After ${h.retryAfter}`);
        assert.ok(Math.abs(h.reset - (Math.floor(Date.now() / 1000) + h.retryAfter!)) <= 1);
        assert.equal(
          remainingIn(over, 'day'),
          quota.perDay - quota.perMinute,
          'the refused request did not drain the day',
        );
      });

      test(`${plan}: ${quota.perDay} per day, then 429 naming the day window`, async () => {
        const { id, key } = await t.newKey(plan, quota);
        // Reaching a day's quota through the minute window takes many minutes: start the key three
        // requests short of it (a counter set through the limiter, as if those requests had been made).
        await t.app.rateLimiter!.setUsage(id, 'day', quota.perDay - 3);
        for (let left = 2; left >= 0; left--) {
          const res = await t.get(key);
          assert.equal(res.statusCode, 200);
          assert.deepEqual([limitHeaders(res).limit, limitHeaders(res).remaining], [quota.perDay, left]);
        }
        const over = await t.get(key);
        assert.equal(over.statusCode, 429);
        assert.match(over.json().message, new RegExp(`${quota.perDay} requests per day window`));
        const h = limitHeaders(over);
        assert.equal(h.limit, quota.perDay);
        assert.equal(h.remaining, 0);
        assert.ok(h.retryAfter! > 86_000 && h.retryAfter! <= 86_400, `Retry-After ${h.retryAfter}`);
        assert.equal(
          remainingIn(over, 'minute'),
          quota.perMinute - 3,
          'the refused request did not drain the minute',
        );
      });
    }
  });

  describe(`truthful Retry-After on ${backend.name}`, () => {
    test('a retry before Retry-After is refused; one right after it succeeds', async () => {
      const t = await startLimitedApp(backend, { minuteWindowSeconds: 1, dayWindowSeconds: 30 });
      try {
        const { key } = await t.newKey('enterprise', { perMinute: 2, perDay: 100 });
        await t.get(key);
        await t.get(key);
        const over = await t.get(key);
        assert.equal(over.statusCode, 429);
        const { retryAfter } = limitHeaders(over);
        assert.equal(retryAfter, 1);
        assert.equal((await t.get(key)).statusCode, 429, 'a retry before Retry-After is refused');
        await sleep(retryAfter * 1000 + 20);
        const retried = await t.get(key);
        assert.equal(retried.statusCode, 200, 'a single retry after Retry-After succeeds');
        assert.equal(limitHeaders(retried).remaining, 1);
        assert.equal(remainingIn(retried, 'day'), 97, 'the refused requests did not count in the day');
      } finally {
        await t.close();
      }
    });
  });
}
