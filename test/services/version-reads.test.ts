// A request reads the data version once, however many caches it consults (its key record, then the page or
// the inventory): on SQLite one `data_version` pragma per cached request, or per turn of the event loop for
// the GETs that begin in it; with Redis, in the round trip that counts the request against its key's quota.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { buildApp } from '../../src/app.js';
import { createServices, type Services } from '../../src/services/index.js';
import { openStore } from '../../src/store/open-store.js';
import type { Store } from '../../src/store/store.js';
import { backends, redisUrl } from '../helpers/backends.js';
import { startTestApp } from '../helpers/test-app.js';
import { privateRedis } from '../limits/private-redis.js';

/** Runs `check` against an app on SQLite whose store counts its reads of the change token. */
async function withCountedReads(
  check: (app: FastifyInstance, auth: { authorization: string }, reads: { count: number }) => Promise<void>,
) {
  const t = await startTestApp(backends[0]!);
  const reads = { count: 0 };
  const { app } = await t.instance({
    wrap: (store) => ({
      ...store,
      changeToken: () => {
        reads.count++;
        return store.changeToken();
      },
    }),
  });
  try {
    await check(app, t.auth, reads);
  } finally {
    await app.close();
    await t.close();
  }
}

test('a cached GET reads the version once for its key and its page', () =>
  withCountedReads(async (app, auth, reads) => {
    for (const url of ['/v1/pets?limit=20&status=available', '/v1/store/inventory']) {
      const get = () => app.inject({ url, headers: auth });
      assert.equal((await get()).statusCode, 200);
      assert.equal((await get()).statusCode, 200, 'now cached');
      reads.count = 0;
      assert.equal((await get()).statusCode, 200);
      assert.equal(reads.count, 1, `${url}: one version read for the key record and the page`);
    }
  }));

test('on SQLite, the GETs that begin in one turn of the event loop share one version read; writes read their own', () =>
  withCountedReads(async (app, auth, reads) => {
    const get = () => app.inject({ url: '/v1/pets?limit=20&status=available', headers: auth });
    assert.equal((await get()).statusCode, 200);
    reads.count = 0;
    const answers = await Promise.all(Array.from({ length: 10 }, get));
    assert.deepEqual(new Set(answers.map((answer) => answer.statusCode)), new Set([200]));
    assert.equal(reads.count, 1, 'ten cached GETs of one turn, one read');

    // Each write reads the version as it authenticates: waiting for the turn's end would delay its group.
    reads.count = 0;
    const post = () =>
      app.inject({ method: 'POST', url: '/v1/pets', headers: auth, payload: { name: 'Rex', categoryId: 1 } });
    const created = await Promise.all(Array.from({ length: 3 }, post));
    assert.deepEqual(new Set(created.map((answer) => answer.statusCode)), new Set([201]));
    assert.equal(reads.count, 3);
  }));

const postgres = backends.find((backend) => backend.name === 'postgres');

test(
  'on PostgreSQL with Redis, a cached GET makes one call to Redis, shared with the GETs of its turn: its count, which reads the versions too',
  { skip: (!postgres || !redisUrl) && 'needs PostgreSQL and Redis' },
  async () => {
    // A Redis of its own, so that no other test's calls are counted.
    const redis = await privateRedis();
    const deployment = postgres!.freshDeployment({ redisUrl: redis.url, redisPrefix: 'version-reads' });
    const stores: Store[] = [];
    const open = async () => {
      stores.push(await openStore(deployment.config));
      return stores.at(-1)!;
    };
    const counter = new Redis(redis.url);
    let cli: Services | undefined;
    let app: FastifyInstance | undefined;
    try {
      cli = await createServices(deployment.config, await open());
      const { key } = await cli.apiKeys.create({
        name: 'reads',
        plan: 'enterprise',
        perMinute: 1e6,
        perDay: 1e6,
      });
      app = await buildApp({ config: deployment.config, store: await open() });
      // Scripts run, counted apart from the commands they run; the service calls Redis only through scripts.
      const calls = async () => {
        const stats = await counter.info('commandstats');
        return [...stats.matchAll(/^cmdstat_(eval\w*):calls=(\d+)/gm)].reduce(
          (sum, [, , n]) => sum + Number(n),
          0,
        );
      };
      const get = async () => {
        const response = await app!.inject({
          url: '/v1/pets?limit=20&status=available',
          headers: { authorization: `Bearer ${key}` },
        });
        assert.equal(response.statusCode, 200);
        return (response.json() as Array<{ name: string }>).map((pet) => pet.name);
      };
      await get();
      await get(); // now cached
      const requests = 20;
      const before = await calls();
      for (let i = 0; i < requests; i++) await get();
      const made = (await calls()) - before;
      // One count per request (a key's minute and day in one script); a read of the versions of its own only
      // for a key record when the last read is too old to answer for it, which a slow machine may see. Two
      // calls per request is what counting each window, or reading the versions apart, would make.
      assert.ok(made >= requests && made < 1.5 * requests, `${made} calls to Redis for ${requests} requests`);
      // The requests that begin in one turn of the event loop share one count, and each is still counted once.
      const beforeTurn = await calls();
      const together = await Promise.all(
        Array.from({ length: requests }, () =>
          app!.inject({
            url: '/v1/pets?limit=20&status=available',
            headers: { authorization: `Bearer ${key}` },
          }),
        ),
      );
      const madeTogether = (await calls()) - beforeTurn;
      assert.ok(madeTogether <= 2, `${madeTogether} calls to Redis for ${requests} requests of one turn`);
      const remaining = new Set(together.map((answer) => answer.headers['x-ratelimit-remaining']));
      assert.equal(remaining.size, requests, 'each request has a count of its own');
      // And what the count read is the version that writes advance: a creation (here by the command) is
      // listed by the very next request.
      await cli.pets.create({ name: 'Announced', categoryId: 1 });
      assert.ok((await get()).includes('Announced'), 'the next request lists the new pet');
    } finally {
      counter.disconnect();
      await app?.close(); // closes its store
      await cli?.speed.close();
      await Promise.all(stores.slice(0, 1).map((store) => store.close()));
      await deployment.remove();
      await redis.stop();
    }
  },
);
