// Caches on PostgreSQL are exact across instances, with the versions in Redis or, without Redis, in
// PostgreSQL's own sequences: a write through instance A, or through the `petstore` command straight to the
// database, is seen by instance B on its very next request, for many rounds of each kind
// (PETSTORE_TEST_EXACT_ROUNDS, 200 by default, which keeps CI within its time; set more to soak): pets
// created, order transitions (seen in the pets' status filter and the inventory), and key changes by the
// command.
// Then a Redis outage: B stops caching and stays exact, and writes that could not be announced are refused
// with 503.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import { buildApp } from '../../src/app.js';
import { createServices, type Services } from '../../src/services/index.js';
import { openStore } from '../../src/store/open-store.js';
import type { Store } from '../../src/store/store.js';
import { backends, redisUrl } from '../helpers/backends.js';
import { newPet } from '../helpers/http-calls.js';
import { privateRedis, type PrivateRedis } from '../limits/private-redis.js';

const postgres = backends.find((backend) => backend.name === 'postgres');
const rounds = Number(process.env.PETSTORE_TEST_EXACT_ROUNDS ?? 200);
const resumeOf = (link: unknown) => /^<([^>]+)>; rel="resume"$/.exec(String(link))?.[1];
const ids = (body: string) => (JSON.parse(body) as Array<{ id: number }>).map((pet) => pet.id);

/**
 * Two instances (A, B) and the command line (its own services) on one PostgreSQL deployment, with the data
 * version in Redis, or without Redis in PostgreSQL's own sequence.
 */
async function fleet(redis: string | undefined) {
  const redisPrefix = `petstore-test:exact:${process.pid}:${Date.now().toString(36)}`;
  const deployment = postgres!.freshDeployment(
    redis ? { redisUrl: redis, redisPrefix, redisTimeoutMs: 300 } : {},
  );
  const stores: Store[] = [];
  const open = async () => {
    const store = await openStore(deployment.config);
    stores.push(store);
    return store;
  };
  const apps: FastifyInstance[] = [await buildApp({ config: deployment.config, store: await open() })];
  apps.push(await buildApp({ config: deployment.config, store: await open() }));
  const cli: Services = await createServices(deployment.config, await open());
  const auth = (key: string) => ({ authorization: `Bearer ${key}` });
  const key = (await cli.apiKeys.create({ name: 'exact', plan: 'enterprise', perMinute: 1e6, perDay: 1e6 }))
    .key;
  return {
    a: (options: InjectOptions) => apps[0]!.inject({ headers: auth(key), ...options }),
    b: (options: InjectOptions) => apps[1]!.inject({ headers: auth(key), ...options }),
    /** A through the shared pet helpers. */
    viaA: { request: (options: InjectOptions) => apps[0]!.inject(options), auth: auth(key) },
    cli,
    auth,
    store: stores[0]!,
    /** Forgets both versions (the data's and the keys'), as a Redis restarted without persistence would. */
    async forgetVersion() {
      const client = new Redis(redis!);
      const versions = await client.keys(`${redisPrefix}:*-version:*`);
      assert.equal(versions.length, 2);
      await client.del(...versions);
      client.disconnect();
    },
    async close() {
      await Promise.all(apps.map((app) => app.close()));
      await cli.speed.close();
      await Promise.all(stores.slice(2).map((store) => store.close()));
      await deployment.remove();
    },
  };
}

