// Every row of the benchmark: the service's scenarios, the baselines and the peers, each as the server to
// start and the request to send. Each resolves the data it needs (seeded once) when the run prepares it.
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { applicationOf } from './lib/application-rows.js';
import { cursorAfter, cursorIssuedAt } from './lib/deep-cursor.js';
import type { Deployment } from './lib/deployments.js';
import type { Fixtures } from './lib/fixtures.js';
import type { AlongsideLoad } from './lib/measure.js';
import { IdSequence, idPlaceholder } from './lib/load/id-sequence.js';
import type { LoadRequest } from './lib/load/load-generator.js';
import { ordersToApprove, petsToPlace, petsToRename } from './lib/order-rows.js';
import { searchedWords, seedRecord, statusOf } from './lib/pet-rows.js';
import { consoleCookie } from './lib/console-session.js';
import { cliEntry } from './lib/petstore-cli.js';
import type { ServerSpec } from './lib/server-process.js';
import { fullSyncEnv, rateLimitsOffEnv, redisLimiterEnv, serveArgs, serviceEnv } from './service-settings.js';

export type Group = 'service' | 'baseline' | 'peer';
export type Prepared =
  { server: ServerSpec; request: LoadRequest; alongside?: AlongsideLoad } | { skipped: string };

export interface Scenario {
  name: string;
  label: string;
  group: Group;
  /** Shortest measurement that sees enough answers from a slow server; longer runs are kept. */
  minSeconds?: number;
  /** Concurrent connections of this row, in place of `--connections`: uploads in flight at once. */
  connections?: number;
  /** True for the one service row that runs with rate limiting off on purpose. */
  unlimited?: boolean;
  prepare(fixtures: Fixtures): Promise<Prepared>;
}

const mainQuery = '/v1/pets?limit=20&status=available';
const newPet = JSON.stringify({ name: 'Rex', categoryId: 1, status: 'available' });
/** A shelter's full record of a new pet, description and tags included: about 70 words to index. */
const newProfile = JSON.stringify(seedRecord(1));
const ordersQuery = '/v1/store/orders?limit=20&status=placed';
const feedQuery = '/v1/events?limit=20';
const applicationsQuery = '/v1/applications?limit=20';
/** The adoption list's first page, and the same 20 animals as the API lists them (src/web/public/list-pets.ts). */
const adoptList = '/adopt';
const adoptListJson = '/v1/pets?limit=20&status=available&published=true&sort=-createdAt';
/** A filtered list page: as selective as the search rows' filter (1 pet in 120 of the 100,000). */
const adoptFiltered = '/adopt?categoryId=1&size=small&goodWith=cats';

const bearer = (deployment: Deployment) => ({ authorization: `Bearer ${deployment.key}` });

export const service = (deployment: Deployment, env: Record<string, string> = {}): ServerSpec => ({
  nodeArgs: [cliEntry, ...serveArgs, ...deployment.storeArgs],
  env: { ...serviceEnv, ...env },
  readyPath: '/healthz',
});

/**
 * The service from the same build, started by bench/serve-leaving-out.ts with `part` left out (or `nothing`,
 * the baseline of such rows: both pay the same launcher).
 */
const serviceLeavingOut = (part: string, deployment: Deployment): ServerSpec => ({
  nodeArgs: [
    '--import',
    'tsx',
    fileURLToPath(new URL('./serve-leaving-out.ts', import.meta.url)),
    part,
    ...serveArgs,
    ...deployment.storeArgs,
  ],
  env: serviceEnv,
  readyPath: '/healthz',
});

const tsScript = (path: string, env: Record<string, string> = {}): ServerSpec => ({
  nodeArgs: ['--import', 'tsx', fileURLToPath(new URL(path, import.meta.url))],
  env: { NODE_ENV: 'production', ...env },
  readyPath: '/healthz',
});

const get = (path: string, headers: Record<string, string> = {}): LoadRequest => ({
  method: 'GET',
  path,
  headers,
});

