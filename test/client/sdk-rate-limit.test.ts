// A key that hits its rate limit: the SDK waits for Retry-After and then succeeds, without ever sending the
// early retries that get a key banned. Time is virtual: the SDK's waits advance the server's clock.
//
// It runs against the service's own limiter (src/limits) when the service has one, on the same virtual
// clock, with a key whose quota is a few requests a minute and a ban after two rejections. Until then it runs
// against a stand-in with the documented behaviour: a fixed window, 429 with Retry-After and X-RateLimit-*
// headers, and a strike for every request sent before Retry-After has passed.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PetstoreClient } from '../../src/client/index.js';
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

async function limitedServer(backend: Backend, clock: () => number) {
  if (serviceHasLimiter) {
    // Two early retries would get the key banned; the SDK must send none.
    const overrides = { banThreshold: 2 } as Partial<Record<SettingName, unknown>>;
    const server = await startSdkServer(backend, { clock, overrides });
    const { key } = await server.newKey('enterprise', { perMinute: quota, perDay: 1000 });
    return { server, key, earlyRetries: () => 0 };
  }
  const limiter = standInLimiter(clock);
  const server = await startSdkServer(backend, { clock, setup: limiter.setup });
  return { server, key: server.key, earlyRetries: () => limiter.state.earlyRetries };
}

for (const backend of backends) {
  describe(`SDK under a rate limit on ${backend.name} (${serviceHasLimiter ? 'the service' : 'a stand-in'})`, () => {
    let now = 1_800_000_000_000;
    let limited: Awaited<ReturnType<typeof limitedServer>>;
    let server: SdkServer;
    before(async () => {
      limited = await limitedServer(backend, () => now);
      server = limited.server;
    });
    after(() => server.close());

    test('a key that hits its limit waits for Retry-After, then succeeds, and is never banned', async () => {
      const waits: number[] = [];
      const client = new PetstoreClient({
        baseUrl: server.baseUrl,
        apiKey: limited.key,
        maxDelayMs: 120_000,
        sleep: async (ms) => {
          waits.push(ms);
          now += ms;
        },
      });
      const started = now;
      // Any refusal the SDK cannot wait out (a ban's long Retry-After) would throw here.
      for (let i = 0; i < quota * 2 + 1; i++) await client.createPet({ name: `p${i}`, categoryId: 1 });

      assert.equal(limited.earlyRetries(), 0, 'no request was sent before Retry-After had passed');
      assert.equal(waits.length, 2, 'one wait per exhausted window');
      assert.ok(waits.every((ms) => ms > 0 && ms <= windowMs));
      assert.ok(now - started >= 2 * windowMs - 1000);
      const listed = await server.request({ url: '/v1/pets?limit=100', headers: server.auth });
      assert.equal(listed.json().length, quota * 2 + 1, 'every pet created once');
      assert.equal(client.rateLimit?.limit, quota);
    });
  });
}
