// `petstore events list` as a user runs it: child processes talking HTTP to a listening app, on every backend.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { backends } from '../helpers/backends.js';
import { newPet } from '../helpers/http-calls.js';
import { runCli } from '../helpers/run-cli.js';
import { startSdkServer, type SdkServer } from '../helpers/sdk-server.js';

for (const backend of backends) {
  describe(`petstore events on ${backend.name}`, () => {
    let server: SdkServer;
    let env: Record<string, string>;
    let petId: number;
    let orderId: number;
    before(async () => {
      server = await startSdkServer(backend);
      env = { PETSTORE_URL: server.baseUrl, PETSTORE_API_KEY: server.key };
      petId = await newPet(server, { name: 'Rex' });
      await newPet(server, { name: 'Tom' });
      const order = await server.request({
        method: 'POST',
        url: '/v1/store/orders',
        headers: server.auth,
        payload: { petId },
      });
      orderId = order.json().id;
      await server.request({
        method: 'POST',
        url: `/v1/store/orders/${orderId}/cancel`,
        headers: server.auth,
      });
    });
    after(() => server.close());

    const petstore = async (...args: string[]) => {
      const res = await runCli(args, env);
      assert.equal(res.code, 0, res.stderr);
      return res.stdout;
    };

    test('list prints one page as JSON with the next cursor, which --cursor takes; --type and --all follow every page of a filter', async () => {
      const first = await runCli(['events', 'list', '--limit', '2', '--json'], env);
      assert.equal(first.stderr, '', 'under --json the next cursor is a field, not a hint');
      const page = JSON.parse(first.stdout);
      assert.deepEqual(
        page.items.map((event: { type: string }) => event.type),
        ['pet.created', 'pet.created'],
      );
      assert.equal(typeof page.nextCursor, 'string');
      const second = JSON.parse(
        await petstore('events', 'list', '--limit', '2', '--cursor', page.nextCursor, '--json'),
      );
      assert.ok(second.items[0].id > page.items[1].id, 'the page after the first');
      const rest = JSON.parse(
        await petstore('events', 'list', '--limit', '100', '--cursor', page.nextCursor, '--json'),
      );
      assert.equal(rest.nextCursor, null, 'the last page has no next cursor');
      const orders = JSON.parse(
        await petstore('events', 'list', '--type', 'order.*', '--limit', '1', '--all', '--json'),
      );
      assert.deepEqual(
        orders.map((event: { type: string; data: { id: number } }) => [event.type, event.data.id]),
        [
          ['order.placed', orderId],
          ['order.cancelled', orderId],
        ],
      );
      const moves = JSON.parse(await petstore('events', 'list', '--type', 'pet.status_changed', '--json'));
      assert.deepEqual(
        moves.items.map((event: { data: { id: number; status: string } }) => [
          event.data.id,
          event.data.status,
        ]),
        [
          [petId, 'pending'],
          [petId, 'available'],
        ],
      );
    });

    test('a table by default; an unknown type is refused with the choices', async () => {
      const listed = await runCli(['events', 'list', '--type', 'order.cancelled'], env);
      assert.equal(listed.stderr, '', 'no hint when the page holds every event of the type');
      const table = listed.stdout;
      assert.match(
        table,
        new RegExp(
          `^ID\\s+TYPE\\s+CREATED\\s+BY\\s+RESOURCE\\s+STATUS\\n\\d+\\s+order.cancelled\\s+\\S+\\s+test \\(key key_\\S+\\)\\s+${orderId}\\s+cancelled\\n$`,
        ),
      );
      const refused = await runCli(['events', 'list', '--type', 'pet.adopted'], env);
      assert.equal(refused.code, 1);
      assert.match(refused.stderr, /Allowed choices are pet\.created, .*, pet\.\*, order\.\*/);
    });
  });
}