/** The main scenario on the main deployment, with extra settings, or skipped with the reason `env` gives. */
const listing = (
  name: string,
  label: string,
  env: (f: Fixtures) => Promise<Record<string, string> | string>,
): Scenario => ({
  name,
  label,
  group: 'service',
  async prepare(f) {
    const extra = await env(f);
    if (typeof extra === 'string') return { skipped: extra };
    const main = await f.main();
    return { server: service(main, extra), request: get(mainQuery, bearer(main)) };
  },
});

/** `POST /v1/pets` of a new pet, with no key: as the baselines for writes take it. */
const postPetUnkeyed: LoadRequest = {
  method: 'POST',
  path: '/v1/pets',
  headers: { 'content-type': 'application/json' },
  body: newPet,
};

/** `POST /v1/pets` of a new pet with the deployment's key. */
const postPet = (deployment: Deployment): LoadRequest => ({
  ...postPetUnkeyed,
  headers: { ...bearer(deployment), ...postPetUnkeyed.headers },
});

/** Ids of requests that each make what they name (a key, an email), with no seeded pool to run out of. */
const unboundedIds = () => new IdSequence(1, Number.MAX_SAFE_INTEGER);

/**
 * `postPet` with an Idempotency-Key of its own per request, as `petstore pets import` sends each row: keys of
 * this run alone, so that a deployment kept from an earlier run replays none of them.
 */
const postPetKeyed = (deployment: Deployment): LoadRequest => {
  const request = postPet(deployment);
  const key = `bench-${randomUUID()}-${idPlaceholder}`;
  const sequentialIds = unboundedIds();
  return { ...request, headers: { ...request.headers, 'idempotency-key': key }, sequentialIds };
};

/**
 * `POST /v1/applications` of the full application (bench/lib/application-rows.ts) for pet 1, each request by
 * an applicant of its own: an email with this run's tag and the request's id, so that none meets the 409 of
 * an applicant's second open application for the animal.
 */
const submitApplication = (deployment: Deployment): LoadRequest => ({
  method: 'POST',
  path: '/v1/applications',
  headers: { ...bearer(deployment), 'content-type': 'application/json' },
  body: JSON.stringify(
    applicationOf(`applicant-${randomUUID().slice(0, 8)}-${idPlaceholder}@example.org`, 1),
  ),
  sequentialIds: unboundedIds(),
});

/** The request `request` makes for the main deployment, to the service as it ships. */
const onMain = (name: string, label: string, request: (main: Deployment) => LoadRequest): Scenario => ({
  name,
  label,
  group: 'service',
  async prepare(f) {
    const main = await f.main();
    return { server: service(main), request: request(main) };
  },
});

/** POST /v1/pets on the main deployment, with the service's settings plus `env`. */
const creating = (name: string, label: string, env: Record<string, string>): Scenario => ({
  name,
  label,
  group: 'service',
  async prepare(f) {
    const main = await f.main();
    return { server: service(main, env), request: postPet(main) };
  },
});

/** The main scenario, or POST /v1/pets, on the main deployment with `part` left out (serviceLeavingOut). */
const leavingOut = (name: string, part: string, what: 'list' | 'create'): Scenario => ({
  name,
  label: `${what === 'list' ? `GET ${mainQuery}` : 'POST /v1/pets'}, launched leaving out ${part}`,
  group: 'service',
  async prepare(f) {
    const main = await f.main();
    const request = what === 'list' ? get(mainQuery, bearer(main)) : postPet(main);
    return { server: serviceLeavingOut(part, main), request };
  },
});

/** The deployments of the search rows: the SQLite one of 1,000,000 pets, and PostgreSQL's. */
const searchData = {
  sqlite: { data: (f: Fixtures) => f.large(), label: '1M pets', suffix: '' },
  postgres: { data: (f: Fixtures) => f.postgres(), label: 'PostgreSQL', suffix: '-postgres' },
} as const;
type SearchBackend = keyof typeof searchData;

