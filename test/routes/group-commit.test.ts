// Creations and placements that arrive together share a transaction (src/services/group-commit.ts), on every
// backend; each still gets its own pet or order and its own events, in id order, and a placement refused
// inside a shared transaction is undone alone while the others commit.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { sql } from 'kysely';
import { buildApp } from '../../src/app.js';
import { openStore } from '../../src/store/open-store.js';
import { backends } from '../helpers/backends.js';
import { startTestApp } from '../helpers/test-app.js';

const creations = 30;

/** An app whose store counts the creating transactions: each takes the append turn first, once. */
async function countingTransactions(backend: (typeof backends)[number]) {
  const t = await startTestApp(backend);
  const store = await openStore(t.config);
  let transactions = 0;
  const counted = {
    ...store,
    serializeAppends: (...args: Parameters<typeof store.serializeAppends>) => {
      transactions++;
      return store.serializeAppends(...args);
    },
  };
  const app = await buildApp({ config: t.config, store: counted });
  return { t, app, transactions: () => transactions };
}

for (const backend of backends) {
  describe(`group commit on ${backend.name}`, () => {
    test(`${creations} concurrent creations: fewer transactions, each answer its own pet`, async () => {
      const { t, app, transactions } = await countingTransactions(backend);
      try {
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
      } finally {
        await app.close();
        await t.close();
      }
    });

    test('keyed creations share transactions too; a key sent twice at once creates one pet', async () => {
      const { t, app, transactions } = await countingTransactions(backend);
      try {
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
        const stored = await t.app.store.db
          .selectFrom('pets')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow();
        assert.equal(Number(stored.n), creations, 'the repeated key created nothing');
      } finally {
        await app.close();
        await t.close();
      }
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
