// The data every row needs, made once per run and only when a chosen row needs it: the seeded
// deployments, the json-server file, and whether PostgreSQL and Redis answer.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  postgresDeployment,
  sqliteDeployment,
  sqliteOrdersDeployment,
  type Deployment,
} from './deployments.js';
import { writeJsonServerDb } from './json-server-db.js';
import { uploadMediumPhoto, type MediumPhoto } from './medium-photo.js';
import { writeTwelveMegapixelJpeg } from './photo-file.js';
import type { RunLength } from './order-rows.js';
import { reachable } from './reachable.js';
import { deleteRedisKeys } from './redis-cleanup.js';
import { seedApplications } from './seed-applications.js';
import type { ServerSpec } from './server-process.js';

/** The search index of a deployment the search rows read, measured as soon as it is seeded. */
export interface SearchIndexSize {
  deployment: string;
  pets: number;
  /** Migrating, seeding (pets and index), ANALYZE and the key, end to end. */
  seedSeconds: number;
  bytes: number;
  /** `bytes` scaled to 1,000,000 pets: the index grows with the pets, about 70 rows each. */
  bytesPerMillionPets: number;
}

/** The run's length sizes the pools of the rows that use up one pet or order per request. */
export interface FixtureOptions extends RunLength {
  /** Temporary folder of the run, removed afterwards. */
  dir: string;
  pets: number;
  deepPets: number;
  postgresUrl: string;
  redisUrl: string;
}

const memo = <T>(make: () => Promise<T>): (() => Promise<T>) => {
  let made: Promise<T> | undefined;
  return () => (made ??= make());
};

export function createFixtures(options: FixtureOptions) {
  const { dir, pets, deepPets, postgresUrl, redisUrl } = options;
  const tag = `${process.pid}_${Date.now().toString(36)}`;
  const postgresSchema = `bench_${tag}`;
  // The service adds the `:` after its prefix (and refuses a prefix that ends in one); the cleanup matches
  // up to that `:`, so that it never reaches a run whose tag merely starts with this one's.
  const redisPrefix = `petstore-bench:${tag}`;
  const made: Deployment[] = [];
  let usedRedis = false;
  const keep = <D extends Deployment>(deployment: D) => (made.push(deployment), deployment);
  const sqliteIn = (name: string, count: number) => async () => {
    mkdirSync(join(dir, name), { recursive: true });
    return keep(sqliteDeployment(join(dir, name), count));
  };
  const searchIndexSizes: SearchIndexSize[] = [];
  let mediumPhoto: Promise<MediumPhoto> | undefined;
  let applications: Promise<Deployment> | undefined;
  /** `make`, timed, with its search index measured before any row writes to it. */
  const measured = async (deployment: string, make: () => Promise<Deployment>) => {
    const started = performance.now();
    const made = await make();
    const seedSeconds = (performance.now() - started) / 1000;
    const bytes = await made.searchIndexBytes();
    const bytesPerMillionPets = Math.round((bytes * 1_000_000) / made.pets);
    searchIndexSizes.push({ deployment, pets: made.pets, seedSeconds, bytes, bytesPerMillionPets });
    return made;
  };

  const fixtures = {
    pets,
    deepPets,
    /** The main deployment: SQLite with `pets` pets. */
    main: memo(sqliteIn('main', pets)),
    /** The large deployment of the deep-cursor, memory and SQLite search rows. */
    large: memo(() => measured('SQLite', sqliteIn('large', deepPets))),
    /** The deployment of the order and event rows, apart so that their writes leave the main data alone. */
    orders: memo(async () => {
      mkdirSync(join(dir, 'orders'), { recursive: true });
      return keep(sqliteOrdersDeployment(join(dir, 'orders'), options));
    }),
    /** The main scenario's data on PostgreSQL, or undefined when PostgreSQL does not answer. */
    postgres: memo(async () =>
      (await reachable(postgresUrl))
        ? keep(await measured('PostgreSQL', () => postgresDeployment(postgresUrl, postgresSchema, pets)))
        : undefined,
    ),
    /** Where the limiter's Redis counters go, or undefined when Redis does not answer. */
    redis: memo(async () => {
      usedRedis = await reachable(redisUrl);
      return usedRedis ? { url: redisUrl, prefix: redisPrefix } : undefined;
    }),
    /** The deployment of the upload rows: each upload goes to a pet of its own, and the main data stays as it is. */
    photos: memo(sqliteIn('photos', pets)),
    /** The photo rows' upload (bench/lib/photo-file.ts). */
    photoFile: memo(() => writeTwelveMegapixelJpeg(join(dir, 'photo.jpg'))),
    /** The photo of the download rows, uploaded the first time through `server` to pet `petId` of the photos deployment. */
    mediumPhoto: (server: ServerSpec, petId: number) =>
      (mediumPhoto ??= (async () =>
        uploadMediumPhoto(server, await fixtures.photos(), petId, await fixtures.photoFile(), dir))()),
    /**
     * The deployment of the application listing rows: the main one's pets, and applications submitted the
     * first time through the service `serve` gives for it. Apart, so that `submit-application` (on the main
     * one) leaves its pages as they were.
     */
    applications: (serve: (deployment: Deployment) => ServerSpec) =>
      (applications ??= (async () => {
        const deployment = await sqliteIn('applications', pets)();
        await seedApplications(serve(deployment), deployment);
        return deployment;
      })()),
    jsonServerDb: memo(async () => {
      const file = join(dir, 'json-server-db.json');
      writeJsonServerDb(file, pets);
      return file;
    }),
    postgresUrl,
    /** The search index of each deployment of the search rows made so far. */
    searchIndexSizes,
    async cleanup() {
      for (const deployment of made) await deployment.remove().catch(() => {});
      if (usedRedis) await deleteRedisKeys(redisUrl, `${redisPrefix}:`).catch(() => {});
    },
  };
  return fixtures;
}

export type Fixtures = ReturnType<typeof createFixtures>;
