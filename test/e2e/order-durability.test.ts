// Order actions survive a crash consistently: kill -9 a server during a burst of place/approve/complete/cancel,
// restart it, then check with SQL that orders and pets agree and that every acknowledged action is stored.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { sql } from 'kysely';
import type { OrderStatus } from '../../src/domain/order.js';
import { createServices } from '../../src/services/index.js';
import { openStore } from '../../src/store/open-store.js';
import { backends } from '../helpers/backends.js';
import { prepareDeployment } from '../helpers/deployment-process.js';
import { startServerProcess } from '../helpers/server-process.js';

const petCount = 400;
const startupMs = 60_000;

/** Statuses an order may be found in after a crash, given the last one acknowledged (one action may follow). */
const reachableFrom: Record<OrderStatus, OrderStatus[]> = {
  placed: ['placed', 'approved', 'cancelled'],
  approved: ['approved', 'completed', 'cancelled'],
  completed: ['completed'],
  cancelled: ['cancelled'],
};

for (const backend of backends) {
  describe(`order durability on ${backend.name}`, () => {
    test('after kill -9 mid-burst and a restart, orders and pets agree and acknowledged actions stand', async () => {
      const deployment = await prepareDeployment(backend);
      const setup = await openStore(deployment.config);
      const { pets } = await createServices(deployment.config, setup);
      const petIds: number[] = [];
      for (let i = 0; i < petCount; i++)
        petIds.push((await pets.create({ name: `p${i}`, categoryId: 1 })).id);
      await setup.close();

      const server = await startServerProcess([...deployment.args, '--log-level', 'warn'], {}, startupMs);
      const acknowledged = new Map<number, OrderStatus>();
      let actions = 0;
      let crashed = false;
      const call = async (path: string, body?: object) => {
        const res = await fetch(`${server.url}${path}`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${deployment.key}`,
            ...(body ? { 'content-type': 'application/json' } : {}),
          },
          ...(body ? { body: JSON.stringify(body) } : {}),
        });
        return { status: res.status, body: (await res.json()) as { id: number; status: OrderStatus } };
      };
      const worker = async (w: number) => {
        for (let i = w; !crashed && i < petIds.length; i += 8) {
          try {
            const placed = await call('/v1/store/orders', { petId: petIds[i] });
            if (placed.status !== 201) continue;
            const id = placed.body.id;
            acknowledged.set(id, 'placed');
            actions++;
            for (const action of ['approve', i % 2 ? 'complete' : 'cancel']) {
              const res = await call(`/v1/store/orders/${id}/${action}`);
              if (res.status !== 200) break;
              acknowledged.set(id, res.body.status);
              actions++;
            }
          } catch {
            return; // the server is gone
          }
        }
      };
      const workers = Array.from({ length: 8 }, (_, w) => worker(w));
      const deadline = Date.now() + 30_000;
      while (actions < 150 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
      assert.ok(actions >= 150, `the burst got going: ${actions} actions acknowledged`);
      server.child.kill('SIGKILL');
      crashed = true;
      await Promise.all(workers);
      await server.stop();

      // The restarted service answers, over the data the crash left.
      const restarted = await startServerProcess(deployment.args, {}, startupMs);
      const inventory = await fetch(`${restarted.url}/v1/store/inventory`, {
        headers: { authorization: `Bearer ${deployment.key}` },
      });
      assert.equal(inventory.status, 200);
      await restarted.stop();

      const store = await deployment.open();
      try {
        const openWithPetNotPending = await sql<{ id: number }>`
          select o.id from orders o join pets p on p.id = o.pet_id
          where o.status in ('placed', 'approved') and p.status <> 'pending'`.execute(store.db);
        assert.deepEqual(openWithPetNotPending.rows, [], 'every open order’s pet is pending');
        const sharedPets = await sql<{ pet_id: number }>`
          select pet_id from orders where status in ('placed', 'approved')
          group by pet_id having count(*) > 1`.execute(store.db);
        assert.deepEqual(sharedPets.rows, [], 'no two open orders share a pet');
        const completedNotSold = await sql<{ id: number }>`
          select o.id from orders o join pets p on p.id = o.pet_id
          where o.status = 'completed' and p.status <> 'sold'`.execute(store.db);
        assert.deepEqual(completedNotSold.rows, [], 'the pet of every completed order is sold');
        const pendingWithoutOrder = await sql<{ id: number }>`
          select p.id from pets p where p.status = 'pending' and not exists (
            select 1 from orders o where o.pet_id = p.id and o.status in ('placed', 'approved'))`.execute(
          store.db,
        );
        assert.deepEqual(pendingWithoutOrder.rows, [], 'no pet is left pending without an open order');

        const stored = new Map(
          (await store.db.selectFrom('orders').select(['id', 'status']).execute()).map((r) => [
            r.id,
            r.status,
          ]),
        );
        for (const [id, status] of acknowledged) {
          assert.ok(
            reachableFrom[status].includes(stored.get(id)!),
            `order ${id} was acknowledged ${status}, stored ${stored.get(id) ?? 'nowhere'}`,
          );
        }
      } finally {
        await store.close();
        await deployment.remove();
      }
    });
  });
}
