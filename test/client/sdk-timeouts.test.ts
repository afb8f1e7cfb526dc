// Each attempt's time limit, with a fake fetch (no server): it covers the answer's body, and it ends with the
// call, so that a client sending thousands of requests (a bulk import) does not hold 30 s worth of them.
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import { PetstoreClient, PetstoreError } from '@petstore/client';

const pet = { id: 1, name: 'Rex', categoryId: 1, status: 'available' };
const created = () =>
  new Response(JSON.stringify(pet), { status: 201, headers: { 'content-type': 'application/json' } });
const clientWith = (fetch: (request: Request) => Promise<Response>, timeoutMs: number) =>
  new PetstoreClient({ baseUrl: 'http://127.0.0.1:1/v1', apiKey: 'pet_test_x', fetch, timeoutMs });

const { setTimeout: realSetTimeout, clearTimeout: realClearTimeout } = globalThis;
afterEach(() => Object.assign(globalThis, { setTimeout: realSetTimeout, clearTimeout: realClearTimeout }));

/** Records the timers of `ms` started through the global setTimeout, and which of them were cleared. */
function watchTimers(ms: number) {
  const started = new Set<unknown>();
  const cleared = new Set<unknown>();
  Object.assign(globalThis, {
    setTimeout: (callback: () => void, delay?: number) => {
      const timer = realSetTimeout(callback, delay);
      if (delay === ms) started.add(timer);
      return timer;
    },
    clearTimeout: (timer: Parameters<typeof clearTimeout>[0]) => {
      cleared.add(timer);
      realClearTimeout(timer);
    },
  });
  return { started, running: () => [...started].filter((timer) => !cleared.has(timer)) };
}

test('once a call has its answer, no time limit of its attempts is left running', async () => {
  const timers = watchTimers(12_345);
  let failures = 1;
  const client = clientWith(async () => {
    if (failures-- > 0) return new Response('{}', { status: 503, headers: { 'retry-after': '0' } });
    return created();
  }, 12_345);
  assert.deepEqual(await client.createPet({ name: 'Rex', categoryId: 1 }), pet);
  assert.equal(timers.started.size, 2, 'one limit per attempt');
  assert.deepEqual(timers.running(), []);
});

test('the time limit covers the body: an answer whose body stalls fails the call after timeoutMs', async () => {
  const client = clientWith(async (request) => {
    const body = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"id":'));
        request.signal.addEventListener('abort', () => controller.error(request.signal.reason));
      },
    });
    return new Response(body, { status: 201, headers: { 'content-type': 'application/json' } });
  }, 100);
  const started = Date.now();
  // A real connection would keep the process alive meanwhile; the limit's own timer does not.
  const alive = setInterval(() => {}, 1000);
  try {
    await assert.rejects(
      client.createPet({ name: 'Rex', categoryId: 1 }),
      (error: Error) => error instanceof PetstoreError && error.code === 'network_error',
    );
  } finally {
    clearInterval(alive);
  }
  assert.ok(Date.now() - started >= 90, 'not before the limit');
});

test('beforeAttempt runs before each attempt, outside its time limit; its rejection fails the call', async () => {
  let waits = 0;
  let failures = 1;
  const client = new PetstoreClient({
    baseUrl: 'http://127.0.0.1:1/v1',
    apiKey: 'pet_test_x',
    timeoutMs: 50,
    // Each wait outlasts the time limit: a limit that ran during it would have aborted the attempt.
    beforeAttempt: async () => {
      waits++;
      await new Promise((resolve) => setTimeout(resolve, 150));
    },
    fetch: async (request) => {
      request.signal.throwIfAborted();
      if (failures-- > 0) return new Response('{}', { status: 503, headers: { 'retry-after': '0' } });
      return created();
    },
  });
  assert.deepEqual(await client.createPet({ name: 'Rex', categoryId: 1 }), pet);
  assert.equal(waits, 2, 'once per attempt, the retry included');

  const refused = new Error('no turn for this call');
  let sent = 0;
  const refusing = new PetstoreClient({
    baseUrl: 'http://127.0.0.1:1/v1',
    apiKey: 'pet_test_x',
    beforeAttempt: async () => {
      throw refused;
    },
    fetch: async () => (sent++, created()),
  });
  await assert.rejects(
    refusing.createPet({ name: 'Rex', categoryId: 1 }),
    (error: Error) => error instanceof PetstoreError && error.cause === refused,
  );
  assert.equal(sent, 0);
});