/** What the search rows ask: each beside the unfiltered first page (`list-1m`, `list-postgres`). */
const searchQueries = {
  filtered: 'categoryId=1&size=small&goodWith=cats',
  common: `q=${searchedWords.common}`,
  rare: `q=${searchedWords.rare}`,
  /** A filtered, sorted listing: its first page, and its page `searchDepth` pets in. */
  sorted: 'categoryId=1,2&sort=-createdAt',
};
const searchDepth = 10_000;

/**
 * `GET /v1/pets?limit=20&query` on the backend's search deployment: the first page, or with `deep` the page
 * `searchDepth` pets in, at the cursor that the service issues to a client following `rel="next"` that far.
 */
const searching = (name: string, query: string, on: SearchBackend, deep = false): Scenario => {
  const { data, label, suffix } = searchData[on];
  const path = `/v1/pets?limit=20${query && `&${query}`}`;
  return {
    name: name + suffix,
    label: `GET ${path}${deep ? `&cursor=… ${searchDepth.toLocaleString('en')} pets in` : ''}, ${label}`,
    group: 'service',
    async prepare(f) {
      const deployment = await data(f);
      if (!deployment) return { skipped: `PostgreSQL does not answer at ${f.postgresUrl}` };
      // Every request runs its query: with the read caches on, each row would measure a repeated page.
      const [server, headers] = [serviceLeavingOut('read-caches', deployment), bearer(deployment)];
      if (!deep) return { server, request: get(path, headers) };
      const { cursor, depth } = await cursorIssuedAt(server, path, headers, searchDepth);
      if (depth < searchDepth) console.log(`${name + suffix}: ${depth} pets in, as deep as the listing goes`);
      return { server, request: get(`${path}&cursor=${cursor}`, headers) };
    },
  };
};

/** The search rows of one backend (docs/search.md): filters, a common and a rare word, a deep page. */
const searchRows = (on: SearchBackend): Scenario[] => [
  { ...searching('list', '', on), name: on === 'sqlite' ? 'list-1m' : 'list-postgres' },
  searching('search-filtered', searchQueries.filtered, on),
  searching('search-common', searchQueries.common, on),
  searching('search-rare', searchQueries.rare, on),
  searching('search-sorted', searchQueries.sorted, on),
  searching('search-deep', searchQueries.sorted, on, true),
];

/**
 * POST /v1/pets of a full profile through serviceLeavingOut, with the search index (`nothing` left out) or
 * without it: what keeping the index costs a creation, on the main deployment or PostgreSQL's.
 */
const creatingProfiles = (name: string, part: 'nothing' | 'search-index', on: SearchBackend): Scenario => ({
  name,
  label: `POST /v1/pets of a full profile, launched leaving out ${part}${on === 'postgres' ? ', PostgreSQL' : ''}`,
  group: 'service',
  async prepare(f) {
    const data = on === 'sqlite' ? await f.main() : await f.postgres();
    if (!data) return { skipped: `PostgreSQL does not answer at ${f.postgresUrl}` };
    return { server: serviceLeavingOut(part, data), request: { ...postPet(data), body: newProfile } };
  },
});

/** The service's uploads processed at once by default (docs/photos.md); more in flight wait for a slot. */
const processingSlots = 2;
const photoUploadLabel = 'POST /v1/pets/{id}/photos of a 12-megapixel JPEG';

/**
 * The service on the photos deployment with its default processing slots and queue, its photo downloads
 * allowed past what the load sends (the default budget of one address is 3,000 a minute).
 */
const photoService = (photos: Deployment) =>
  service(photos, {
    PETSTORE_PHOTO_REQUESTS_PER_MINUTE: '1000000',
    // As docs/deployment.md advises where photos are uploaded: glibc's allocator otherwise keeps what libvips
    // frees in per-thread arenas (about 90 MB more at 8 uploads at once). Other allocators ignore it.
    MALLOC_ARENA_MAX: '2',
  });

/**
 * Where the photo rows' uploads begin: the middle of the seeded ids, away from the first pages that
 * `list-available-uploading` reads, so its pages stay as `list-available`'s (no pet on them has photos).
 */
