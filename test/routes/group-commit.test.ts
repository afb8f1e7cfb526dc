// Creations and placements that arrive together share a transaction (src/speed/group-commit.ts), on every
// backend; each still gets its own pet or order and its own events, in id order, and a placement refused
// inside a shared transaction is undone alone while the others commit.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import {
  InsertQueryNode,
  SelectQueryNode,
  sql,
  TableNode,
  type KyselyPlugin,
  type RootOperationNode,
} from 'kysely';
import { backends } from '../helpers/backends.js';
import { startTestApp } from '../helpers/test-app.js';

const creations = 30;

/** The tables a keyed creation reads or writes. */
const creationTables = new Set(['pets', 'events', 'idempotency_records']);

/** The table an insert or a select is on. */
function tableOf(node: RootOperationNode): string | undefined {
  const table = InsertQueryNode.is(node)
    ? node.into
    : SelectQueryNode.is(node)
      ? node.from?.froms[0]
      : undefined;
  return table && TableNode.is(table) ? table.table.identifier.name : undefined;
}

/**
 * An app whose store counts the creating transactions (each takes the append turn first, once) and the
 * statements on the tables of a creation.
 */
async function countingTransactions(backend: (typeof backends)[number]) {
  const t = await startTestApp(backend);
  let transactions = 0;
  let statements = 0;
  const countStatements: KyselyPlugin = {
    transformQuery: ({ node }) => {
      if (creationTables.has(tableOf(node) ?? '')) statements++;
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  const { app } = await t.instance({
    wrap: (store) => ({
      ...store,
      db: store.db.withPlugin(countStatements),
      serializeAppends: (...args) => {
        transactions++;
        return store.serializeAppends(...args);
      },
    }),
  });
  return { t, app, transactions: () => transactions, statements: () => statements };
}

/** POSTs through `app` with the test key. */
const poster = (app: FastifyInstance, auth: Record<string, string>) => (url: string, payload?: object) =>
  app.inject({ method: 'POST', url, headers: auth, ...(payload ? { payload } : {}) });

type CountingApp = Awaited<ReturnType<typeof countingTransactions>> & { post: ReturnType<typeof poster> };

/** Runs `use` with an app whose store counts the creating transactions, and closes both after. */
async function withCountingApp(
  backend: (typeof backends)[number],
  use: (f: CountingApp) => Promise<void>,
): Promise<void> {
  const counting = await countingTransactions(backend);
  const { t, app } = counting;
  const post = poster(app, t.auth);
  try {
    await use({ ...counting, post });
  } finally {
    await app.close();
    await t.close();
  }
}

for (const backend of backends) {
  describe(`group commit on ${backend.name}`, () => {
    test(`${creations} concurrent creations: fewer transactions, each answer its own pet`, async () => {
      await withCountingApp(backend, async ({ t, app, transactions }) => {
        const names = Array.from({ length: creations }, (_, i) => `together ${i}`);
        const answers = await Promise.all(
          names.map((name) =>
            app.inject({
              method: 'POST',
              url: '/v1/pets',
              headers: t.auth,
              payload: { name, categoryId: 1 + (name.length % 3) },
            }),
          ),
        );
        assert.deepEqual(
          answers.map((a) => a.statusCode),
          names.map(() => 201),
        );
        const pets = answers.map((a) => a.json() as { id: number; name: string });
        assert.deepEqual(
          pets.map((p) => p.name),
          names,
          'each answer is the pet its request sent',
        );
        assert.equal(new Set(pets.map((p) => p.id)).size, creations);
        assert.ok(transactions() < creations, `${transactions()} transactions for ${creations} creations`);

        const feed = await app.inject({ url: '/v1/events?type=pet.created&limit=100', headers: t.auth });
        const sorted = [...pets].sort((a, b) => a.id - b.id);
        assert.deepEqual(
          feed.json().map((e: { data: unknown }) => e.data),
          sorted.map((p, i) => ({ ...p, categoryId: 1 + (names[pets.indexOf(sorted[i]!)]!.length % 3) })),
        );
      });
    });

    test('keyed creations share transactions and statements; a key sent twice at once creates one pet', async () => {
      await withCountingApp(backend, async ({ t, app, transactions, statements }) => {
        const create = (name: string, key: string) =>
          app.inject({
            method: 'POST',
            url: '/v1/pets',
            headers: { ...t.auth, 'idempotency-key': key },
            payload: { name, categoryId: 1 },
          });
        const names = Array.from({ length: creations }, (_, i) => `keyed ${i}`);
        // The first key again, with its body: it arrives in the same group as the first.
        const answers = await Promise.all([
          ...names.map((name, i) => create(name, `row-${i}`)),
          create(names[0]!, 'row-0'),
        ]);
        assert.deepEqual(
          answers.map((a) => a.statusCode),
          answers.map(() => 201),
        );
        const pets = answers.map((a) => a.json() as { id: number; name: string });
        assert.deepEqual(
          pets.map((p) => p.name),
          [...names, names[0]],
          'each answer is the pet its request sent',
        );
        assert.equal(pets.at(-1)!.id, pets[0]!.id, 'the repeated key got the first pet');
        assert.equal(answers.at(-1)!.headers['idempotent-replayed'], 'true');
        assert.equal(new Set(pets.map((p) => p.id)).size, creations);
        assert.ok(transactions() < creations, `${transactions()} transactions for ${creations} creations`);
        // A group reads its keys' outcomes and inserts its pets, events and outcomes in one statement each:
        // a statement per creation or more would mean that each creation ran its own.
        assert.ok(statements() < creations, `${statements()} statements for ${creations} creations`);
        const stored = await t.app.store.db
          .selectFrom('pets')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow();
        assert.equal(Number(stored.n), creations, 'the repeated key created nothing');
      });
    });

    test('placements together: each answer its own order, events in order, a pet ordered twice placed once', async () => {
      await withCountingApp(backend, async ({ t, app, transactions, post }) => {
        const pets: number[] = [];
        for (let i = 0; i < 6; i++)
          pets.push((await post('/v1/pets', { name: `p${i}`, categoryId: 1 })).json().id);
        const sold = (await post('/v1/pets', { name: 'sold', categoryId: 1, status: 'sold' })).json().id;
        const before = transactions();
        // The third pet twice, a sold pet and a missing one, among placements that arrive together.
        const asked = [pets[0]!, pets[1]!, pets[2]!, pets[2]!, sold, 999_999, pets[3]!, pets[4]!, pets[5]!];
        const answers = await Promise.all(
          asked.map((petId) => post('/v1/store/orders', { petId, note: `n${petId}` })),
        );
        assert.deepEqual(
          answers.map((a) => a.statusCode),
          [201, 201, 201, 409, 409, 404, 201, 201, 201],
        );
        assert.deepEqual(
          answers.map((a) => a.json().code),
          [
            undefined,
            undefined,
            undefined,
            'pet_not_available',
            'pet_not_available',
            'pet_not_found',
            undefined,
            undefined,
            undefined,
          ],
        );
        const orders = answers.filter((a) => a.statusCode === 201).map((a) => a.json());
        assert.deepEqual(
          orders.map((o) => [o.petId, o.note, o.status]),
          [0, 1, 2, 3, 4, 5].map((i) => [pets[i], `n${pets[i]}`, 'placed']),
          'each answer is the order its request placed',
        );
        assert.ok(transactions() - before < asked.length, 'placed in fewer transactions than placements');
        // Each placement's two events, in the order of the orders' ids.
        const feed = await app.inject({ url: '/v1/events?type=order.placed&limit=100', headers: t.auth });
        const placedEvents = feed.json().map((e: { data: { id: number } }) => e.data.id);
        assert.deepEqual(
          placedEvents,
          [...orders.map((o) => o.id)].sort((x, y) => x - y),
        );
        const all = (await app.inject({ url: '/v1/events?limit=100', headers: t.auth })).json();
        const trail = all
          .filter((e: { type: string }) => e.type !== 'pet.created')
          .map((e: { type: string; data: { id: number; petId?: number } }) =>
            e.type === 'order.placed' ? `order ${e.data.petId}` : `pet ${e.data.id}`,
          );
        assert.deepEqual(
          trail,
          [...orders].sort((x, y) => x.id - y.id).flatMap((o) => [`order ${o.petId}`, `pet ${o.petId}`]),
        );
      });
    });

    test('actions together: each answer its own order, a refused one alone, one order approved twice moved once', async () => {
      await withCountingApp(backend, async ({ t, app, transactions, post }) => {
        const orders: number[] = [];
        for (let i = 0; i < 5; i++) {
          const pet = (await post('/v1/pets', { name: `a${i}`, categoryId: 1 })).json().id;
          orders.push((await post('/v1/store/orders', { petId: pet })).json().id);
        }
        await post(`/v1/store/orders/${orders[4]}/cancel`);
        const before = transactions();
        const asked: Array<[number, string]> = [
          [orders[0]!, 'approve'],
          [orders[1]!, 'approve'],
          [orders[1]!, 'approve'],
          [orders[4]!, 'approve'],
          [999_999, 'approve'],
          [orders[2]!, 'cancel'],
          [orders[3]!, 'approve'],
        ];
        const answers = await Promise.all(
          asked.map(([id, action]) => post(`/v1/store/orders/${id}/${action}`)),
        );
        assert.deepEqual(
          answers.map((a) => a.statusCode),
          [200, 200, 200, 409, 404, 200, 200],
        );
        assert.deepEqual(
          answers.map((a) => a.json().code ?? [a.json().id, a.json().status]),
          [
            [orders[0], 'approved'],
            [orders[1], 'approved'],
            [orders[1], 'approved'],
            'order_status_conflict',
            'order_not_found',
            [orders[2], 'cancelled'],
            [orders[3], 'approved'],
          ],
        );
        assert.ok(transactions() - before < asked.length, 'in fewer transactions than actions');
        // The order approved twice moved once: one order.approved event for it.
        const feed = (
          await app.inject({ url: '/v1/events?type=order.approved&limit=100', headers: t.auth })
        ).json();
        assert.deepEqual(
          feed.map((e: { data: { id: number } }) => e.data.id),
          [orders[0], orders[1], orders[3]],
        );
        const pets = (await app.inject({ url: '/v1/store/inventory', headers: t.auth })).json();
        assert.deepEqual(pets, { available: 2, pending: 3, sold: 0 }, 'the cancelled order freed its pet');
      });
    });

    test('a placement refused after its first write is undone alone; the others of its transaction commit', async () => {
      const t = await startTestApp(backend);
      try {
        const create = async () =>
          (
            await t.request({
              method: 'POST',
              url: '/v1/pets',
              headers: t.auth,
              payload: { name: 'p', categoryId: 1 },
            })
          ).json() as { id: number };
        const [first, clashing, last] = [await create(), await create(), await create()];
        // An open order the pet's status does not show: placing on it moves the pet, then the one-open-order
        // index refuses the order. Only the savepoint keeps the move from staying, or aborting the others.
        const key = await t.app.store.db.selectFrom('api_keys').select('id').executeTakeFirstOrThrow();
        await sql`insert into orders (pet_id, api_key_id, status, note, created_at, updated_at)
          values (${clashing.id}, ${key.id}, 'placed', null, 0, 0)`.execute(t.app.store.db);
        const answers = await Promise.all(
          [first, clashing, last].map((pet) =>
            t.request({
              method: 'POST',
              url: '/v1/store/orders',
              headers: t.auth,
              payload: { petId: pet.id },
            }),
          ),
        );
        assert.deepEqual(
          answers.map((a) => a.statusCode),
          [201, 409, 201],
        );
        assert.equal(answers[1]!.json().code, 'pet_not_available');
        const statuses = await t.app.store.db
          .selectFrom('pets')
          .select(['id', 'status'])
          .orderBy('id')
          .execute();
        assert.deepEqual(
          statuses.map((p) => p.status),
          ['pending', 'available', 'pending'],
          'the refused placement left its pet as it was',
        );
      } finally {
        await t.close();
      }
    });
  });
}
