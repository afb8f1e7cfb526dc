// Every setting the harness gives the service under test, in one place, including those of rate limiting.
//
// Settings travel as environment variables rather than flags: a build that does not know a variable
// ignores it, while an unknown flag would stop it. So on a build without rate limiting, "rate limiting
// off" measures the same service as "on", and the Redis row the same as the memory one; the harness then
// says that the service sent no X-RateLimit-Limit header.

/** Production mode, logs at warn: as the service is deployed. */
export const serviceEnv: Record<string, string> = { NODE_ENV: 'production', PETSTORE_ENV: 'production' };
export const serveArgs = ['serve', '--host', '127.0.0.1', '--log-level', 'warn'];

/** The durability setting that also survives power loss (docs/durability.md), for what it costs a write. */
export const fullSyncEnv: Record<string, string> = { PETSTORE_SQLITE_SYNCHRONOUS: 'full' };

// ---- Rate limiting ------------------------------------------------------------------------------------
/** Turns rate limiting (and its headers) off, for the "rate limiting on vs off" row. */
export const rateLimitsOffEnv: Record<string, string> = { PETSTORE_RATE_LIMITS: 'false' };

/** Keeps the limiter's counters in Redis, under a prefix of this run's own that is deleted afterwards. */
export const redisLimiterEnv = (url: string, prefix: string): Record<string, string> => ({
  REDIS_URL: url,
  PETSTORE_REDIS_PREFIX: prefix,
});

/** The response header that shows rate limiting is on. */
export const rateLimitHeader = 'x-ratelimit-limit';
