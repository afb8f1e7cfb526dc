// `petstore orders place|list|get|approve|complete|cancel` and `petstore inventory` as a user runs them: child
// processes talking HTTP to a listening app, on every backend.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { backends } from '../helpers/backends.js';
import { newPet } from '../helpers/http-calls.js';
import { runCli } from '../helpers/run-cli.js';
import { startSdkServer, type SdkServer } from '../helpers/sdk-server.js';

for (const backend of backends) {
  describe(`petstore orders on ${backend.name}`, () => {
    let server: SdkServer;
    let env: Record<string, string>;
    before(async () => {
      server = await startSdkServer(backend);
      env = { PETSTORE_URL: server.baseUrl, PETSTORE_API_KEY: server.key };
    });
    after(() => server.close());

    const petstore = async (...args: string[]) => {
      const res = await runCli(args, env);
      assert.equal(res.code, 0, res.stderr);
      return res.stdout;
    };

    test('place, approve, complete, get and list print one object or an array; inventory counts', async () => {
      const petId = await newPet(server, { name: 'Rex' });
      const placed = JSON.parse(
        await petstore('orders', 'place', String(petId), '--note', 'Saturday', '--json'),
      );
      assert.equal(placed.status, 'placed');
      assert.equal(placed.note, 'Saturday');
      assert.equal(
        JSON.parse(await petstore('orders', 'approve', String(placed.id), '--json')).status,
        'approved',
      );
      const done = JSON.parse(await petstore('orders', 'complete', String(placed.id), '--json'));
      assert.equal(done.status, 'completed');
      assert.deepEqual(JSON.parse(await petstore('orders', 'get', String(placed.id), '--json')), done);
      const listed = JSON.parse(await petstore('orders', 'list', '--pet', String(petId), '--json'));
      assert.deepEqual(listed, { items: [done], nextCursor: null });
      const inventory = JSON.parse(await petstore('inventory', '--json'));
      assert.ok(inventory.sold >= 1);
      assert.deepEqual(Object.keys(inventory).sort(), ['available', 'pending', 'sold']);
    });

    test('a refused action exits 1 with the code and message; tables by default', async () => {
      const table = await petstore('orders', 'place', String(await newPet(server, { name: 'Tom' })));
      assert.match(table, /^ID\s+PET\s+STATUS\s+CREATED\s+UPDATED\s+NOTE\n\d+\s+\d+\s+placed/);
      const id = table.split('\n')[1]!.split(/\s+/)[0]!;
      const refused = await runCli(['orders', 'complete', id], env);
      assert.equal(refused.code, 1);
      assert.match(
        refused.stderr,
        /its status is placed; actions allowed from there: approve, cancel \(order_status_conflict, HTTP 409/,
      );
      assert.match(await petstore('orders', 'cancel', id), /cancelled/);
    });

    test('one page says on stderr when more orders follow, and only then', async () => {
      for (const name of ['Ada', 'Bo']) {
        await petstore('orders', 'place', String(await newPet(server, { name })));
      }
      const page = await runCli(['orders', 'list', '--limit', '1'], env);
      assert.equal(page.stdout.trim().split('\n').length, 2, 'a heading and one order');
      const [, cursor] =
        /^More orders follow this page of 1: add --cursor (\S+) for the next page, or --all to list every page\.\n$/.exec(
          page.stderr,
        ) ?? [];
      assert.ok(cursor, page.stderr);
      const next = JSON.parse(await petstore('orders', 'list', '--limit', '1', '--cursor', cursor, '--json'));
      assert.equal(next.items.length, 1);
      assert.notEqual(next.items[0].id, Number(page.stdout.trim().split('\n')[1]!.split(/\s+/)[0]));
      const whole = await runCli(['orders', 'list', '--limit', '100'], env);
      assert.ok(whole.stdout.trim().split('\n').length >= 3);
      assert.equal(whole.stderr, '', 'no hint when the page holds every order');
    });
  });
}
