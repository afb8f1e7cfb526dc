// The `GET /v1/pets/{id}` requests that reach their handler in one turn of the event loop share one query,
// and each gets its own pet, or its own 404, or the 503 of a failed query, on every backend.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { KyselyPlugin, PluginTransformQueryArgs, RootOperationNode } from 'kysely';
import { backends } from '../helpers/backends.js';
import { newPet } from '../helpers/http-calls.js';
import { startTestApp } from '../helpers/test-app.js';

/** Counts the SELECTs of the pets table the app runs; fails them while `failing` is set. */
class PetReads implements KyselyPlugin {
  count = 0;
  failing = false;
  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    if (node.kind === 'SelectQueryNode' && JSON.stringify(node.from).includes('"pets"')) {
      this.count++;
      if (this.failing) throw new Error('database gone');
    }
    return node;
  }
  transformResult = async <T>({ result }: { result: T }) => result;
}

for (const backend of backends) {
  test(`on ${backend.name}, the lookups of one turn share a query, and each gets its own answer`, async () => {
    const t = await startTestApp(backend);
    const reads = new PetReads();
    const counted = await t.instance({
      // The plugin's error stands for a lost database.
      wrap: (store) => ({
        ...store,
        db: store.db.withPlugin(reads),
        isUnavailable: (error) => String(error).includes('gone'),
      }),
    });
    const { app } = counted;
    try {
      const created = [];
      for (const name of ['Rex', 'Tom', 'Kit']) created.push(await newPet(counted, { name }));
      const missing = created.at(-1)! + 1000;
      // Six lookups of five ids: the query is padded to eight.
      const ids = [created[1], created[0], created[1], missing, created[2], missing + 1];

      reads.count = 0;
      const answers = await Promise.all(
        ids.map((id) => app.inject({ url: `/v1/pets/${id}`, headers: t.auth })),
      );
      // On SQLite the six reach their handlers in one turn, after the turn's shared read of the version. On
      // PostgreSQL each first reads the version over the network, and a loaded machine may answer those in
      // different turns: the lookups are then shared by turn, which turn-batch.test.ts covers.
      if (backend.name === 'sqlite') assert.equal(reads.count, 1, 'one query for six lookups');
      assert.deepEqual(
        answers.map((res) => [res.statusCode, res.json().name ?? res.json().code]),
        [
          [200, 'Tom'],
          [200, 'Rex'],
          [200, 'Tom'],
          [404, 'pet_not_found'],
          [200, 'Kit'],
          [404, 'pet_not_found'],
        ],
      );

      // A failed query fails every lookup it served, as its own would have: 503, not a 404.
      reads.failing = true;
      const failed = await Promise.all(
        ids.map((id) => app.inject({ url: `/v1/pets/${id}`, headers: t.auth })),
      );
      assert.deepEqual(
        new Set(failed.map((res) => `${res.statusCode} ${res.json().code}`)),
        new Set(['503 service_unavailable']),
      );
    } finally {
      await app.close();
      await t.close();
    }
  });
}
