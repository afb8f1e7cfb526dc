// PostgreSQL with Redis: the versions are counters in Redis. A value read under version v is kept under v:
// a write acknowledged before the read began had bumped v already, so it is in the value; one that commits
// later bumps v for later requests. While Redis cannot be read, nothing is cached and every read goes to the
// database: pages stay exact.
import { ApiError } from '../errors/api-error.js';
import type { ReadsAlong } from '../limits/read-along.js';
import { openRedis } from '../redis/redis-client.js';
import { readAlone } from '../limits/redis-count-script.js';
import type { DataVersion, VersionTokens, VersionTopic } from './versions.js';
import { sharedVersion } from './shared-version.js';

/**
 * Increments a version. A missing key (a new or emptied Redis) starts from a random base rather than 0,
 * so that a version held before Redis lost its data is never handed out again.
 */
const bumpScript = `
if redis.call('exists', KEYS[1]) == 0 then redis.call('set', KEYS[1], ARGV[1]) end
return redis.call('incr', KEYS[1])`;

export interface RedisVersionOptions {
  url: string;
  /** The Redis key of each topic's version, e.g. `petstore:production:data-version:`. */
  keys: Readonly<Record<VersionTopic, string>>;
  timeoutMs: number;
  /**
   * The rate limiter, when its counters are in this same Redis (`url`): each request it counts reads the
   * versions along, in that same round trip (src/limits/read-along.ts), so that a cached request needs no
   * read of its own. A limiter on another Redis would read versions that no write advances: never pass one.
   */
  limiter?: ReadsAlong;
}

export async function createRedisVersion({
  url,
  keys,
  timeoutMs,
  limiter,
}: RedisVersionOptions): Promise<DataVersion> {
  const client = openRedis(url, timeoutMs);
  client.on('error', () => {}); // reported where a call fails; ioredis reconnects on its own
  client.defineCommand('bumpVersion', { numberOfKeys: 1, lua: bumpScript });
  const scripts = client as unknown as { bumpVersion(key: string, seed: string): Promise<number> };
  // Both versions are read as the limiter reads them along, which starts a missing version from a random base
  // too. Without that, a deployment that no write announced yet (seeded, migrated, or after Redis lost its
  // data) cached nothing until its first write, however many reads came first.
  const readVersions = readAlone(client);
  await client.connect().catch(() => {});
  const seed = () => String(Math.floor(Math.random() * 2 ** 50) * 1024);
  // Drawn anew only once a read has used it, not for every read (1% of a cached request's CPU).
  let readSeed = seed();
  const tokensOf = ([data, keyRecords]: readonly string[]): VersionTokens => {
    if (data === readSeed || keyRecords === readSeed) readSeed = seed();
    return { data: String(data), keys: String(keyRecords) };
  };
  const version = sharedVersion({
    read: async () => tokensOf(await readVersions([keys.data, keys.keys], readSeed)),
    async advance(topic) {
      await scripts.bumpVersion(keys[topic], seed());
    },
    assertReachable() {
      if (client.status !== 'ready') {
        throw new ApiError(
          'service_unavailable',
          'Redis, which keeps every instance exact, cannot be reached; nothing was changed',
        );
      }
    },
    unannounced:
      'the change was saved but Redis, which tells the other instances, could not be reached; check before retrying',
    close: async () => {
      client.disconnect();
    },
  });
  limiter?.readAlong({
    keys: [keys.data, keys.keys],
    seed: () => readSeed,
    sent: (values) =>
      version.readSentElsewhere(values.then((read) => (read?.length === 2 ? tokensOf(read) : undefined))),
  });
  return version;
}
