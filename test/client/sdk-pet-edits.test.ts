// The SDK's edit and removal of a pet against a real listening server, on every backend: the merge patch
// and its content type, ETags and If-Match, the default Idempotency-Key that makes a retry of a conditional
// change safe, and removal.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { PetstoreClient } from '@petstore/client';
import { backends } from '../helpers/backends.js';
import { failureOf, spyingClient, startSdkServer, type SdkServer } from '../helpers/sdk-server.js';

for (const backend of backends) {
  describe(`SDK pet edits on ${backend.name}`, () => {
    let server: SdkServer;
    let client: PetstoreClient;
    /** What the spying client sent: each request's method, content type and If-Match. */
    let sent: Array<{ method: string; type: string | null; ifMatch: string | null }>;
    before(async () => {
      server = await startSdkServer(backend);
      ({ client, sent } = spyingClient(server, { type: 'content-type', ifMatch: 'if-match' }));
    });
    after(() => server.close());

    test('updatePet sends a merge patch: absent fields stay, null clears, goodWith merges', async () => {
      const rex = await client.createPet({
        name: 'Rex',
        categoryId: 1,
        color: 'Black',
        goodWith: { children: true, dogs: false },
      });
      sent.length = 0;
      const changed = await client.updatePet(rex.id, {
        name: 'Rex II',
        color: null,
        goodWith: { cats: true },
      });
      assert.deepEqual(sent, [{ method: 'PATCH', type: 'application/merge-patch+json', ifMatch: null }]);
      assert.deepEqual(changed, {
        ...rex,
        name: 'Rex II',
        color: null,
        goodWith: { children: true, dogs: false, cats: true },
        updatedAt: changed.updatedAt,
        etag: changed.etag,
      });
      assert.ok(changed.updatedAt >= rex.updatedAt);
      assert.notEqual(changed.etag, rex.etag, 'an edit moves the entity tag');
      assert.deepEqual(await client.getPet(rex.id), changed);
    });

    test('an ETag read and sent back as ifMatch: the change applies once, a stale one gets 412', async () => {
      const id = (await client.createPet({ name: 'Tom', categoryId: 2 })).id;
      const read = await client.getPetWithEtag(id);
      assert.match(read.etag, /^"[^"]+"$/);
      const first = await client.updatePetWithEtag(id, { size: 'large' }, { ifMatch: read.etag });
      assert.equal(sent.at(-1)?.ifMatch, read.etag);
      assert.equal(first.pet.size, 'large');
      assert.notEqual(first.etag, read.etag, 'a change gives a new ETag');

      const stale = await failureOf(client.updatePet(id, { size: 'small' }, { ifMatch: read.etag }));
      assert.deepEqual([stale.code, stale.status], ['precondition_failed', 412]);
      assert.equal((await client.getPet(id)).size, 'large', 'nothing changed');

      const next = await client.updatePet(id, { coat: 'long' }, { ifMatch: first.etag });
      assert.deepEqual([next.size, next.coat], ['large', 'long']);
    });

    test('findPet reads one animal through the listing, its etag the ETag to send; none is undefined', async () => {
      const id = (await client.createPet({ name: 'Fin', categoryId: 2 })).id;
      const found = await client.findPet(id);
      assert.equal(found?.id, id);
      assert.equal(found?.etag, (await client.getPetWithEtag(id)).etag);
      const changed = await client.updatePet(id, { size: 'small' }, { ifMatch: found!.etag });
      assert.equal((await client.findPet(id))?.etag, changed.etag, 'the answer carries the new tag');
      const stale = await failureOf(client.updatePet(id, { size: 'large' }, { ifMatch: found!.etag }));
      assert.equal(stale.code, 'precondition_failed');
      assert.equal(await client.findPet(987654321), undefined);
    });

    test('a conditional change whose answer is lost is retried with its key: replayed, not refused', async () => {
      const id = (await client.createPet({ name: 'Kit', categoryId: 3 })).id;
      const { etag } = await client.getPetWithEtag(id);
      // The PATCH commits, then its connection is dropped: the SDK sends it again with the same key.
      server.faults.push({ drop: true });
      const before = server.petRequests;
      const pet = await client.updatePet(id, { tags: ['calm'] }, { ifMatch: etag });
      assert.equal(server.petRequests - before, 2, 'sent twice');
      assert.deepEqual(pet.tags, ['calm']);
    });

    test('removePet: the pet leaves the listing and getPet; removing it again is pet_not_found', async () => {
      const id = (await client.createPet({ name: 'Gone', categoryId: 4 })).id;
      assert.equal(await client.removePet(id), undefined);
      assert.equal(sent.at(-1)?.method, 'DELETE');
      const listed = await client.listPets({ limit: 100 });
      assert.ok(!listed.some((p) => p.id === id));
      const calls = [
        () => client.getPet(id),
        () => client.removePet(id),
        () => client.updatePet(id, { name: 'Back' }),
      ];
      for (const call of calls) {
        const error = await failureOf(call());
        assert.deepEqual([error.code, error.status], ['pet_not_found', 404]);
      }
    });

    test('an answer without its ETag (a proxy dropped it) is an unexpected_response, not an empty tag', async () => {
      const id = (await client.createPet({ name: 'Bo', categoryId: 6 })).id;
      const stripping = new PetstoreClient({
        baseUrl: server.baseUrl,
        apiKey: server.key,
        fetch: async (request) => {
          const answer = await fetch(request);
          const headers = new Headers(answer.headers);
          headers.delete('etag');
          return new Response(answer.body, { status: answer.status, headers });
        },
      });
      const error = await failureOf(stripping.getPetWithEtag(id));
      assert.deepEqual([error.code, error.status], ['unexpected_response', 200]);
      assert.equal((await stripping.updatePet(id, { name: 'Bob' })).name, 'Bob', 'updatePet needs none');
    });

    test("updatePet's refusals are PetstoreErrors naming the field", async () => {
      const id = (await client.createPet({ name: 'Ada', categoryId: 5 })).id;
      const error = await failureOf(client.updatePet(id, { birthDate: '2999-01-01' }));
      assert.deepEqual([error.code, error.status], ['validation_failed', 400]);
      assert.match(error.message, /birthDate/);
    });
  });
}