const firstPhotoPet = (photos: Deployment) => Math.ceil(photos.pets / 2);

/** Uploads of the run's 12-megapixel JPEG, each to the next pet of the photos deployment (none nears its limit). */
const uploads = (photos: Deployment, bodyFile: string): LoadRequest => ({
  method: 'POST',
  path: `/v1/pets/${idPlaceholder}/photos`,
  headers: { ...bearer(photos), 'content-type': 'image/jpeg' },
  bodyFile,
  sequentialIds: new IdSequence(firstPhotoPet(photos), photos.pets),
});

/** Uploads, `inFlight` at once, to the service as it is set up by default (those past its slots wait). */
const uploading = (name: string, label: string, inFlight: number): Scenario => ({
  name,
  label,
  group: 'service',
  connections: inFlight,
  // A few uploads a second: a 2-second run would see a handful.
  minSeconds: 5,
  async prepare(f) {
    const [photos, bodyFile] = [await f.photos(), await f.photoFile()];
    return { server: photoService(photos), request: uploads(photos, bodyFile) };
  },
});

/** The uploads' baseline: bare node:http running the service's processing in its own process, `inFlight` at once. */
const sharpAlone = (name: string, inFlight: number): Scenario => ({
  name,
  label: `node:http running the service's photo processing on the same JPEG, ${inFlight} at once`,
  group: 'baseline',
  connections: inFlight,
  minSeconds: 5,
  async prepare(f) {
    const bodyFile = await f.photoFile();
    const headers = { 'content-type': 'image/jpeg' };
    return {
      server: tsScript('./baselines/sharp-alone.ts'),
      request: { method: 'POST', path: '/photos', headers, bodyFile },
    };
  },
});

/** A GET on the orders deployment, whose orders and events stay the same from round to round. */
const readingOrders = (name: string, path: string): Scenario => ({
  name,
  label: `GET ${path}`,
  group: 'service',
  async prepare(f) {
    const orders = await f.orders();
    return { server: service(orders), request: get(path, bearer(orders)) };
  },
});

/**
 * A GET on the applications deployment, as the service ships: its seeded applications and pets stay the same
 * from round to round. A pet page unchanged since it was read comes from the pets' read cache; an application
 * page is read from the store each time (the applications have no read cache).
 */
const readingApplications = (name: string, path: string): Scenario => ({
  name,
  label: `GET ${path}`,
  group: 'service',
  async prepare(f) {
    const applications = await f.applications(service);
    return { server: service(applications), request: get(path, bearer(applications)) };
  },
});

/** The main deployment's first `available` pet: its page is shown (a sold one would answer 404). */
const shownPetId = () => {
  let id = 1;
  while (statusOf(id) !== 'available') id += 1;
  return id;
};

/** A public page, or the API's JSON of the same animals, on the main deployment: no key for the pages. */
const page = (name: string, label: string, path: string, keyed: boolean): Scenario => ({
  name,
  label,
  group: 'service',
  async prepare(f) {
    const main = await f.main();
    return { server: service(main), request: get(path, keyed ? bearer(main) : {}) };
  },
});

/** The console's session on the main deployment, made once for every console row. */
let mainConsoleCookie: Promise<string> | undefined;

/** A console page, signed in as a staff account, as its browser asks for it. */
const consolePage = (name: string, label: string, path: string): Scenario => ({
  name,
  label,
  group: 'service',
  async prepare(f) {
    const main = await f.main();
    return {
      server: service(main),
      request: get(path, { cookie: await (mainConsoleCookie ??= consoleCookie(main)) }),
    };
  },
});

/** A list page with the read caches left out, so that each request runs its queries and renders them. */
const pageUncached = (name: string, path: string): Scenario => ({
  name,
  label: `GET ${path}, launched leaving out read-caches`,
  group: 'service',
  async prepare(f) {
    return { server: serviceLeavingOut('read-caches', await f.main()), request: get(path) };
  },
});

