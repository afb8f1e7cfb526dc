// A request reads the data version once, however many caches it consults (its key record, then the page or
// the inventory): on SQLite one `data_version` pragma per cached request; with Redis, in the round trip that
// counts the request against its key's quota.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Redis } from 'ioredis';
import { buildApp } from '../../src/app.js';
import { createServices } from '../../src/services/index.js';
import { openStore } from '../../src/store/open-store.js';
import { backends, redisUrl } from '../helpers/backends.js';
import { startTestApp } from '../helpers/test-app.js';
import { privateRedis } from '../limits/private-redis.js';

test('a cached GET reads the version once for its key and its page', async () => {
  const t = await startTestApp(backends[0]!);
  const store = await openStore(t.config);
  let reads = 0;
  const counted = {
    ...store,
    changeToken: () => {
      reads++;
      return store.changeToken();
    },
  };
  const app = await buildApp({ config: t.config, store: counted });
  try {
    for (const url of ['/v1/pets?limit=20&status=available', '/v1/store/inventory']) {
      const get = () => app.inject({ url, headers: t.auth });
      assert.equal((await get()).statusCode, 200);
      assert.equal((await get()).statusCode, 200, 'now cached');
      reads = 0;
      assert.equal((await get()).statusCode, 200);
      assert.equal(reads, 1, `${url}: one version read for the key record and the page`);
    }
  } finally {
    await app.close();
    await t.close();
  }
});

const postgres = backends.find((backend) => backend.name === 'postgres');

test(
  'on PostgreSQL with Redis, a cached GET makes one call to Redis: its count, which reads the versions too',
  { skip: (!postgres || !redisUrl) && 'needs PostgreSQL and Redis' },
  async () => {
    // A Redis of its own, so that no other test's calls are counted.
    const redis = await privateRedis();
    const deployment = postgres!.freshDeployment({ redisUrl: redis.url, redisPrefix: 'version-reads' });
    const cli = await createServices(deployment.config, await openStore(deployment.config));
    const { key } = await cli.apiKeys.create({
      name: 'reads',
      plan: 'enterprise',
      perMinute: 1e6,
      perDay: 1e6,
    });
    const app = await buildApp({ config: deployment.config, store: await openStore(deployment.config) });
    const counter = new Redis(redis.url);
    // Scripts run, counted apart from the commands they run; the service calls Redis only through scripts.
    const calls = async () => {
      const stats = await counter.info('commandstats');
      return [...stats.matchAll(/^cmdstat_(eval\w*):calls=(\d+)/gm)].reduce(
        (sum, [, , n]) => sum + Number(n),
        0,
      );
    };
    try {
      const get = () =>
        app.inject({
          url: '/v1/pets?limit=20&status=available',
          headers: { authorization: `Bearer ${key}` },
        });
      assert.equal((await get()).statusCode, 200);
      assert.equal((await get()).statusCode, 200, 'now cached');
      const requests = 20;
      const before = await calls();
      for (let i = 0; i < requests; i++) assert.equal((await get()).statusCode, 200);
      const made = (await calls()) - before;
      // One count per request (a key's minute and day in one script); a read of the versions of its own only
      // for a key record when the last read is too old to answer for it, which a slow machine may see. Two
      // calls per request is what counting each window, or reading the versions apart, would make.
      assert.ok(made >= requests && made < 1.5 * requests, `${made} calls to Redis for ${requests} requests`);
    } finally {
      counter.disconnect();
      await app.close();
      await cli.dataVersion.close();
      await deployment.remove();
      await redis.stop();
    }
  },
);
