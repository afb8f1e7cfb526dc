// Creations that arrive together share a transaction (src/services/group-commit.ts), on every backend; each
// still gets its own pet, with the name it sent, and its own `pet.created` event, in id order.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { buildApp } from '../../src/app.js';
import { openStore } from '../../src/store/open-store.js';
import { backends } from '../helpers/backends.js';
import { startTestApp } from '../helpers/test-app.js';

const creations = 30;

for (const backend of backends) {
  describe(`group commit on ${backend.name}`, () => {
    test(`${creations} concurrent creations: fewer transactions, each answer its own pet`, async () => {
      const t = await startTestApp(backend);
      const store = await openStore(t.config);
      let transactions = 0;
      const counted = {
        ...store,
        // Every creating transaction takes the append turn first, once.
        serializeAppends: (...args: Parameters<typeof store.serializeAppends>) => {
          transactions++;
          return store.serializeAppends(...args);
        },
      };
      const app = await buildApp({ config: t.config, store: counted });
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
        assert.ok(transactions < creations, `${transactions} transactions for ${creations} creations`);

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
  });
}
