// The SDK against a real listening server, on every backend: each call, paging, errors and request ids.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { PetstoreClient, type NewPet } from '../../src/client/index.js';
import { backends } from '../helpers/backends.js';
import { failureOf, startSdkServer, type SdkServer } from '../helpers/sdk-server.js';

for (const backend of backends) {
  describe(`SDK calls on ${backend.name}`, () => {
    let server: SdkServer;
    let client: PetstoreClient;
    before(async () => {
      server = await startSdkServer(backend);
      client = new PetstoreClient({ baseUrl: server.baseUrl, apiKey: server.key });
    });
    after(() => server.close());

    test('createPet, then getPet and listPets return it', async () => {
      const rex = await client.createPet({ name: 'Rex', categoryId: 1, status: 'pending' });
      assert.deepEqual(rex, { id: rex.id, name: 'Rex', categoryId: 1, status: 'pending' });
      assert.deepEqual(await client.getPet(rex.id), rex);
      const pending = await client.listPets({ status: 'pending', limit: 100 });
      assert.ok(pending.some((p) => p.id === rex.id));
      assert.ok(pending.every((p) => p.status === 'pending'));
    });

    test('a base URL given as the bare host reaches /v1', async () => {
      const host = server.baseUrl.replace(/\/v1$/, '');
      const bare = new PetstoreClient({ baseUrl: `${host}/`, apiKey: server.key });
      assert.ok(Array.isArray(await bare.listPets({ limit: 1 })));
    });

    test('listAllPets follows Link next through every page', async () => {
      const created: number[] = [];
      for (let i = 0; i < 7; i++)
        created.push((await client.createPet({ name: `p${i}`, categoryId: 2, status: 'sold' })).id);
      const before = server.petRequests;
      const seen: number[] = [];
      for await (const pet of client.listAllPets({ status: 'sold', limit: 3 })) seen.push(pet.id);
      assert.deepEqual(seen, created);
      // 7 pets in pages of 3: three requests, the last without a next link.
      assert.equal(server.petRequests - before, 3);
    });

    const failures: Array<[string, (c: PetstoreClient) => Promise<unknown>, string, number]> = [
      ['a missing pet', (c) => c.getPet(987654321), 'pet_not_found', 404],
      ['an invalid body', (c) => c.createPet({ name: '', categoryId: 1 }), 'validation_failed', 400],
      [
        'an unknown key',
        () => new PetstoreClient({ baseUrl: server.baseUrl, apiKey: 'pet_live_nope' }).listPets(),
        'invalid_api_key',
        401,
      ],
    ];
    for (const [what, call, code, status] of failures) {
      test(`${what} throws PetstoreError ${code} with the request id`, async () => {
        const error = await failureOf(call(client));
        assert.equal(error.code, code);
        assert.equal(error.status, status);
        assert.ok(error.message.length > 0);
        assert.match(error.requestId, /^[0-9a-f-]{36}$/);
      });
    }

    test('an unreachable service throws PetstoreError network_error after its retries', async () => {
      const waits: number[] = [];
      const offline = new PetstoreClient({
        baseUrl: 'http://127.0.0.1:1/v1',
        apiKey: server.key,
        maxAttempts: 3,
        sleep: async (ms) => void waits.push(ms),
      });
      const error = await failureOf(offline.listPets());
      assert.equal(error.code, 'network_error');
      assert.equal(error.status, 0);
      assert.equal(waits.length, 2);
    });

    test('the request id of an error is the one in the service log and X-Request-Id', async () => {
      let sent: string | null = null;
      const spying = new PetstoreClient({
        baseUrl: server.baseUrl,
        apiKey: server.key,
        fetch: (request) => {
          sent = request.headers.get('x-request-id');
          return fetch(request);
        },
      });
      const error = await failureOf(spying.getPet(987654321));
      assert.equal(error.requestId, sent);
    });

    test('a wrong field type is refused by the types before it reaches the service', () => {
      // @ts-expect-error categoryId is a number
      const wrong: NewPet = { name: 'Rex', categoryId: '1' };
      assert.ok(wrong);
    });
  });
}
