// The data version that read caches are valid under, across every process sharing the data: SQLite's change
// token, or on PostgreSQL a counter that every write bumps after it commits and before it is acknowledged: in
// Redis when there is one (read in the round trip the rate limiter makes anyway), else a sequence in PostgreSQL
// (one small round trip per request, in place of the key's and the page's reads).
import { openRedis } from '../limits/redis-client.js';
import { ApiError } from '../errors/api-error.js';
import { advanceDataVersion, readDataVersion } from '../store/repositories/data-version-repository.js';
import type { Store } from '../store/store.js';

export interface DataVersion {
  /**
   * A token for reads starting now: a result read after this call may be cached under it, and served while
   * the token stays the same. Undefined means: do not cache (no version, or it cannot be read now).
   */
  token(): Promise<string | undefined>;
  /** Whether a value read under `token` may be kept, now that the read is done. */
  keep(token: string): boolean;
  /**
   * Runs a write that cached reads must see, and announces it before the caller acknowledges it. Where the
   * announcement cannot be made (Redis unreachable), the write is refused with 503 before it starts, or,
   * should Redis fail in between, answered 503 after it: never acknowledged unannounced.
   */
  write<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** What a read cache needs of the version: the token to read under, and whether to keep what was read. */
export type VersionView = Pick<DataVersion, 'token' | 'keep'>;

/**
 * The version as one request sees it: read at its first cached lookup and shared by the others, so that a
 * request pays one read (a pragma on SQLite, a round trip to Redis) however many caches it consults. Exact:
 * the one read still follows the request's start, so every write acknowledged before it is under the token.
 */
export function readOncePerRequest(version: VersionView): VersionView {
  let token: Promise<string | undefined> | undefined;
  return { token: () => (token ??= version.token()), keep: (read) => version.keep(read) };
}

/** SQLite: `data_version` and this process's own writes (src/store/dialects/sqlite.ts) already move. */
export const storeVersion = (store: Pick<Store, 'changeToken'>): DataVersion => ({
  token: async () => store.changeToken(),
  // A write that landed while reading may or may not be in the value: keep it only if none did.
  keep: (token) => store.changeToken() === token,
  write: (work) => work(),
  close: async () => {},
});

/** No caching: for a process that only writes, such as the cluster's primary issuing the first key. */
export const noVersion: DataVersion = {
  token: async () => undefined,
  keep: () => false,
  write: (work) => work(),
  close: async () => {},
};

/**
 * PostgreSQL alone: the `data_version` sequence. A value read under version v is kept under v, for the reason
 * given at createRedisVersion. While the version cannot be read, nothing is cached.
 */
export const postgresVersion = (store: Pick<Store, 'db'>): DataVersion => ({
  token: () => readDataVersion(store.db).catch(() => undefined),
  keep: () => true,
  async write(work) {
    const result = await work();
    try {
      await advanceDataVersion(store.db);
    } catch {
      throw new ApiError(
        'service_unavailable',
        'the change was saved but the data version, which tells the other instances, could not be advanced; check before retrying',
      );
    }
    return result;
  },
  close: async () => {},
});

/**
 * Increments the version. A missing key (a new or emptied Redis) starts from a random base rather than 0,
 * so that a version held before Redis lost its data is never handed out again.
 */
const bumpScript = `
if redis.call('exists', KEYS[1]) == 0 then redis.call('set', KEYS[1], ARGV[1]) end
return redis.call('incr', KEYS[1])`;

/**
 * Reads the version, starting it from a random base when it is missing. Without this, a deployment that no
 * write announced yet (seeded, migrated, or after Redis lost its data) cached nothing until its first write,
 * however many reads came first. Any version a missing key is started at is new, as above.
 */
const readScript = `
local version = redis.call('get', KEYS[1])
if version then return version end
redis.call('set', KEYS[1], ARGV[1])
return ARGV[1]`;

export interface RedisVersionOptions {
  url: string;
  /** The Redis key, e.g. `petstore:production:data-version`. */
  key: string;
  timeoutMs: number;
}

/**
 * The version in Redis. A value read under version v is kept under v: a write acknowledged before the read
 * began had bumped v already, so it is in the value; one that commits later bumps v for later requests.
 * While Redis cannot be read, nothing is cached and every read goes to the database: pages stay exact.
 */
export async function createRedisVersion({ url, key, timeoutMs }: RedisVersionOptions): Promise<DataVersion> {
  const client = openRedis(url, timeoutMs);
  client.on('error', () => {}); // reported where a call fails; ioredis reconnects on its own
  client.defineCommand('bumpVersion', { numberOfKeys: 1, lua: bumpScript });
  client.defineCommand('readVersion', { numberOfKeys: 1, lua: readScript });
  const scripts = client as unknown as {
    bumpVersion(key: string, seed: string): Promise<number>;
    readVersion(key: string, seed: string): Promise<string>;
  };
  await client.connect().catch(() => {});
  const seed = () => String(Math.floor(Math.random() * 2 ** 50) * 1024);
  // Drawn anew only once a read has used it, not for every read (1% of a cached request's CPU).
  let readSeed = seed();
  return {
    token: () =>
      scripts.readVersion(key, readSeed).then(
        (value) => {
          if (value === readSeed) readSeed = seed();
          return String(value);
        },
        () => undefined,
      ),
    keep: () => true,
    async write(work) {
      if (client.status !== 'ready') {
        throw new ApiError(
          'service_unavailable',
          'Redis, which keeps every instance exact, cannot be reached; nothing was changed',
        );
      }
      const result = await work();
      try {
        await scripts.bumpVersion(key, seed());
      } catch {
        throw new ApiError(
          'service_unavailable',
          'the change was saved but Redis, which tells the other instances, could not be reached; check before retrying',
        );
      }
      return result;
    },
    close: async () => {
      client.disconnect();
    },
  };
}
