// The SDK's event feed calls against a real listening server, on every backend: filters, paging and errors.
// That the types refuse a filter the feed does not have is held by sdk-types.test-d.ts, which `tsc` in
// `npm run lint` checks.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { PetstoreClient, type EventTypeFilter } from '@petstore/client';
import { backends } from '../helpers/backends.js';
import { failureOf, startSdkServer, type SdkServer } from '../helpers/sdk-server.js';

for (const backend of backends) {
  describe(`SDK event calls on ${backend.name}`, () => {
    let server: SdkServer;
    let client: PetstoreClient;
    let feedRequests = 0;
    before(async () => {
      server = await startSdkServer(backend);
      client = new PetstoreClient({
        baseUrl: server.baseUrl,
        apiKey: server.key,
        fetch: (request) => {
          if (new URL(request.url).pathname.endsWith('/events')) feedRequests++;
          return fetch(request);
        },
      });
    });
    after(() => server.close());

    test('listEvents and listAllEvents: the changes in commit order, by type or by resource', async () => {
      const pets = [];
      for (let i = 0; i < 3; i++) pets.push(await client.createPet({ name: `e${i}`, categoryId: 1 }));
      const order = await client.placeOrder({ petId: pets[0]!.id });
      await client.approveOrder(order.id);

      const created = await client.listEvents({ type: 'pet.created' });
      assert.deepEqual(
        created.map((event) => [event.type, event.data.id]),
        pets.map((pet) => ['pet.created', pet.id]),
      );
      assert.deepEqual(created[0]!.data, pets[0]);

      const before = feedRequests;
      const orderEvents = [];
      for await (const event of client.listAllEvents({ type: 'order.*', limit: 1 })) orderEvents.push(event);
      assert.deepEqual(
        orderEvents.map((event) => [event.type, event.data.id, event.data.status]),
        [
          ['order.placed', order.id, 'placed'],
          ['order.approved', order.id, 'approved'],
        ],
      );
      // Two events in pages of one: two requests, and the last page names no next one.
      assert.equal(feedRequests - before, 2);

      const everything = [];
      for await (const event of client.listAllEvents({ limit: 2 })) everything.push(event);
      const ids = everything.map((event) => event.id);
      assert.deepEqual(
        ids,
        [...ids].sort((a, b) => a - b),
        'in commit order',
      );
      // Placing the order makes its pet pending; approving it leaves the pet as it is.
      assert.deepEqual(
        everything.map((event) => event.type),
        ['pet.created', 'pet.created', 'pet.created', 'order.placed', 'pet.status_changed', 'order.approved'],
      );
      assert.deepEqual(
        (await client.listEvents({ limit: 2 })).map((event) => event.id),
        ids.slice(0, 2),
      );
      // listEventsPage: one request, which says whether more follow; its cursor leads on to the rest.
      const beforePage = feedRequests;
      const first = await client.listEventsPage({ limit: 5 });
      assert.equal(feedRequests - beforePage, 1, 'one request: the next page is not fetched');
      assert.deepEqual(
        first.items.map((event) => event.id),
        ids.slice(0, 5),
      );
      assert.ok(first.nextCursor, 'a full page with more behind it names the next');
      const rest = await client.listEventsPage({ limit: 5, cursor: first.nextCursor });
      assert.deepEqual(
        rest.items.map((event) => event.id),
        ids.slice(5),
      );
      assert.equal(rest.nextCursor, undefined, 'the last page names none');
    });

    test('errors: an unknown type filter, and a key without events:read', async () => {
      const typo = await failureOf(client.listEvents({ type: 'pet.adopted' as EventTypeFilter }));
      assert.equal(typo.code, 'unknown_event_type');
      assert.equal(typo.status, 400);
      const { key } = await server.app.services.apiKeys.create({
        name: 'ro',
        plan: 'free',
        scopes: ['pets:read'],
      });
      const readOnly = new PetstoreClient({ baseUrl: server.baseUrl, apiKey: key });
      const refused = await failureOf(readOnly.listEvents());
      assert.equal(refused.code, 'insufficient_scope');
      assert.match(refused.message, /events:read/);
    });
  });
}
