// The event feed is gap-free under concurrent writers: a follower tailing GET /v1/events from its last
// cursor while 8 writers create pets sees every event exactly once, in id order.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { backends } from '../helpers/backends.js';
import { newPet } from '../helpers/http-calls.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

const writers = 8;
const perWriter = 15;

for (const backend of backends) {
  describe(`event feed follower on ${backend.name}`, () => {
    let t: TestApp;
    before(async () => {
      t = await startTestApp(backend);
    });
    after(() => t.close());

    test(`sees every event once under ${writers} concurrent writers`, async () => {
      let writing = true;
      const seen: number[] = [];
      let cursor: string | undefined;
      // Tails the feed as a consumer does: follows `next` while there is one; at the end of the feed it asks
      // again from the `resume` cursor of the last page, and stops once that finds nothing after the writes.
      const follow = async () => {
        for (;;) {
          const stillWriting = writing;
          const url = `/v1/events?limit=7${cursor ? `&cursor=${cursor}` : ''}`;
          const res = await t.request({ url, headers: t.auth });
          assert.equal(res.statusCode, 200);
          const last = seen.at(-1) ?? 0;
          seen.push(...(res.json() as Array<{ id: number }>).map((e) => e.id).filter((id) => id > last));
          const [, next, rel] = /cursor=([^>&]+)>; rel="(next|resume)"/.exec(String(res.headers.link)) ?? [];
          cursor = next;
          if (rel === 'next') continue;
          if (!stillWriting) return;
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
      };
      const follower = follow();
      await Promise.all(
        Array.from({ length: writers }, async (_, w) => {
          for (let i = 0; i < perWriter; i++) await newPet(t, { name: `w${w} ${i}` });
        }),
      );
      writing = false;
      await follower;
      const all: number[] = [];
      for (let after = ''; ;) {
        const res = await t.request({ url: `/v1/events?limit=100${after}`, headers: t.auth });
        all.push(...(res.json() as Array<{ id: number }>).map((e) => e.id));
        const [, next, rel] = /cursor=([^>&]+)>; rel="(next|resume)"/.exec(String(res.headers.link)) ?? [];
        if (rel !== 'next') break;
        after = `&cursor=${next}`;
      }
      assert.equal(all.length, writers * perWriter);
      // A gap would be an event that committed after the follower had passed its id: missing here.
      assert.deepEqual(seen, all);
    });
  });
}
