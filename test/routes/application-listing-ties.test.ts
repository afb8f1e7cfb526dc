// Keyset paging of applications whose `createdAt` ties, on every backend: made under a clock that stands
// still, then walked one per page in both sorts, plain and filtered. Each must come exactly once, which only
// the tie-break of the cursor on the application's id gives.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { act, application, submit } from '../helpers/applications.js';
import { backends } from '../helpers/backends.js';
import { followNext, newPet } from '../helpers/http-calls.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

const frozen = Date.UTC(2026, 5, 1, 12, 0, 0);

interface Listed {
  id: string;
  status: string;
  petId: number | null;
  createdAt: string;
}

const sorted = (ids: string[]) => [...ids].sort();

for (const backend of backends) {
  describe(`application cursors through tied createdAt on ${backend.name}`, () => {
    let t: TestApp;
    let made: Listed[] = [];
    let petId: number;
    before(async () => {
      t = await startTestApp(backend, {}, { clock: () => frozen });
      petId = await newPet(t);
      for (let i = 0; i < 7; i++) {
        const { id, status, petId: applied, createdAt } = await submit(t, application(i % 2 ? petId : null));
        made.push({ id, status, petId: applied as number | null, createdAt: createdAt as string });
      }
      // Some in another status, for a filtered walk through the same ties.
      for (const a of made.slice(0, 3)) assert.equal((await act(t, a.id, 'review')).statusCode, 200);
      made = made.map((a, i) => ({ ...a, status: i < 3 ? 'in_review' : 'submitted' }));
    });
    after(() => t.close());

    test('the applications tie: one createdAt for all of them', () => {
      assert.equal(new Set(made.map((a) => a.createdAt)).size, 1, made.map((a) => a.createdAt).join(', '));
    });

    const walks: Array<[string, (a: Listed) => boolean]> = [
      ['', () => true],
      ['status=in_review&', (a) => a.status === 'in_review'],
      ['status=submitted&', (a) => a.status === 'submitted'],
      ['petId=PET&', (a) => a.petId !== null],
      ['q=ada&', () => true],
    ];
    for (const sort of ['-createdAt', 'createdAt']) {
      for (const [filter, matches] of walks) {
        test(`${filter}sort=${sort}&limit=1: every application that matches exactly once`, async () => {
          const query = filter.replace('PET', String(petId));
          const walked = await followNext<Listed>(t, `/v1/applications?${query}sort=${sort}&limit=1`, t.auth);
          const ids = walked.map((a) => a.id);
          assert.deepEqual(sorted(ids), sorted(made.filter(matches).map((a) => a.id)), ids.join(', '));
        });
      }
    }
  });
}
