// Every write announces itself: each write row of the api-scenarios table, replayed through instance A, is
// seen at once through instance B's caches (two apps on one PostgreSQL deployment, the versions in Redis or in
// PostgreSQL's own sequences). Before each row B reads every cached view twice, so that it holds them; right
// after the row, each view B serves must be what an instance without caches reads from the database.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../../src/app.js';
import { leftOut } from '../../src/left-out.js';
import { createServices, type Services } from '../../src/services/index.js';
import { openStore } from '../../src/store/open-store.js';
import type { Store } from '../../src/store/store.js';
import type { Scope } from '../../src/domain/scopes.js';
import { backends, redisUrl } from '../helpers/backends.js';
import { addPet } from '../helpers/http-calls.js';
import {
  apiScenarios,
  oneScopeKeys,
  scenarioData,
  type ApiScenario,
  type KeyName,
} from '../http/api-scenarios.js';

const postgres = backends.find((backend) => backend.name === 'postgres');

/** The cached reads, each of which some write row changes: pages, the inventory, the catalogue. */
const cachedViews = [
  '/v1/pets?sort=-updatedAt&limit=5',
  '/v1/pets?limit=100&status=sold',
  '/v1/store/inventory',
  '/v1/categories',
  '/v1/categories/1/breeds',
];

const isWrite = (row: ApiScenario) => (row.method ?? 'GET') !== 'GET';

for (const [versionIn, redis] of [
  ['Redis', redisUrl],
  ['PostgreSQL alone', undefined],
] as const) {
  describe(
    `each write row through A is seen at once through B's caches, the versions in ${versionIn}`,
    { skip: (!postgres || (versionIn === 'Redis' && !redis)) && 'no PostgreSQL or Redis' },
    () => {
      const deployment = postgres?.freshDeployment({
        anonymousPerMinute: 1000,
        ...(redis
          ? {
              redisUrl: redis,
              redisPrefix: `petstore-test:announce:${process.pid}:${Date.now().toString(36)}`,
            }
          : {}),
      });
      const stores: Store[] = [];
      let a: FastifyInstance, b: FastifyInstance, truth: FastifyInstance;
      let cli: Services;
      const keys = {} as Record<KeyName, Record<string, string>>;
      const viaA = {
        request: (options: InjectOptions) => a.inject(options),
        get auth() {
          return keys.all as { authorization: string };
        },
      };
      const data = scenarioData(viaA);

      const open = async () => {
        stores.push(await openStore(deployment!.config));
        return stores.at(-1)!;
      };
      before(async () => {
        a = await buildApp({ config: deployment!.config, store: await open() });
        b = await buildApp({ config: deployment!.config, store: await open() });
        // The truth: an instance whose caches keep nothing (read as the app is built, then put back).
        leftOut.readCaches = true;
        truth = await buildApp({ config: deployment!.config, store: await open() }).finally(() => {
          leftOut.readCaches = false;
        });
        cli = await createServices(deployment!.config, await open());
        const issue = async (name: string, scopes?: Scope[]) => ({
          authorization: `Bearer ${(await cli.apiKeys.create({ name, plan: 'enterprise', perMinute: 1e6, perDay: 1e6, scopes })).key}`,
        });
        keys.all = await issue('all');
        keys.none = {};
        for (const [name, scope] of Object.entries(oneScopeKeys) as [keyof typeof oneScopeKeys, Scope][])
          keys[name] = await issue(name, [scope]);
        data.rex = await addPet(viaA);
      });
      after(async () => {
        await Promise.all([a, b, truth].map((app) => app?.close()));
        await cli?.speed.close();
        await stores.at(-1)?.close();
        await deployment?.remove();
      });

      const read = async (app: FastifyInstance, url: string) => {
        const res = await app.inject({ url, headers: keys.all });
        assert.equal(res.statusCode, 200, `${url}: ${res.body}`);
        return res.json() as unknown;
      };

      test('B serves a view from its cache until a write is announced', async () => {
        const url = '/v1/pets?limit=100&status=sold';
        const before = await read(b, url);
        assert.deepEqual(await read(b, url), before);
        // Written straight to the database: no instance announces it, so B keeps serving what it cached.
        await sql`insert into pets (name, category_id, status, created_at)
          values ('unannounced', 1, 'sold', 0)`.execute(stores[0]!.db);
        assert.deepEqual(await read(b, url), before, 'served from the cache');
        assert.notDeepEqual(await read(truth, url), before, 'while the database has changed');
        // Until a write is announced: then B reads it too.
        await addPet(viaA, { name: 'announced', status: 'sold' });
        assert.deepEqual(await read(b, url), await read(truth, url));
      });

      for (const row of apiScenarios) {
        // A reading row's URL may make what later rows act on (the order of the order-life rows).
        if (!isWrite(row)) {
          if (typeof row.url === 'function')
            test(`${row.name}: made`, async () =>
              void (await (row.url as (d: typeof data) => Promise<string>)(data)));
          continue;
        }
        test(`${row.name}: B's views after it are the database's`, async () => {
          const url = typeof row.url === 'function' ? await row.url(data) : row.url;
          const body = typeof row.body === 'function' ? await row.body(data) : row.body;
          // B holds every view, as of now.
          for (const view of cachedViews) {
            await read(b, view);
            assert.deepEqual(await read(b, view), await read(truth, view), `${view} before the row`);
          }
          const res = await a.inject({
            method: row.method,
            url,
            headers: { ...keys[row.key ?? 'all'], ...row.headers },
            ...(body === undefined ? {} : { payload: body }),
          });
          assert.equal(res.statusCode, row.expectedStatus, `${row.method} ${url}: ${res.body}`);
          for (const view of cachedViews)
            assert.deepEqual(await read(b, view), await read(truth, view), `${view} after the row`);
        });
      }
    },
  );
}
