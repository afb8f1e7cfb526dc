// Builds the rate limiter the config asks for: counters in memory, or in Redis when REDIS_URL is set.
import type { Config } from '../config.js';
import { LimiterEvents } from './events.js';
import type { LimiterLog } from './log.js';
import { createMemoryBackend } from './memory-backend.js';
import { RateLimiter, type RateLimiterOptions } from './rate-limiter.js';
import { createRedisBackend } from './redis-backend.js';

export type { Decision, WindowState } from './decision.js';
export type { LimiterEvent, LimiterListener } from './events.js';
export type { LimitedKey, WindowUsage } from './rate-limiter.js';
export { RateLimiter } from './rate-limiter.js';

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
  const backend = config.redisUrl
    ? await createRedisBackend({
        url: config.redisUrl,
        prefix: redisPrefixOf(config),
        timeoutMs: config.redisTimeoutMs,
        failOpen,
        events,
        log,
      })
    : createMemoryBackend();
  return new RateLimiter({ settings: config, backend, events, log, clock, recordBan });
}
