// Builds the rate limiter the config asks for: counters in memory (in the cluster primary with --workers),
// or in Redis when REDIS_URL is set.
import cluster from 'node:cluster';
import type { Config } from '../config.js';
import { createClusterBackend } from './cluster-backend.js';
import { LimiterEvents } from './events.js';
import type { LimiterLog } from './log.js';
import { createMemoryBackend } from './memory-backend.js';
import { RateLimiter, type RateLimiterOptions } from './rate-limiter.js';
import { createRedisBackend } from './redis-backend.js';

export type { Decision, WindowState } from './decision.js';
export type { LimiterEvent, LimiterListener } from './events.js';
export type { WindowUsage } from './rate-limiter.js';
export { RateLimiter } from './rate-limiter.js';
export { startClusterCounters } from './cluster-backend.js';

export interface CreateRateLimiterOptions {
  log: LimiterLog;
  clock?: () => number;
  recordBan?: RateLimiterOptions['recordBan'];
  /** Count in process when Redis fails (the server); the CLI wants Redis's errors instead. */
  failOpen?: boolean;
}

/** The Redis key prefix: the configured one, or one per deployment. */
export const redisPrefixOf = (config: Pick<Config, 'redisPrefix' | 'env'>): string =>
  config.redisPrefix || `petstore:${config.env}`;

export async function createRateLimiter(
  config: Config,
  { log, clock, recordBan, failOpen = true }: CreateRateLimiterOptions,
): Promise<RateLimiter> {
  const events = new LimiterEvents();
  // Workers of `serve --workers N` share counters held by the cluster primary, unless Redis holds them.
  const inWorker = cluster.isWorker && config.workers > 1;
  const backend = config.redisUrl
    ? await createRedisBackend({
        url: config.redisUrl,
        prefix: redisPrefixOf(config),
        timeoutMs: config.redisTimeoutMs,
        failOpen,
        events,
        log,
      })
    : inWorker
      ? createClusterBackend({ timeoutMs: Math.max(1000, config.redisTimeoutMs), events, log })
      : createMemoryBackend();
  // A worker that cannot reach the primary allows 1/N of each quota, N being the workers on this machine.
  const settings = !config.redisUrl && inWorker ? { ...config, rateLimitInstances: config.workers } : config;
  return new RateLimiter({ settings, backend, events, log, clock, recordBan });
}
