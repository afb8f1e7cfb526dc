// GET /v1/events and the outbox behind it, on every backend: each action's event once with its data, none
// when the change rolls back, type filters, paging with Link, and pruning after the retention.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { backends } from '../helpers/backends.js';
import { failInsertsInto } from '../helpers/fail-inserts.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

const day = 86_400_000;

for (const backend of backends) {
  describe(`event feed on ${backend.name}`, () => {
    let t: TestApp;
    let now = Date.UTC(2026, 10, 24);
    before(async () => {
      t = await startTestApp(backend, {}, { clock: () => now });
    });
    after(() => t.close());

    const events = async (query = '') => {
      const res = await t.request({ url: `/v1/events${query}`, headers: t.auth });
      assert.equal(res.statusCode, 200, res.body);
      return {
        body: res.json() as Array<{ id: number; type: string; createdAt: string; data: unknown }>,
        res,
      };
    };
    const createPet = (payload: object, headers: Record<string, string> = {}) =>
      t.request({ method: 'POST', url: '/v1/pets', headers: { ...t.auth, ...headers }, payload });

    test('creating a pet, plainly or with an Idempotency-Key, writes one pet.created with the pet', async () => {
      const plain = (await createPet({ name: 'Rex', categoryId: 1 })).json();
      const keyed = await createPet(
        { name: 'Tom', categoryId: 2, status: 'pending' },
        { 'idempotency-key': 'k1' },
      );
      const replay = await createPet(
        { name: 'Tom', categoryId: 2, status: 'pending' },
        { 'idempotency-key': 'k1' },
      );
      assert.equal(replay.headers['idempotent-replayed'], 'true');
      const { body } = await events();
      assert.deepEqual(
        body.map((e) => [e.type, e.data]),
        [
          ['pet.created', plain],
          ['pet.created', keyed.json()],
        ],
      );
      assert.equal(body[0]!.createdAt, new Date(now).toISOString());
      assert.ok(body[0]!.id < body[1]!.id);
    });

    test('a change that fails inside its transaction leaves neither the pet nor an event', async () => {
      const before = (await events()).body.length;
      const pets = (await t.request({ url: '/v1/pets', headers: t.auth })).json().length;
      const undoEvents = await failInsertsInto(t, 'events');
      try {
        assert.equal((await createPet({ name: 'Ghost', categoryId: 1 })).statusCode, 500);
      } finally {
        await undoEvents();
      }
      // The idempotent path: pet and event are in, then storing the key fails.
      const undoKeys = await failInsertsInto(t, 'idempotency_records');
      try {
        const res = await createPet({ name: 'Ghost', categoryId: 1 }, { 'idempotency-key': 'k2' });
        assert.equal(res.statusCode, 500);
      } finally {
        await undoKeys();
      }
      assert.equal((await events()).body.length, before);
      assert.equal((await t.request({ url: '/v1/pets', headers: t.auth })).json().length, pets);
    });

    test('pages in commit order with Link, filters by exact type or prefix, refuses foreign cursors', async () => {
      for (let i = 0; i < 5; i++) await createPet({ name: `p${i}`, categoryId: 1 });
      const all = (await events()).body;
      const seen: number[] = [];
      let url: string | undefined = '/v1/events?limit=2&type=pet.*';
      while (url) {
        const res = await t.request({ url, headers: t.auth });
        assert.equal(res.statusCode, 200);
        seen.push(...res.json().map((e: { id: number }) => e.id));
        const link = res.headers.link as string | undefined;
        // The last page carries rel="resume" instead of rel="next" (the paging rules of /pets).
        url = link ? /<([^>]+)>; rel="next"/.exec(link)?.[1] : undefined;
      }
      assert.deepEqual(
        seen,
        all.map((e) => e.id),
      );
      assert.equal((await events('?type=pet.created')).body.length, all.length);
      assert.equal((await events('?type=order.*')).body.length, 0);
      const bad = await t.request({ url: '/v1/events?type=pet.adopted', headers: t.auth });
      assert.equal(bad.json().code, 'unknown_event_type');
      const first = await t.request({ url: '/v1/events?limit=1', headers: t.auth });
      const cursor = /cursor=([^>&]+)/.exec(first.headers.link as string)![1];
      const other = await t.request({
        url: `/v1/events?limit=1&type=pet.created&cursor=${cursor}`,
        headers: t.auth,
      });
      assert.equal(other.json().code, 'invalid_cursor');
      const petsCursor = await t.request({ url: `/v1/pets?cursor=${cursor}`, headers: t.auth });
      assert.equal(petsCursor.json().code, 'invalid_cursor');
    });

    test('a type filter that is no type or family is 400 unknown_event_type naming the choices', async () => {
      await createPet({ name: 'Filtered', categoryId: 1 });
      const feed = (await events('?limit=100')).body;
      const choices =
        'pet.created, pet.status_changed, pet.updated, pet.removed, order.placed, order.approved, order.completed, order.cancelled, ' +
        'application.submitted, application.status_changed, application.erased, key.created, key.revoked, ' +
        'pet.*, order.*, application.*, key.*';
      const long = 'pet.'.repeat(100);
      const refused: Array<[string, string]> = [
        ...['pet', '*', 'PET.created', 'pet.CREATED', 'order.nope', 'pet.adopted', 'pet.*.x', '.*', ''].map(
          (type): [string, string] => [type, type],
        ),
        [long, `${long.slice(0, 50)}…`],
      ];
      for (const [type, quoted] of refused) {
        const res = await t.request({ url: `/v1/events?type=${encodeURIComponent(type)}`, headers: t.auth });
        assert.equal(res.statusCode, 400, type);
        assert.deepEqual(res.json(), {
          code: 'unknown_event_type',
          message: `Unknown event type filter '${quoted}': give one of ${choices}`,
          status: 400,
        });
      }
      for (const type of choices.split(', ')) assert.ok((await events(`?type=${type}`)).body, type);
      assert.deepEqual((await events('?limit=100')).body, feed);
    });

    test('events older than the retention are pruned', async () => {
      const count = (await events('?limit=100')).body.length;
      await createPet({ name: 'late', categoryId: 1 });
      // A second past the retention: changes in one millisecond are stamped a millisecond apart (docs/search.md),
      // so the earlier ones sit a few milliseconds after the clock's reading.
      now += 30 * day + 1000;
      await createPet({ name: 'later', categoryId: 1 });
      // Everything but the newest is over 30 days old; the one created just before is too.
      assert.equal(await t.app.services.events.prune(), count + 1);
      assert.deepEqual(
        (await events()).body.map((e) => (e.data as { name: string }).name),
        ['later'],
      );
    });
  });
}