for (const [versionIn, redis] of [
  ['Redis', redisUrl],
  ['PostgreSQL alone', undefined],
] as const) {
  describe(
    `exact caches across instances on PostgreSQL, the data version in ${versionIn}`,
    { skip: (!postgres || (versionIn === 'Redis' && !redis)) && 'no PostgreSQL or Redis' },
    () => {
      let f: Awaited<ReturnType<typeof fleet>>;
      before(async () => {
        f = await fleet(redis);
      });
      after(() => f?.close());

      test(`${rounds} rounds: a pet created through A is listed by B at once`, async () => {
        let url = resumeOf((await f.b({ url: '/v1/pets?limit=100&status=pending' })).headers.link)!;
        for (let round = 0; round < rounds; round++) {
          assert.deepEqual(ids((await f.b({ url })).body), []);
          assert.deepEqual(ids((await f.b({ url })).body), [], 'read twice: cached on B');
          const created = await newPet(f.viaA, { name: `r${round}`, status: 'pending' });
          const seen = await f.b({ url });
          assert.deepEqual(ids(seen.body), [created], `round ${round}`);
          url = resumeOf(seen.headers.link)!;
        }
      });

      /**
       * From the end of the available listing: B serves a repeated read from its cache, so a row written
       * straight to the database, unannounced, shows only after an announced write. Returns where B stands.
       */
      async function servedFromCacheUntilAnnounced(): Promise<{ url: string; shown: number[] }> {
        const url = resumeOf((await f.b({ url: '/v1/pets?limit=100&status=available' })).headers.link)!;
        assert.deepEqual(ids((await f.b({ url })).body), []);
        const row = await sql<{ id: number }>`insert into pets (name, category_id, status, created_at)
        values ('unannounced', 1, 'available', 0) returning id`.execute(f.store.db);
        assert.deepEqual(ids((await f.b({ url })).body), [], 'served from the cache, not the database');
        const created = await newPet(f.viaA, { name: 'announced', status: 'available' });
        const shown = [row.rows[0]!.id, created];
        assert.deepEqual(ids((await f.b({ url })).body), shown);
        return { url, shown };
      }

      test('B really serves a repeated read from its cache: a row no write announced shows only after one is', async () => {
        await servedFromCacheUntilAnnounced();
      });

      // Only Redis can lose the version; PostgreSQL's sequence lives and is restored with the data.
      if (redis)
        test('caching starts with the first read, before any write: a missing version is started anew', async () => {
          await f.forgetVersion();
          const { url, shown } = await servedFromCacheUntilAnnounced();

          // Lost again: the version started anew must be one never handed out, or B would serve its old page.
          await f.forgetVersion();
          assert.equal((await f.b({ url })).statusCode, 200, 'starts the version');
          await f.forgetVersion();
          const again = await sql<{ id: number }>`insert into pets (name, category_id, status, created_at)
        values ('lost with Redis', 1, 'available', 0) returning id`.execute(f.store.db);
          assert.deepEqual(ids((await f.b({ url })).body), [...shown, again.rows[0]!.id]);
        });

      test('key records stay cached while pets change, and a key change is seen at once', async () => {
        const { id, key } = await f.cli.apiKeys.create({ name: 'kept', plan: 'business' });
        const get = () => f.b({ url: '/v1/pets?limit=1', headers: f.auth(key), remoteAddress: '10.2.0.1' });
        assert.equal((await get()).statusCode, 200, 'B caches the key record');
        // Revoked straight in the database, unannounced: B goes on serving its cached record, even after a
        // pet creation has moved the data's version, since that one says nothing about keys.
        await sql`update api_keys set revoked_at = 0 where id = ${id}`.execute(f.store.db);
        await newPet(f.viaA, { name: 'k' });
        assert.equal((await get()).statusCode, 200, 'the key record is still cached');
        // An announced key change (of another key, even) moves the keys' version: B reads the record again.
        const other = await f.cli.apiKeys.create({ name: 'other', plan: 'business' });
        await f.cli.apiKeys.setPlan(other.id, 'pro');
        assert.equal((await get()).json().code, 'api_key_revoked');
      });

      test(`${rounds} rounds: order transitions through A are seen in B's status filter and inventory`, async () => {
        let url = resumeOf((await f.b({ url: '/v1/pets?limit=100&status=sold' })).headers.link)!;
        const inventory = async () =>
          (await f.b({ url: '/v1/store/inventory' })).json() as Record<string, number>;
        /** B reads the sold page and the inventory twice (the second from its caches); the inventory read. */
        const cacheOnB = async (round: number) => {
          assert.deepEqual(ids((await f.b({ url })).body), [], `round ${round}: nothing newly sold yet`);
          assert.deepEqual(ids((await f.b({ url })).body), [], 'read twice: cached on B');
          const before = await inventory();
          assert.deepEqual(await inventory(), before, 'read twice: cached on B');
          return before;
        };
        const act = async (orderId: number, action: 'approve' | 'complete') => {
          const res = await f.a({ method: 'POST', url: `/v1/store/orders/${orderId}/${action}` });
          assert.equal(res.statusCode, 200, `${action}: ${res.body}`);
        };
        for (let round = 0; round < rounds; round++) {
          const petId = await newPet(f.viaA, { name: `o${round}` });

          let before = await cacheOnB(round);
          const order = await f.a({ method: 'POST', url: '/v1/store/orders', payload: { petId } });
          assert.equal(order.statusCode, 201, order.body);
          const orderId = order.json().id as number;
          assert.deepEqual(
            await inventory(),
            { ...before, available: before.available! - 1, pending: before.pending! + 1 },
            `round ${round}: placed`,
          );

          await act(orderId, 'approve');
          before = await cacheOnB(round);
          await act(orderId, 'complete');
          const seen = await f.b({ url });
          assert.deepEqual(ids(seen.body), [petId], `round ${round}: sold`);
          assert.deepEqual(
            await inventory(),
            { ...before, pending: before.pending! - 1, sold: before.sold! + 1 },
            `round ${round}: completed`,
          );
          url = resumeOf(seen.headers.link)!;
        }
      });

      test(`${rounds} rounds: a plan change and a revocation by the command are seen by B at once`, async () => {
        for (let round = 0; round < rounds; round++) {
          const { id, key } = await f.cli.apiKeys.create({ name: `r${round}`, plan: 'business' });
          // From an address of its own each round: refused keys count against the address's anonymous budget.
          const remoteAddress = `10.1.${round >> 8}.${round & 255}`;
          const get = () => f.b({ url: '/v1/pets?limit=1', headers: f.auth(key), remoteAddress });
          assert.equal((await get()).headers['x-ratelimit-limit'], '1000');
          assert.equal((await get()).headers['x-ratelimit-limit'], '1000', 'read twice: key cached on B');
          await f.cli.apiKeys.setPlan(id, 'pro');
          assert.equal((await get()).headers['x-ratelimit-limit'], '300', `round ${round}: plan`);
          await f.cli.apiKeys.revoke(id);
          const refused = await get();
          assert.equal(refused.statusCode, 401, `round ${round}: revoked`);
          assert.equal(refused.json().code, 'api_key_revoked');
        }
      });
    },
  );
}

