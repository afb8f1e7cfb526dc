// Speed: the read caches, the versions they are valid under, and the batching of requests that arrive
// together. Use cases reach all of it through `Speed` below and never through the files beside this one.
//
// Why a cached answer is exact: every write of a topic moves that topic's version after it commits and before
// it is acknowledged (`write`, called by src/services/writes.ts alone); a request reads the version after it
// began (`view`), and is served a cached value only if that value was read under the same version (`cache`).
// So no write acknowledged before a request began can be missing from what it is served. Batching keeps
// this: a batch's query starts after every request it answers began (`turnBatch`), and a group's writes are
// acknowledged only once committed and announced (`groupCommit`).
// One exception, for key records on PostgreSQL (shared-version.ts): a request may take the keys' version
// from a read sent up to 15 ms before it began (`keyReadReuseMs`, by both the monotonic and the wall clock),
// so that a write pays no read of its own. Safe because a key change, once announced, waits at least 20 ms
// by the monotonic clock (`keyChangeWaitMs`) before it is acknowledged: one acknowledged before the request
// began was announced before any read the request may reuse. The argument at length: docs/decisions.md,
// "Caching reads".
import type { Config } from '../config.js';
import type { ReadsAlong } from '../limits/read-along.js';
import { leftOut } from '../left-out.js';
import type { Store } from '../store/store.js';
import { groupCommit } from './group-commit.js';
import { postgresVersion } from './postgres-version.js';
import { ReadCache } from './read-cache.js';
import { createRedisVersion } from './redis-version.js';
import { turnBatch } from './turn-batch.js';
import { checkingVersionHome, redisVersionKeys } from './version-home.js';
import {
  noVersion,
  storeVersion,
  type DataVersion,
  type VersionTopic,
  type VersionView,
} from './versions.js';

export type { ReadCache, VersionTopic, VersionView };
export { recordVersionHome } from './version-home.js';

export interface Speed {
  /**
   * A cache of values of `topic`, at most `max` of them: `read(key, load, view)` answers from it while no
   * write of `topic` has moved the version, and otherwise from `load`.
   */
  cache<V extends object>(topic: VersionTopic, max: number): ReadCache<V>;
  /**
   * Runs a write of `topic` and announces it (moves the version) before the caller acknowledges it. Where it
   * cannot be announced (Redis unreachable), it is refused with 503 before it starts, or answered 503 after.
   */
  write<T>(topic: VersionTopic, work: () => Promise<T>): Promise<T>;
  /** The versions as a request beginning now sees them, read once for every cache it consults. */
  view(reading?: boolean): VersionView;
  /** Commits the items that arrive while a transaction is committing together, in the next one. */
  groupCommit: typeof groupCommit;
  /** Answers the lookups by key that begin in one turn of the event loop with one query. */
  turnBatch: typeof turnBatch;
  /** Why writes are refused now (Redis unreachable), for the readiness probe; undefined while they are not. */
  writesRefused(): string | undefined;
  close(): Promise<void>;
}

const withBatching = (version: DataVersion): Speed => ({
  view: version.view,
  write: version.write,
  writesRefused: version.writesRefused,
  close: version.close,
  // A benchmark of queries leaves the caches out (src/left-out.ts): with no room, a cache keeps nothing.
  cache: (topic, max) => new ReadCache(version, topic, leftOut.readCaches ? 0 : max),
  groupCommit,
  turnBatch,
});

/** No caching, only batching: for a process that only writes, such as the cluster's primary issuing the first key. */
export const uncached: Speed = withBatching(noVersion);

export interface SpeedOptions {
  /**
   * The rate limiter's Redis round trip, when its counters are in the same Redis as the versions: each
   * request it counts reads the versions along (src/limits/read-along.ts).
   */
  limiter?: ReadsAlong;
  /**
   * True for a command run beside the servers (the CLI): its writes are refused when the servers keep their
   * versions somewhere else (version-home.ts).
   */
  besideServers?: boolean;
}

/**
 * The versions the store offers: SQLite's own change token; on PostgreSQL counters in Redis when there is
 * one, else the database's own sequences.
 */
export async function createSpeed(
  config: Pick<Config, 'redisUrl' | 'redisPrefix' | 'redisTimeoutMs' | 'env'>,
  store: Store,
  { limiter, besideServers = false }: SpeedOptions = {},
): Promise<Speed> {
  const own = !store.versionSequences
    ? storeVersion(store)
    : !config.redisUrl
      ? postgresVersion(store.versionSequences)
      : await createRedisVersion({
          url: config.redisUrl,
          keys: redisVersionKeys(config, store),
          timeoutMs: config.redisTimeoutMs,
          limiter,
        });
  return withBatching(besideServers ? checkingVersionHome(own, config, store) : own);
}
