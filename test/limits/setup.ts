// What the rate-limit suites share: the limiter backends they run on (memory always, Redis when the runner
// found one, each run under its own key prefix) and an app built on SQLite with a given limiter backend.
import { Redis } from 'ioredis';
import type { LightMyRequestResponse } from 'fastify';
import type { SettingName } from '../../src/config.js';
import type { LimiterEvent } from '../../src/limits/index.js';
import { backends, redisUrl, type Backend } from '../helpers/backends.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

export interface LimiterBackend {
  name: 'memory' | 'redis';
  /** Settings of a fresh, private limiter. */
  settings(): Partial<Record<SettingName, unknown>>;
}

let counter = 0;
/** A Redis key prefix no other test run uses. */
export const uniquePrefix = () => `petstore-test:${process.pid}:${Date.now().toString(36)}:${counter++}`;

const prefixes: string[] = [];

export const limiterBackends: LimiterBackend[] = [
  { name: 'memory', settings: () => ({}) },
  ...(redisUrl
    ? [
        {
          name: 'redis' as const,
          settings: () => {
            const redisPrefix = uniquePrefix();
            prefixes.push(redisPrefix);
            // A generous timeout: on a busy test machine a slow answer would otherwise switch the limiter
            // to in-process counting, which the outage suite tests on its own.
            return { redisUrl, redisPrefix, redisTimeoutMs: 5000 };
          },
        },
      ]
    : []),
];

/** Deletes the keys test runs left in the shared Redis. */
export async function clearRedisPrefixes(url = redisUrl): Promise<void> {
  if (!url || prefixes.length === 0) return;
  const client = new Redis(url);
  try {
    for (const prefix of prefixes.splice(0)) {
      const keys = await client.keys(`${prefix}:*`);
      if (keys.length > 0) await client.del(...keys);
    }
  } finally {
    client.disconnect();
  }
}

export const sqlite = backends.find((b) => b.name === 'sqlite')!;

export interface LimitedApp extends TestApp {
  events: LimiterEvent[];
  /** GET /v1/pets with a key (or none). */
  get(key?: string, options?: { remoteAddress?: string; url?: string }): Promise<LightMyRequestResponse>;
}

export async function startLimitedApp(
  limiter: LimiterBackend,
  overrides: Partial<Record<SettingName, unknown>> = {},
  { db = sqlite, clock }: { db?: Backend; clock?: () => number } = {},
): Promise<LimitedApp> {
  const t = await startTestApp(db, { ...limiter.settings(), ...overrides }, { clock });
  const events: LimiterEvent[] = [];
  t.app.rateLimiter?.observe((event) => events.push(event));
  return {
    ...t,
    events,
    get: (key, { remoteAddress, url = '/v1/pets?limit=1' } = {}) =>
      t.request({
        url,
        headers: key ? { authorization: `Bearer ${key}` } : {},
        ...(remoteAddress ? { remoteAddress } : {}),
      }),
  };
}

/** The rate-limit headers of a response, as numbers where they are numbers. */
export function limitHeaders(res: LightMyRequestResponse) {
  const h = res.headers;
  return {
    limit: Number(h['x-ratelimit-limit']),
    remaining: Number(h['x-ratelimit-remaining']),
    reset: Number(h['x-ratelimit-reset']),
    retryAfter: h['retry-after'] === undefined ? undefined : Number(h['retry-after']),
    policy: String(h['ratelimit-policy']),
    current: String(h['ratelimit']),
  };
}

/** `r` of one window in the RateLimit header. */
export function remainingIn(res: LightMyRequestResponse, window: 'minute' | 'day'): number {
  const match = new RegExp(`"${window}";r=(\\d+);t=(\\d+)`).exec(String(res.headers['ratelimit']));
  if (!match) throw new Error(`no ${window} item in RateLimit: ${String(res.headers['ratelimit'])}`);
  return Number(match[1]);
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