describe('a Redis outage while caching on PostgreSQL', { skip: !postgres && 'no PostgreSQL' }, () => {
  let redis: PrivateRedis;
  let f: Awaited<ReturnType<typeof fleet>>;
  before(async () => {
    redis = await privateRedis();
    f = await fleet(redis.url);
  });
  after(async () => {
    await f?.close();
    await redis?.stop();
  });

  test('B stops caching and stays exact; writes that cannot be announced are 503', async () => {
    const url = '/v1/pets?limit=100&status=sold';
    assert.deepEqual(ids((await f.b({ url })).body), []);
    assert.deepEqual(ids((await f.b({ url })).body), [], 'cached on B');

    await redis.stop();
    await new Promise((resolve) => setTimeout(resolve, 200)); // the instances' connections see it close
    const refused = await f.a({
      method: 'POST',
      url: '/v1/pets',
      payload: { name: 'lost', categoryId: 1, status: 'sold' },
    });
    assert.equal(refused.statusCode, 503);
    assert.equal(refused.json().code, 'service_unavailable');
    // Still ready (reads go on, and every instance shares the outage), but the probe says writes are refused.
    const readiness = await f.a({ url: '/readyz' });
    assert.equal(readiness.statusCode, 200);
    assert.match(
      readiness.json().writes,
      /^refused: .*Redis, which keeps every instance exact, cannot be reached/,
    );
    assert.deepEqual(ids((await f.b({ url })).body), [], 'the refused write changed nothing');

    // A write no instance could announce (straight to the database): B, unable to read the version, reads it.
    const row = await sql<{ id: number }>`insert into pets (name, category_id, status, created_at)
      values ('unannounced', 1, 'sold', 0) returning id`.execute(f.store.db);
    const during = await f.b({ url });
    assert.equal(during.statusCode, 200);
    assert.deepEqual(ids(during.body), [row.rows[0]!.id]);

    await redis.start();
    const deadline = Date.now() + 10_000;
    let created;
    do {
      created = await f.a({
        method: 'POST',
        url: '/v1/pets',
        payload: { name: 'back', categoryId: 1, status: 'sold' },
      });
    } while (created.statusCode === 503 && Date.now() < deadline);
    assert.equal(created.statusCode, 201, 'writes resume once Redis is back');
    assert.deepEqual((await f.a({ url: '/readyz' })).json(), { status: 'ready' });
    assert.deepEqual(ids((await f.b({ url })).body), [row.rows[0]!.id, created.json().id]);
  });
});
