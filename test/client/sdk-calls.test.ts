// The SDK against a real listening server, on every backend: each call, paging, errors and request ids.
// What the compiler refuses before a call is made (a wrong field type) is held by sdk-types.test-d.ts, which
// `tsc` in `npm run lint` checks.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { PetstoreClient } from '@petstore/client';
import { backends } from '../helpers/backends.js';
import { assertNewPet } from '../helpers/pet-profile.js';
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
      assertNewPet(rex, { name: 'Rex', categoryId: 1, status: 'pending' });
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

    test('listPetsPage says whether more follow from the page itself, and its cursor leads on', async () => {
      const created: number[] = [];
      for (let i = 0; i < 3; i++)
        created.push((await client.createPet({ name: `q${i}`, categoryId: 3, status: 'pending' })).id);
      const all = (await client.listPets({ status: 'pending', limit: 100 })).map((p) => p.id);
      const before = server.petRequests;
      const first = await client.listPetsPage({ status: 'pending', limit: all.length - 1 });
      assert.deepEqual(
        first.items.map((p) => p.id),
        all.slice(0, -1),
      );
      assert.equal(server.petRequests - before, 1, 'one request: the next page is not fetched');
      assert.ok(first.nextCursor, 'a full page with more behind it names the next');
      const rest = await client.listPetsPage({
        status: 'pending',
        limit: all.length - 1,
        cursor: first.nextCursor,
      });
      assert.deepEqual(
        rest.items.map((p) => p.id),
        all.slice(-1),
      );
      assert.equal(rest.nextCursor, undefined, 'the last page names none');
      assert.deepEqual(all.slice(-3), created);
    });

    test('a key without the scope gets PetstoreError insufficient_scope, sent once and not retried', async () => {
      const { key } = await server.app.services.apiKeys.create({
        name: 'ro',
        plan: 'free',
        scopes: ['pets:read'],
      });
      const readOnly = new PetstoreClient({ baseUrl: server.baseUrl, apiKey: key });
      assert.ok(Array.isArray(await readOnly.listPets({ limit: 1 })));
      const before = server.petRequests;
      const error = await failureOf(readOnly.createPet({ name: 'Rex', categoryId: 1 }));
      assert.equal(error.code, 'insufficient_scope');
      assert.equal(error.status, 403);
      assert.match(error.message, /pets:write/);
      assert.equal(server.petRequests - before, 1, 'a 403 is not retried, even with an Idempotency-Key');
    });

    test('the SDK logs a coming key expiry once, and tells when', async () => {
      const expiresAt = Date.now() + 3 * 24 * 3600 * 1000;
      const { key } = await server.app.services.apiKeys.create({ name: 'old', plan: 'free', expiresAt });
      const warnings: string[] = [];
      const expiring = new PetstoreClient({
        baseUrl: server.baseUrl,
        apiKey: key,
        warn: (m) => warnings.push(m),
      });
      await expiring.listPets({ limit: 1 });
      await expiring.listPets({ limit: 1 });
      const iso = new Date(expiresAt).toISOString();
      assert.equal(expiring.keyExpiresAt, iso);
      assert.deepEqual(warnings, [
        `petstore: this API key expires at ${iso}; create its replacement and switch to it before then`,
      ]);
      await client.listPets({ limit: 1 });
      assert.equal(client.keyExpiresAt, undefined, 'a key without expiry gets no warning');
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
  });
}
