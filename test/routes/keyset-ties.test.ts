// Keyset paging where the sort key ties, on every backend: pets of one name, and pets changed in one group
// under a clock that stands still, walked one per page in every sort. Each must come exactly once, which only
// the id tie-break of the cursor, `(key, id) > (lastKey, lastId)`, gives.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { backends } from '../helpers/backends.js';
import { followNext } from '../helpers/http-calls.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

const frozen = Date.UTC(2026, 11, 1, 9, 0, 0);

interface Listed {
  id: number;
  name: string;
  updatedAt: string;
  createdAt: string;
}

for (const backend of backends) {
  describe(`cursors through ties on ${backend.name}`, () => {
    let t: TestApp;
    let pets: Listed[] = [];
    before(async () => {
      t = await startTestApp(backend, {}, { clock: () => frozen });
      // Created at once: one group, so one change time for all of them; and all named alike but one.
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          t.request({
            method: 'POST',
            url: '/v1/pets',
            headers: t.auth,
            payload: { name: i === 3 ? 'Alpha' : 'Twin', categoryId: 1 },
          }),
        ),
      );
      for (const res of answers) assert.equal(res.statusCode, 201, res.body);
      pets = answers.map((res) => res.json() as Listed);
    });
    after(() => t.close());

    test('the pets tie: one name among five of them, one change time among several', () => {
      assert.equal(pets.filter((pet) => pet.name === 'Twin').length, 5);
      const times = new Map<string, number>();
      for (const pet of pets) times.set(pet.updatedAt, (times.get(pet.updatedAt) ?? 0) + 1);
      assert.ok(Math.max(...times.values()) >= 2, `updatedAt ties: ${[...times.keys()].join(', ')}`);
    });

    for (const sort of ['name', 'updatedAt', '-updatedAt', '-createdAt', 'id']) {
      test(`sort=${sort}&limit=1: every pet exactly once`, async () => {
        const walked = await followNext<Listed>(t, `/v1/pets?sort=${sort}&limit=1`, t.auth);
        const ids = walked.map((pet) => pet.id);
        assert.deepEqual(
          [...ids].sort((a, b) => a - b),
          pets.map((pet) => pet.id).sort((a, b) => a - b),
          `${sort}: ${ids.join(', ')}`,
        );
      });
    }
  });
}
