// A sync client's recipe, `updatedSince` with `sort=updatedAt` followed by its links, on every backend, with
// a clock that stands still: each change must still land after the cursor of a client that has already read
// past the changed pet, so that the client sees it again rather than missing it.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { backends } from '../helpers/backends.js';
import { addPet } from '../helpers/http-calls.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

const frozen = Date.UTC(2026, 10, 28, 9, 0, 0);

for (const backend of backends) {
  describe(`syncing by change time on ${backend.name}`, () => {
    let t: TestApp;
    before(async () => {
      t = await startTestApp(backend, {}, { clock: () => frozen });
    });
    after(() => t.close());

    test('a pet changed after the client read past it comes again, even in the same millisecond', async () => {
      const pets = [];
      for (let i = 0; i < 12; i++) pets.push(await addPet(t, { name: `Pet ${i}` }));
      const since = new Date(frozen).toISOString();
      const page = async (url: string) => {
        const res = await t.request({ url, headers: t.auth });
        assert.equal(res.statusCode, 200, res.body);
        const link = res.headers.link as string;
        return {
          pets: res.json() as Array<{ id: number; name: string; updatedAt: string }>,
          next: /<([^>]+)>; rel="(?:next|resume)"/.exec(link)![1]!,
        };
      };
      const first = await page(`/v1/pets?limit=5&updatedSince=${since}&sort=updatedAt`);
      assert.deepEqual(
        first.pets.map((pet) => pet.id),
        pets.slice(0, 5).map((pet) => pet.id),
      );
      // Changed at the same clock reading as its creation, behind the cursor by id.
      const edited = await t.request({
        method: 'PATCH',
        url: `/v1/pets/${pets[1]!.id}`,
        headers: t.auth,
        payload: { name: 'Renamed' },
      });
      assert.equal(edited.statusCode, 200);
      const rest = [];
      for (let url = first.next, n = 0; n < 10; n++) {
        const { pets: more, next } = await page(url);
        rest.push(...more);
        if (more.length === 0) break;
        url = next;
      }
      assert.deepEqual(
        rest.map((pet) => pet.name),
        [...pets.slice(5).map((pet) => pet.name), 'Renamed'],
        'the rest, then the renamed pet once more',
      );
      assert.ok(rest.at(-1)!.updatedAt > first.pets.at(-1)!.updatedAt, 'stamped after every earlier change');
    });
  });
}
