// Two independent instances (separate processes, two ports) sharing one PostgreSQL deployment, as behind a
// load balancer: writes through both are listed completely, once each, by following Link from either; an
// edit or a removal through one is read at once through the other; and with Redis a key's rate-limit budget
// is one for both.
import assert from 'node:assert/strict';
import { Redis } from 'ioredis';
import { after, before, describe, test } from 'node:test';
import { createServices } from '../../src/services/index.js';
import type { Pet } from '../../src/domain/pet.js';
import { openStore } from '../../src/store/open-store.js';
import { backends, redisUrl } from '../helpers/backends.js';
import { envOf, startServerProcess, type ServerProcess } from '../helpers/server-process.js';

const postgres = backends.find((backend) => backend.name === 'postgres');
const instanceCount = 2;
const petCount = 200;

describe('instances sharing PostgreSQL', { skip: !postgres && 'no PostgreSQL' }, () => {
  const deployment = postgres?.freshDeployment();
  let instances: ServerProcess[] = [];
  let auth: { authorization: string };
  let freeAuth: { authorization: string };
  const redisPrefix = `petstore-test:scale-out:${process.pid}:${Date.now().toString(36)}`;
  const created: Pet[] = [];

  before(async () => {
    // Every instance gets the same settings, as a fleet behind a load balancer would.
    // Rate-limit counters in Redis, under a prefix of this run's own.
    const limits: Record<string, string> = redisUrl
      ? { REDIS_URL: redisUrl, PETSTORE_REDIS_PREFIX: redisPrefix }
      : {};
    const shared = { ...envOf(deployment!.config), ...limits, LOG_LEVEL: 'info' };
    // Started together, they race to create the schema and migrate it: that must be safe.
    instances = await Promise.all(
      Array.from({ length: instanceCount }, () => startServerProcess([], shared)),
    );
    const store = await openStore(deployment!.config);
    const { apiKeys } = await createServices(deployment!.config, store);
    auth = { authorization: `Bearer ${(await apiKeys.create({ name: 'fleet', plan: 'business' })).key}` };
    freeAuth = { authorization: `Bearer ${(await apiKeys.create({ name: 'free', plan: 'free' })).key}` };
    await store.close();
  });
  after(async () => {
    await Promise.all(instances.map((instance) => instance.stop()));
    await deployment?.remove();
    if (redisUrl) {
      const redis = new Redis(redisUrl);
      const keys = await redis.keys(`${redisPrefix}:*`);
      if (keys.length > 0) await redis.del(...keys);
      redis.disconnect();
    }
  });

  const instance = (i: number) => instances[i % instanceCount]!;

  test(`${petCount} pets created concurrently through both instances`, async () => {
    const responses = await Promise.all(
      Array.from({ length: petCount }, (_, i) =>
        fetch(`${instance(i).url}/v1/pets`, {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify({
            name: `pet ${i}`,
            categoryId: i + 1,
            status: i % 3 === 0 ? 'pending' : 'available',
          }),
        }),
      ),
    );
    for (const res of responses) {
      assert.equal(res.status, 201);
      created.push((await res.json()) as Pet);
    }
    assert.equal(new Set(created.map((pet) => pet.id)).size, petCount, 'every pet has its own id');
  });

  /** Lists by following Link rel="next", asking instance `pick(page)` for each page. */
  async function listAll(firstPath: string, pick: (page: number) => ServerProcess): Promise<Pet[]> {
    const listed: Pet[] = [];
    let path: string | undefined = firstPath;
    for (let page = 0; path; page++) {
      assert.ok(page <= petCount, 'the listing ends');
      const res: Response = await fetch(`${pick(page).url}${path}`, { headers: auth });
      assert.equal(res.status, 200);
      listed.push(...((await res.json()) as Pet[]));
      path = /<([^>]+)>; rel="next"/.exec(res.headers.get('link') ?? '')?.[1];
    }
    return listed;
  }

  const listings: Array<[string, string, (page: number) => ServerProcess, (pet: Pet) => boolean]> = [
    ['alternating instances page by page', '/v1/pets?limit=7', instance, () => true],
    ['only the second instance', '/v1/pets?limit=100', () => instance(1), () => true],
    [
      'alternating, filtered by status',
      '/v1/pets?limit=9&status=pending',
      instance,
      (pet) => pet.status === 'pending',
    ],
  ];
  for (const [how, firstPath, pick, expected] of listings) {
    test(`listing by Link from ${how}: no duplicates, no losses`, async () => {
      const listed = await listAll(firstPath, pick);
      const ids = listed.map((pet) => pet.id);
      assert.equal(new Set(ids).size, ids.length, 'no pet listed twice');
      assert.deepEqual(
        ids,
        [...ids].sort((a, b) => a - b),
        'ascending id order',
      );
      const wanted = created.filter(expected).sort((a, b) => a.id - b.id);
      assert.deepEqual(listed, wanted);
    });
  }

  test('an edit or a removal through one instance is read at once through the other', async () => {
    const read = async (i: number, path: string) => {
      const res = await fetch(`${instance(i).url}${path}`, { headers: auth });
      return { status: res.status, etag: res.headers.get('etag'), body: (await res.json()) as unknown };
    };
    // The ten lowest ids, so that each stands on the first page the reader holds in its cache: the order in which
    // concurrent creations were answered says nothing of the ids they got.
    const lowest = [...created].sort((a, b) => a.id - b.id).slice(0, 10);
    for (const [round, pet] of lowest.entries()) {
      const [writer, reader] = [round, round + 1];
      // Read first, so that the reader holds the page and the pet in its caches before the change.
      await read(reader, `/v1/pets?limit=100`);
      const edited = await fetch(`${instance(writer).url}/v1/pets/${pet.id}`, {
        method: 'PATCH',
        headers: { ...auth, 'content-type': 'application/merge-patch+json' },
        body: JSON.stringify({ name: `edited ${round}`, goodWith: { cats: true } }),
      });
      assert.equal(edited.status, 200);
      const got = await read(reader, `/v1/pets/${pet.id}`);
      assert.equal((got.body as Pet).name, `edited ${round}`);
      assert.equal(got.etag, edited.headers.get('etag'));
      const page = (await read(reader, '/v1/pets?limit=100')).body as Pet[];
      assert.equal(page.find((listed) => listed.id === pet.id)?.name, `edited ${round}`);

      const inventory = (await read(reader, '/v1/store/inventory')).body as Record<string, number>;
      const removed = await fetch(`${instance(writer).url}/v1/pets/${pet.id}`, {
        method: 'DELETE',
        headers: auth,
      });
      assert.equal(removed.status, 204);
      assert.equal((await read(reader, `/v1/pets/${pet.id}`)).status, 404);
      const after = (await read(reader, '/v1/pets?limit=100')).body as Pet[];
      assert.ok(!after.some((listed) => listed.id === pet.id));
      const counted = (await read(reader, '/v1/store/inventory')).body as Record<string, number>;
      assert.equal(counted[pet.status], inventory[pet.status]! - 1);
    }
  });

  test('a sorted, filtered walk through both instances under writers on both skips no pet that was there', async () => {
    const call = (i: number, method: string, path: string, body?: object) =>
      fetch(`${instance(i).url}${path}`, {
        method,
        headers: { ...auth, 'content-type': 'application/json' },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
    const before = await listAll('/v1/pets?limit=100', instance);
    const removedDuring = new Set(before.filter((_, i) => i % 17 === 5).map((pet) => pet.id));
    let writing = true;
    const writer = (async () => {
      let i = 0;
      for (const pet of before) {
        if (removedDuring.has(pet.id))
          assert.equal((await call(i, 'DELETE', `/v1/pets/${pet.id}`)).status, 204);
        else if (i % 3 === 0)
          assert.equal((await call(i, 'PATCH', `/v1/pets/${pet.id}`, { color: `c${i}` })).status, 200);
        if (i % 4 === 0)
          assert.equal((await call(i, 'POST', '/v1/pets', { name: `new ${i}`, categoryId: 9 })).status, 201);
        i++;
      }
      writing = false;
    })();
    // Walks from the start again and again while the writers run, each page from the other instance.
    let walks = 0;
    while (writing || walks < 2) {
      const listed = await listAll('/v1/pets?limit=6&sort=name&status=available', instance);
      const ids = listed.map((pet) => pet.id);
      assert.equal(new Set(ids).size, ids.length, 'none twice: no name changed during the walk');
      const missing = before.filter(
        (pet) => pet.status === 'available' && !removedDuring.has(pet.id) && !ids.includes(pet.id),
      );
      assert.deepEqual(missing, [], 'every available pet that was there and stayed was listed');
      walks++;
    }
    await writer;
  });

  test(
    "a key's rate-limit budget is shared by the instances",
    { skip: !redisUrl && 'no Redis' },
    async () => {
      const spend = (i: number) => fetch(`${instance(i).url}/v1/pets?limit=1`, { headers: freeAuth });
      for (let i = 0; i < 60; i++) {
        const res = await spend(i);
        assert.equal(res.status, 200);
        assert.equal(
          res.headers.get('x-ratelimit-remaining'),
          String(59 - i),
          'one count for both instances',
        );
        await res.arrayBuffer();
      }
      for (const i of [0, 1]) {
        const refused = await spend(i);
        assert.equal(refused.status, 429);
        assert.equal(((await refused.json()) as { code: string }).code, 'rate_limited');
      }
    },
  );
});
