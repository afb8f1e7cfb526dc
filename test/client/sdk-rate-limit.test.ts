// A key that hits its rate limit: the SDK waits for Retry-After and then succeeds, without ever sending the
// early retries that get a key banned. With the stand-in, time is virtual: the SDK's waits advance its clock.
//
// It runs against the service's own limiter (src/limits) when the service has one (see limitedServer), and
// until then against a stand-in with the documented behaviour: a fixed window, 429 with Retry-After and
// X-RateLimit-* headers, and a strike for every request sent before Retry-After has passed.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PetstoreClient } from '@petstore/client';
import { settings, type SettingName } from '../../src/config.js';
import { backends, type Backend } from '../helpers/backends.js';
import { startSdkServer, type SdkServer } from '../helpers/sdk-server.js';

const quota = 3;
const windowMs = 60_000;
const serviceHasLimiter = 'rateLimits' in settings;

/** A stand-in limiter on `clock`; `earlyRetries` counts requests that a real limiter would hold against a key. */
function standInLimiter(clock: () => number) {
  const state = { windowStart: clock(), used: 0, blockedUntil: 0, earlyRetries: 0 };
  const limit = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.url.startsWith('/v1/pets')) return;
    const now = clock();
    if (now < state.blockedUntil) state.earlyRetries++;
    if (now >= state.windowStart + windowMs) Object.assign(state, { windowStart: now, used: 0 });
    const reset = state.windowStart + windowMs;
    state.used++;
    reply.headers({
      'x-ratelimit-limit': quota,
      'x-ratelimit-remaining': Math.max(0, quota - state.used),
      'x-ratelimit-reset': Math.ceil(reset / 1000),
    });
    if (state.used > quota) {
      state.blockedUntil = reset;
      const body = { code: 'rate_limited', message: 'Rate limit exceeded', status: 429 };
      return reply
        .code(429)
        .header('retry-after', Math.ceil((reset - now) / 1000))
        .send(body);
    }
  };
  return { state, setup: (app: FastifyInstance) => void app.addHook('preHandler', limit) };
}

/** A server that limits a key to `quota` requests a window, and how time passes for it and the SDK. */
async function limitedServer(backend: Backend) {
  if (serviceHasLimiter) {
    // The service's limiter keeps its counters on real time, so its "minute" is one second here: the test
    // waits out one window, for real. Three refusals within a minute get the key banned: one per exhausted
    // window is fine, but a client that retried before Retry-After would collect them at once.
    const overrides = { minuteWindowSeconds: 1, banThreshold: 3 } as Partial<Record<SettingName, unknown>>;
    const server = await startSdkServer(backend, { overrides });
    const { key } = await server.newKey('enterprise', { perMinute: quota, perDay: 1000 });
    const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
    return { server, key, windows: 1, windowMs: 1000, sleep, now: Date.now, earlyRetries: () => 0 };
  }
  let now = 1_800_000_000_000;
  const limiter = standInLimiter(() => now);
  const server = await startSdkServer(backend, { clock: () => now, setup: limiter.setup });
  const sleep = async (ms: number) => void (now += ms);
  const earlyRetries = () => limiter.state.earlyRetries;
  return { server, key: server.key, windows: 2, windowMs, sleep, now: () => now, earlyRetries };
}

for (const backend of backends) {
  describe(`SDK under a rate limit on ${backend.name} (${serviceHasLimiter ? 'the service' : 'a stand-in'})`, () => {
    let limited: Awaited<ReturnType<typeof limitedServer>>;
    let server: SdkServer;
    before(async () => {
      limited = await limitedServer(backend);
      server = limited.server;
    });
    after(() => server.close());

    test('a key that hits its limit waits for Retry-After, then succeeds, and is never banned', async () => {
      const waits: number[] = [];
      const client = new PetstoreClient({
        baseUrl: server.baseUrl,
        apiKey: limited.key,
        maxDelayMs: 120_000,
        sleep: (ms) => {
          waits.push(ms);
          return limited.sleep(ms);
        },
      });
      const started = limited.now();
      const creations = quota * limited.windows + 1;
      // Any refusal the SDK cannot wait out (a ban's long Retry-After) would throw here.
      for (let i = 0; i < creations; i++) await client.createPet({ name: `p${i}`, categoryId: 1 });

      assert.equal(limited.earlyRetries(), 0, 'no request was sent before Retry-After had passed');
      assert.equal(waits.length, limited.windows, 'one wait per exhausted window');
      assert.ok(waits.every((ms) => ms > 0 && ms <= limited.windowMs));
      assert.ok(limited.now() - started >= limited.windows * limited.windowMs - 1000);
      const listed = await server.request({ url: '/v1/pets?limit=100', headers: server.auth });
      assert.equal(listed.json().length, creations, 'every pet created once');
      assert.equal(client.rateLimit?.limit, quota);
    });
  });
}
