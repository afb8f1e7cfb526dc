// A Redis outage on a private redis-server: no request fails, limiting goes on in process with this
// instance's share of each quota, and counters go back to Redis on their own once it returns. Also a
// slow Redis (DEBUG SLEEP): calls past the timeout are answered in process.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Redis } from 'ioredis';
import { limitHeaders, sleep, startLimitedApp, type LimitedApp } from './setup.js';
import { privateRedis, type PrivateRedis } from './private-redis.js';

const waitFor = async (what: string, check: () => boolean | Promise<boolean>, timeoutMs = 10_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
};

describe('Redis outage', () => {
  let redis: PrivateRedis;
  let t: LimitedApp;
  let probe: Redis;
  const prefix = 'outage-test';
  before(async () => {
    redis = await privateRedis();
    t = await startLimitedApp(
      { name: 'redis', settings: () => ({ redisUrl: redis.url, redisPrefix: prefix }) },
      { rateLimitInstances: 3, redisTimeoutMs: 300, banThreshold: 1_000_000, logLevel: 'silent' },
    );
    probe = new Redis(redis.url, { maxRetriesPerRequest: 0, retryStrategy: () => 100, lazyConnect: true });
    probe.on('error', () => {});
  });
  after(async () => {
    probe.disconnect();
    await t?.close();
    await redis?.stop();
  });

  test('down: no 5xx, in-process share enforced; back: Redis counts again', async () => {
    const { id, key } = await t.newKey('free');
    for (let i = 0; i < 10; i++) assert.equal((await t.get(key)).statusCode, 200);
    await probe.connect();
    assert.equal(await probe.get(`${prefix}:minute:${id}`), '10', 'counted in Redis');
    probe.disconnect();

    const fallbacksBefore = t.events.filter((e) => e.type === 'fallback').length;
    await redis.stop();
    const during = [];
    for (let i = 0; i < 25; i++) during.push(await t.get(key));
    assert.ok(
      during.every((r) => r.statusCode < 500),
      'no 5xx while Redis is down',
    );
    assert.equal(
      t.events.filter((e) => e.type === 'fallback').length - fallbacksBefore,
      1,
      'one fallback event for the whole outage',
    );
    // In process, each of the 3 instances allows a third of the quota: 20 of the Free minute.
    const allowed = during.filter((r) => r.statusCode === 200);
    assert.equal(allowed.length, 20);
    assert.equal(limitHeaders(allowed[0]!).limit, 20);
    assert.equal(during[20]!.statusCode, 429);
    assert.match(during[20]!.json().message, /share while Redis is unavailable/);

    await redis.start();
    await waitFor('the limiter to use Redis again', () => t.events.some((e) => e.type === 'recovered'));
    const back = await t.get(key);
    assert.equal(back.statusCode, 200);
    assert.equal(limitHeaders(back).limit, 60, 'the whole quota applies again');
    await probe.connect();
    assert.equal(
      await probe.get(`${prefix}:minute:${id}`),
      '1',
      'counted in Redis again (it restarted empty)',
    );
    probe.disconnect();
  });

  test('slow: a call past the timeout is answered in process, in about the timeout', async () => {
    const fallbacksBefore = t.events.filter((e) => e.type === 'fallback').length;
    const { key } = await t.newKey('pro');
    await waitFor('Redis to be in use', async () => limitHeaders(await t.get(key)).limit === 300);
    const admin = new Redis(redis.url);
    const sleeping = admin.call('DEBUG', 'SLEEP', '2');
    await sleep(50);
    const started = Date.now();
    const res = await t.get(key);
    const took = Date.now() - started;
    assert.equal(res.statusCode, 200);
    assert.equal(limitHeaders(res).limit, 100, 'a third of the Pro minute, in process');
    assert.ok(took < 1500, `answered in ${took} ms, not after Redis woke up`);
    assert.equal(t.events.filter((e) => e.type === 'fallback').length, fallbacksBefore + 1);
    await sleeping;
    admin.disconnect();
    await waitFor('Redis to be in use again', async () => limitHeaders(await t.get(key)).limit === 300);
  });
});
