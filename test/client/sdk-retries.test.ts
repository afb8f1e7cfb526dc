// The SDK's retries against a real listening server, on every backend: Retry-After, backoff, rate limits,
// and POSTs that must never create a pet twice. Waits run on a virtual clock, so no test sleeps.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  PetstoreClient,
  type OutgoingRequest,
  type PetstoreClientOptions,
  type Transport,
} from '@petstore/client';
import { backends } from '../helpers/backends.js';
import { failureOf, startSdkServer, type Fault, type SdkServer } from '../helpers/sdk-server.js';

const unavailable = (headers?: Record<string, string>): Fault => ({
  status: 503,
  code: 'service_unavailable',
  ...(headers ? { headers } : {}),
});

for (const backend of backends) {
  describe(`SDK retries on ${backend.name}`, () => {
    let server: SdkServer;
    let waits: number[];
    before(async () => {
      server = await startSdkServer(backend);
    });
    after(() => server.close());

    const clientWith = (options: Partial<PetstoreClientOptions> = {}) => {
      waits = [];
      server.faults.length = 0;
      return new PetstoreClient({
        baseUrl: server.baseUrl,
        apiKey: server.key,
        sleep: async (ms) => void waits.push(ms),
        ...options,
      });
    };
    const petCount = async () =>
      (await server.request({ url: '/v1/pets?limit=100', headers: server.auth })).json().length;

    test('an injected 503 with Retry-After is waited for, then retried', async () => {
      const client = clientWith();
      server.faults.push(unavailable({ 'retry-after': '2' }));
      assert.ok(Array.isArray(await client.listPets()));
      assert.deepEqual(waits, [2000]);
    });

    test('without Retry-After, waits back off exponentially with full jitter up to maxDelayMs', async () => {
      const client = clientWith({ maxAttempts: 6, baseDelayMs: 100, maxDelayMs: 300 });
      server.faults.push(...Array.from({ length: 5 }, () => unavailable()));
      await client.listPets();
      assert.equal(waits.length, 5);
      const ceilings = [100, 200, 300, 300, 300];
      waits.forEach((ms, i) => assert.ok(ms >= 0 && ms <= ceilings[i]!, `wait ${i} was ${ms} ms`));
      assert.ok(new Set(waits).size > 1, 'jittered waits differ');
    });

    test('after maxAttempts the last error is thrown', async () => {
      const client = clientWith({ maxAttempts: 3 });
      server.faults.push(...Array.from({ length: 5 }, () => unavailable({ 'retry-after': '1' })));
      const before = server.petRequests;
      const error = await failureOf(client.listPets());
      assert.equal(error.code, 'service_unavailable');
      assert.equal(error.status, 503);
      assert.equal(server.petRequests - before, 3);
    });

    test('a Retry-After longer than maxDelayMs is not waited for: the call fails at once', async () => {
      const client = clientWith({ maxDelayMs: 5000 });
      server.faults.push(unavailable({ 'retry-after': '60' }));
      const error = await failureOf(client.listPets());
      assert.equal(error.status, 503);
      assert.deepEqual(waits, []);
    });

    test('errors other than 429 and 503 are not retried', async () => {
      const client = clientWith();
      server.faults.push({ status: 500, code: 'internal_error' });
      const error = await failureOf(client.listPets());
      assert.equal(error.code, 'internal_error');
      assert.deepEqual(waits, []);
    });

    test('a POST is retried with the same Idempotency-Key the SDK added', async () => {
      const keys: Array<string | null> = [];
      const client = clientWith({
        fetch: (request) => {
          keys.push(request.headers.get('idempotency-key'));
          return fetch(request);
        },
      });
      server.faults.push(unavailable({ 'retry-after': '1' }));
      await client.createPet({ name: 'Rex', categoryId: 1 });
      assert.equal(keys.length, 2);
      assert.match(keys[0]!, /^[0-9a-f-]{36}$/);
      assert.equal(keys[1], keys[0]);
    });

    test('a POST without an Idempotency-Key is never retried', async () => {
      const client = clientWith();
      server.faults.push(unavailable({ 'retry-after': '1' }));
      const error = await failureOf(
        client.createPet({ name: 'Rex', categoryId: 1 }, { idempotencyKey: false }),
      );
      assert.equal(error.status, 503);
      assert.deepEqual(waits, []);
    });

    test('a POST whose connection drops after the pet was created is retried and creates one pet', async () => {
      const client = clientWith();
      const count = await petCount();
      server.faults.push({ drop: true });
      const pet = await client.createPet({ name: 'Once', categoryId: 5 });
      assert.equal(waits.length, 1, 'retried once after the network error');
      assert.equal(await petCount(), count + 1);
      const stored = (await server.request({ url: `/v1/pets/${pet.id}`, headers: server.auth })).json();
      assert.deepEqual(stored, pet);
    });

    test('a POST whose answer is slower than timeoutMs is retried and creates one pet', async () => {
      const client = clientWith({ timeoutMs: 100 });
      const count = await petCount();
      server.faults.push({ delayMs: 300 });
      const pet = await client.createPet({ name: 'Slow', categoryId: 5 });
      assert.equal(waits.length, 1, 'retried once after the timeout');
      assert.equal(await petCount(), count + 1);
      assert.equal(pet.name, 'Slow');
    });

    test('a dropped POST without an Idempotency-Key is not retried', async () => {
      const client = clientWith();
      server.faults.push({ drop: true });
      const error = await failureOf(
        client.createPet({ name: 'Maybe', categoryId: 5 }, { idempotencyKey: false }),
      );
      assert.equal(error.code, 'network_error');
      assert.deepEqual(waits, []);
    });

    test('the last rate-limit state seen is exposed', async () => {
      const client = clientWith();
      assert.equal(client.rateLimit, undefined);
      const reset = Math.floor(Date.now() / 1000) + 30;
      const headers = {
        'x-ratelimit-limit': '60',
        'x-ratelimit-remaining': '0',
        'x-ratelimit-reset': String(reset),
        'retry-after': '1',
      };
      server.faults.push({ status: 429, code: 'rate_limited', headers });
      await client.listPets();
      // The retry's answer carries the server's own headers (the test key's quota is 1,000,000), and the
      // state kept is the last one reported, not the injected 429's.
      const state = client.rateLimit!;
      assert.equal(state.limit, 1_000_000);
      assert.ok(state.remaining < state.limit);
      assert.ok(state.reset.getTime() > reset * 1000, 'the window of the real answer, not the 429');
    });

    test('with a transport instead of fetch: the same answers, retries and errors', async () => {
      const sent: OutgoingRequest[] = [];
      const transport: Transport = async (request) => {
        sent.push(request);
        const { url, ...init } = request;
        const response = await fetch(url, init);
        const { status, statusText, headers } = response;
        return { status, statusText, headers, body: await response.text() };
      };
      const client = clientWith({
        transport,
        fetch: () => Promise.reject(new Error('fetch is not used when a transport is given')),
      });
      const before = await petCount();
      server.faults.push(unavailable({ 'retry-after': '2' }));
      const pet = await client.createPet({ name: 'Via', categoryId: 1 }, { idempotencyKey: 'via-transport' });
      assert.equal(pet.name, 'Via');
      assert.deepEqual(waits, [2000], 'the 503 was waited out and retried');
      assert.equal(await petCount(), before + 1);
      assert.deepEqual(
        sent.map((r) => [r.method, r.body, r.headers.get('idempotency-key')]),
        [
          ['POST', '{"name":"Via","categoryId":1}', 'via-transport'],
          ['POST', '{"name":"Via","categoryId":1}', 'via-transport'],
        ],
      );
      assert.deepEqual(await client.getPet(pet.id), pet);
      const missing = await failureOf(client.getPet(999_999_999));
      assert.equal(missing.code, 'pet_not_found');
      assert.equal(missing.status, 404);
      assert.ok(client.rateLimit, 'the rate-limit headers are read from its answers');
    });
  });
}