export const scenarios: Scenario[] = [
  listing('list-available', `GET ${mainQuery}`, async () => ({})),
  {
    name: 'list-available-1m',
    label: `GET ${mainQuery}, first page, 1M pets`,
    group: 'service',
    async prepare(f) {
      const large = await f.large();
      return { server: service(large), request: get(mainQuery, bearer(large)) };
    },
  },
  {
    name: 'list-deep-cursor-1m',
    label: `GET ${mainQuery}&cursor=… 90% into 1M pets`,
    group: 'service',
    async prepare(f) {
      const large = await f.large();
      const cursor = await cursorAfter(large.cursorSecret, Math.floor(large.pets * 0.9), 'available');
      return { server: service(large), request: get(`${mainQuery}&cursor=${cursor}`, bearer(large)) };
    },
  },
  {
    name: 'list-100',
    label: 'GET /v1/pets?limit=100',
    group: 'service',
    async prepare(f) {
      const main = await f.main();
      return { server: service(main), request: get('/v1/pets?limit=100', bearer(main)) };
    },
  },
  ...searchRows('sqlite'),
  creating('create-pet', 'POST /v1/pets', {}),
  onMain('create-pet-keyed', 'POST /v1/pets, an Idempotency-Key of its own each', postPetKeyed),
  creating('create-pet-sync-full', 'POST /v1/pets, PETSTORE_SQLITE_SYNCHRONOUS=full', fullSyncEnv),
  // What scope checks and the event outbox cost: each against the same launcher with nothing left out.
  leavingOut('list-available-launched', 'nothing', 'list'),
  leavingOut('list-available-no-scope-checks', 'scope-checks', 'list'),
  leavingOut('create-pet-launched', 'nothing', 'create'),
  leavingOut('create-pet-no-outbox', 'event-outbox', 'create'),
  creatingProfiles('create-pet-indexed', 'nothing', 'sqlite'),
  creatingProfiles('create-pet-no-index', 'search-index', 'sqlite'),
  {
    name: 'get-pet',
    label: 'GET /v1/pets/{id}, random ids',
    group: 'service',
    async prepare(f) {
      const main = await f.main();
      return {
        server: service(main),
        request: { ...get('/v1/pets/', bearer(main)), randomIdUpTo: main.pets },
      };
    },
  },
  listing('list-available-redis', `GET ${mainQuery}, Redis limiter`, async (f) => {
    const redis = await f.redis();
    return redis ? redisLimiterEnv(redis.url, redis.prefix) : 'Redis does not answer';
  }),
  {
    name: 'list-available-postgres',
    label: `GET ${mainQuery}, PostgreSQL`,
    group: 'service',
    async prepare(f) {
      const postgres = await f.postgres();
      if (!postgres) return { skipped: `PostgreSQL does not answer at ${f.postgresUrl}` };
      return { server: service(postgres), request: get(mainQuery, bearer(postgres)) };
    },
  },
  {
    // The scale-out deployment: caches exact through the data version in Redis (docs/decisions.md).
    name: 'list-available-postgres-redis',
    label: `GET ${mainQuery}, PostgreSQL + Redis`,
    group: 'service',
    async prepare(f) {
      const [postgres, redis] = [await f.postgres(), await f.redis()];
      if (!postgres) return { skipped: `PostgreSQL does not answer at ${f.postgresUrl}` };
      if (!redis) return { skipped: 'Redis does not answer' };
      return {
        server: service(postgres, redisLimiterEnv(redis.url, redis.prefix)),
        request: get(mainQuery, bearer(postgres)),
      };
    },
  },
  {
    // With the append lock every creation takes on PostgreSQL.
    name: 'create-pet-postgres',
    label: 'POST /v1/pets, PostgreSQL',
    group: 'service',
    async prepare(f) {
      const postgres = await f.postgres();
      if (!postgres) return { skipped: `PostgreSQL does not answer at ${f.postgresUrl}` };
      return { server: service(postgres), request: postPet(postgres) };
    },
  },
  ...searchRows('postgres'),
  creatingProfiles('create-pet-postgres-indexed', 'nothing', 'postgres'),
  creatingProfiles('create-pet-postgres-no-index', 'search-index', 'postgres'),
  {
    ...listing(
      'list-available-limits-off',
      `GET ${mainQuery}, rate limiting off`,
      async () => rateLimitsOffEnv,
    ),
    unlimited: true,
  },
  {
    // Placing an order takes its pet out of `available`: each request orders the next pet of a pool that
    // lasts the whole run, so none meets the 409 of a pet already ordered.
    name: 'place-order',
    label: 'POST /v1/store/orders, a new available pet each',
    group: 'service',
    async prepare(f) {
      const orders = await f.orders();
      const headers = { ...bearer(orders), 'content-type': 'application/json' };
      return {
        server: service(orders),
        request: {
          method: 'POST',
          path: '/v1/store/orders',
          headers,
          body: `{"petId":${idPlaceholder}}`,
          sequentialIds: petsToPlace(orders.layout),
        },
      };
    },
  },
  {
    // Each request approves the next placed order of a pool, so every one makes the transition (approving
    // an approved order would answer 200 unchanged, a cheaper path).
    name: 'approve-order',
    label: 'POST /v1/store/orders/{id}/approve, a placed order each',
    group: 'service',
    async prepare(f) {
      const orders = await f.orders();
      return {
        server: service(orders),
        request: {
          method: 'POST',
          path: `/v1/store/orders/${idPlaceholder}/approve`,
          headers: bearer(orders),
          sequentialIds: ordersToApprove(orders.layout),
        },
      };
    },
  },
  {
    // A shelter's fix of a name, as a merge patch. Each request renames the next pet of the orders
    // deployment's pools, to a name no pet was seeded with, so that every one changes the pet and writes it
    // with its `pet.updated` event.
    name: 'update-pet',
    label: 'PATCH /v1/pets/{id} with a new name, a pooled pet each',
    group: 'service',
    async prepare(f) {
      const orders = await f.orders();
      const headers = { ...bearer(orders), 'content-type': 'application/merge-patch+json' };
      return {
        server: service(orders),
        request: {
          method: 'PATCH',
          path: `/v1/pets/${idPlaceholder}`,
          headers,
          body: `{"name":"Buddy ${idPlaceholder}"}`,
          sequentialIds: petsToRename(orders.layout),
        },
      };
    },
  },
  onMain(
    'submit-application',
    'POST /v1/applications of a full application, an applicant of its own each',
    submitApplication,
  ),
  readingApplications('list-applications-20', applicationsQuery),
  // The pet listing beside it, on the same deployment and server: what the applications' target divides by.
  readingApplications('list-20', '/v1/pets?limit=20'),
  uploading('photo-upload', `${photoUploadLabel}, ${processingSlots} at once`, processingSlots),
  uploading('photo-upload-8', `${photoUploadLabel}, 8 at once (6 wait for the 2 slots)`, 8),
  {
    // The photos deployment holds the main one's pets: the same page, while 4 uploads are processed.
    name: 'list-available-uploading',
    label: `GET ${mainQuery} while 4 photo uploads run at once`,
    group: 'service',
    async prepare(f) {
      const [photos, bodyFile] = [await f.photos(), await f.photoFile()];
      return {
        server: photoService(photos),
        request: get(mainQuery, bearer(photos)),
        alongside: { request: uploads(photos, bodyFile), connections: 4 },
      };
    },
  },
  {
    name: 'photo-medium',
    label: 'GET /v1/photos/{id}/medium of the 12-megapixel upload',
    group: 'service',
    async prepare(f) {
      const photos = await f.photos();
      const server = photoService(photos);
      return { server, request: get((await f.mediumPhoto(server, firstPhotoPet(photos) - 1)).path) };
    },
  },
  // The public pages (docs/adoption-pages.md) beside the API's JSON of the same animals.
  page('adopt-list', `GET ${adoptList}: 20 animals, rendered`, adoptList, false),
  page('adopt-list-json', `GET ${adoptListJson}: the same 20`, adoptListJson, true),
  page('adopt-pet', `GET /adopt/pets/${shownPetId()}`, `/adopt/pets/${shownPetId()}`, false),
  page('adopt-pet-json', `GET /v1/pets/${shownPetId()}: the same animal`, `/v1/pets/${shownPetId()}`, true),
  pageUncached('adopt-list-uncached', adoptList),
  // The console (docs/console.md) beside the API's JSON of the same animals: its list of 25, published or not.
  consolePage('console-animals', 'GET /console: 25 animals, rendered for staff', '/console'),
  page(
    'console-animals-json',
    'GET /v1/pets?limit=25&sort=-createdAt: the same 25',
    '/v1/pets?limit=25&sort=-createdAt',
    true,
  ),
  consolePage(
    'console-animal',
    `GET /console/animals/${shownPetId()}: its form`,
    `/console/animals/${shownPetId()}`,
  ),
  pageUncached('adopt-filtered-uncached', adoptFiltered),
  readingOrders('list-orders', ordersQuery),
  {
    name: 'inventory',
    label: 'GET /v1/store/inventory',
    group: 'service',
    async prepare(f) {
      const main = await f.main();
      return { server: service(main), request: get('/v1/store/inventory', bearer(main)) };
    },
  },
  readingOrders('events-feed', feedQuery),
  {
    name: 'node-http-static',
    label: 'node:http, fixed 20-pet page',
    group: 'baseline',
    prepare: async () => ({ server: tsScript('./baselines/node-http-static.ts'), request: get(mainQuery) }),
  },
  {
    name: 'fastify-static',
    label: 'Fastify, fixed 20-pet page, response schema',
    group: 'baseline',
    prepare: async () => ({ server: tsScript('./baselines/fastify-static.ts'), request: get(mainQuery) }),
  },
  {
    name: 'node-http-echo',
    label: 'node:http POST echo',
    group: 'baseline',
    prepare: async () => ({
      server: tsScript('./baselines/node-http-echo.ts'),
      request: postPetUnkeyed,
    }),
  },
  {
    name: 'fastify-post',
    label: 'Fastify POST: body validated, 201 through a response schema',
    group: 'baseline',
    prepare: async () => ({
      server: tsScript('./baselines/fastify-post.ts'),
      request: postPetUnkeyed,
    }),
  },
  sharpAlone('sharp-alone', processingSlots),
  sharpAlone('sharp-alone-8', 8),
  {
    name: 'fastify-static-file',
    label: '@fastify/static serving the same medium photo from disk',
    group: 'baseline',
    async prepare(f) {
      const photos = await f.photos();
      const { folder } = await f.mediumPhoto(photoService(photos), firstPhotoPet(photos) - 1);
      return {
        server: tsScript('./baselines/fastify-static-file.ts', { PHOTO_FOLDER: folder }),
        request: get('/medium.webp'),
      };
    },
  },
  {
    name: 'express',
    label: `Express 4 GET ${mainQuery}`,
    group: 'peer',
    async prepare(f) {
      const main = await f.main();
      const server = tsScript('./peers/express-pets.ts', { PETS_DB: main.sqliteFile! });
      return { server, request: get(mainQuery, bearer(main)) };
    },
  },
  {
    name: 'json-server',
    label: 'json-server 0.17 GET /pets?status=available&_limit=20',
    group: 'peer',
    // It answers a few requests a second: a 2-second run may end before the first of 50 queued ones.
    minSeconds: 5,
    async prepare(f) {
      const bin = createRequire(import.meta.url).resolve('json-server/lib/cli/bin.js');
      const db = await f.jsonServerDb();
      return {
        server: {
          nodeArgs: [bin, db, '--host', '127.0.0.1', '--quiet'],
          env: { NODE_ENV: 'production' },
          readyPath: '/pets/1',
        },
        request: get('/pets?status=available&_limit=20'),
      };
    },
  },
];
