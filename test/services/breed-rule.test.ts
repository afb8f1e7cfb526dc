// The breed rule as the pet use cases call it, inside a transaction, against the starter catalogue of a new
// deployment: a listed breed in the list's spelling, a refusal naming close matches, and no rule where the
// category has no breed list or no record. On every backend.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ApiError } from '../../src/errors/api-error.js';
import { resolveBreed } from '../../src/services/breed-rule.js';
import { openStore } from '../../src/store/open-store.js';
import type { Store } from '../../src/store/store.js';
import { backends } from '../helpers/backends.js';

for (const backend of backends) {
  describe(`the breed rule on ${backend.name}`, () => {
    const deployment = backend.freshDeployment();
    let store: Store;
    before(async () => {
      store = await openStore(deployment.config);
    });
    after(async () => {
      await store.close();
      await deployment.remove();
    });

    /** The breed as a pet of `categoryId` keeps it, resolved inside a transaction as a pet's write is. */
    const resolve = (categoryId: number, breed: string) =>
      store.db.transaction().execute((trx) => resolveBreed(trx, categoryId, breed));

    test('a breed of the list, in any case, is kept in the list’s spelling', async () => {
      assert.equal(await resolve(1, 'labrador RETRIEVER'), 'Labrador Retriever');
      assert.equal(await resolve(2, 'domestic short hair'), 'Domestic Short Hair');
      assert.equal(await resolveBreed(store.db, 1, 'Mixed Breed'), 'Mixed Breed');
    });

    test('a breed the list lacks is 400 validation_failed, naming the field, the category and close matches', async () => {
      await assert.rejects(resolve(1, 'Labrdor'), (error: unknown) => {
        assert.ok(error instanceof ApiError);
        assert.equal(error.code, 'validation_failed');
        assert.equal(error.status, 400);
        assert.match(
          error.message,
          /^Invalid request: breed must name a breed of category 1 \(Dog\), compared case-insensitively: "Labrdor" is none of its 100; close matches: "Labrador Retriever", "Labradoodle"$/,
        );
        return true;
      });
      await assert.rejects(
        resolve(2, 'Xyzzy'),
        /category 2 \(Cat\).*"Xyzzy" is none of its 45; no close match \(GET \/v1\/categories\/2\/breeds lists them\)$/,
      );
    });

    test('no rule where the category has no breed list, or no record: the breed is kept as given', async () => {
      assert.equal(await resolve(3, 'Holland lop'), 'Holland lop', 'Rabbit has no breed list');
      assert.equal(await resolve(2 ** 40, 'anything at all'), 'anything at all', 'no category 2^40');
    });
  });
}
