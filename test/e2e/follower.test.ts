// Gap-free paging on PostgreSQL with two instances: 8 writers create pets (then, in a second test, place
// orders) through both for a while, a follower tails the listing through both, and in the end has seen every
// acknowledged pet (order) exactly once.
// PETSTORE_TEST_FOLLOW_SECONDS sets how long the writers write (10 by default).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createServices } from '../../src/services/index.js';
import { openStore } from '../../src/store/open-store.js';
import { backends } from '../helpers/backends.js';
import { startFollower, startWriters } from '../helpers/follower.js';
import { envOf, startServerProcess, type ServerProcess } from '../helpers/server-process.js';

const postgres = backends.find((backend) => backend.name === 'postgres');
const seconds = Number(process.env.PETSTORE_TEST_FOLLOW_SECONDS ?? 10);
const writerCount = 8;

describe(
  'a follower tailing pets and orders on two instances',
  { skip: !postgres && 'no PostgreSQL' },
  () => {
    const deployment = postgres?.freshDeployment();
    let instances: ServerProcess[] = [];
    let headers: Record<string, string>;

    before(async () => {
      // Migrated here first, so that the instances start quickly even on a busy machine.
      const store = await openStore(deployment!.config);
      const { apiKeys } = await createServices(deployment!.config, store);
      headers = { authorization: `Bearer ${(await apiKeys.create({ name: 'sync', plan: 'business' })).key}` };
      await store.close();
      const env = { ...envOf(deployment!.config), PETSTORE_RATE_LIMITS: 'false' };
      instances = await Promise.all([
        startServerProcess([], env, 90_000),
        startServerProcess([], env, 90_000),
      ]);
    });
    after(async () => {
      await Promise.all(instances.map((instance) => instance.stop()));
      await deployment?.remove();
    });

    /** Creates a pet through the instance at `base`; its id, or undefined when not acknowledged. */
    const createPet = async (base: string, name: string) => {
      const res = await fetch(`${base}/v1/pets`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ name, categoryId: 1 }),
      });
      return res.status === 201 ? ((await res.json()) as { id: number }).id : undefined;
    };

    /** Orders: each write creates a pet through one instance and places its order through the other. */
    const placeOrder = async (base: string, other: string, name: string) => {
      const petId = await createPet(base, name);
      if (petId === undefined) return undefined;
      const res = await fetch(`${other}/v1/store/orders`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ petId }),
      });
      return res.status === 201 ? ((await res.json()) as { id: number }).id : undefined;
    };

    const cases = [
      {
        collection: 'pets',
        firstPath: '/v1/pets?limit=100',
        write: (a: string, _b: string, name: string) => createPet(a, name),
      },
      { collection: 'orders', firstPath: '/v1/store/orders?limit=100', write: placeOrder },
    ];

    for (const { collection, firstPath, write } of cases) {
      test(
        `${writerCount} writers for ${seconds} s: every acknowledged ${collection} id seen once`,
        { timeout: (seconds + 60) * 1000 },
        async (t) => {
          const url = (n: number) => instances[n % instances.length]!.url;
          const follower = startFollower(firstPath, headers, url);
          const writers = startWriters(writerCount, seconds * 1000, (w, n) =>
            write(url(w + n), url(w + n + 1), `w${w} n${n}`),
          );
          await writers.done;
          await follower.stop();
          const rate = writers.acknowledged.length / seconds;
          t.diagnostic(
            `${rate.toFixed(1)} ${collection}/s acknowledged through 2 instances by ${writerCount} writers`,
          );

          assert.ok(writers.acknowledged.length > writerCount, 'the writers wrote');
          assert.equal(new Set(follower.seen).size, follower.seen.length, `no ${collection} id seen twice`);
          const seen = new Set(follower.seen);
          const missed = writers.acknowledged.filter((id) => !seen.has(id));
          assert.deepEqual(
            missed,
            [],
            `of ${writers.acknowledged.length} acknowledged ${collection}, these were never seen`,
          );
        },
      );
    }
  },
);
