// Idempotency-Key on POST /v1/pets, on every backend: replays, conflicts, scoping, concurrency and expiry.
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { backends } from '../helpers/backends.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

const day = 86_400_000;

for (const backend of backends) {
  describe(`Idempotency-Key on ${backend.name}`, () => {
    let t: TestApp;
    let now = Date.now();
    before(async () => {
      t = await startTestApp(backend, { idempotencyPruneIntervalMs: 20 }, { clock: () => now });
    });
    after(() => t.close());

    const create = (payload: object, key?: string, auth = t.auth, app = t) =>
      app.request({
        method: 'POST',
        url: '/v1/pets',
        headers: { ...auth, ...(key === undefined ? {} : { 'idempotency-key': key }) },
        payload,
      });
    const petCount = async (app = t) =>
      Number(
        (
          await app.app.store.db
            .selectFrom('pets')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    let counter = 0;
    const freshKey = () => `key-${backend.name}-${counter++}`;

    test('a retry with the same key and body replays the first response and creates nothing', async () => {
      const key = freshKey();
      const first = await create({ name: 'Rex', categoryId: 3 }, key);
      assert.equal(first.statusCode, 201);
      assert.equal(first.headers['idempotent-replayed'], undefined);
      const count = await petCount();
      // Field order and the white space the service trims do not make a different request.
      const retry = await create({ categoryId: 3, name: '  Rex ' }, key);
      assert.equal(retry.statusCode, 201);
      assert.equal(retry.headers['idempotent-replayed'], 'true');
      assert.deepEqual(retry.json(), first.json());
      assert.equal(retry.headers.location, first.headers.location);
      assert.equal(await petCount(), count);
    });

    test('a first answer stored before the profile existed is replayed whole, in today’s shape', async () => {
      const key = freshKey();
      const first = (await create({ name: 'Old', categoryId: 3 }, key)).json();
      // As the release before profiles stored it: the seed's four fields.
      const { id, name, categoryId, status } = first;
      await t.app.store.db
        .updateTable('idempotency_records')
        .set({ response_body: JSON.stringify({ id, name, categoryId, status }) })
        .where('idempotency_key', '=', key)
        .execute();
      const retry = await create({ name: 'Old', categoryId: 3 }, key);
      assert.equal(retry.statusCode, 201, retry.body);
      assert.equal(retry.headers['idempotent-replayed'], 'true');
      assert.deepEqual(retry.json(), first, 'the unknown profile, no photos, and the creation time');
    });

    test('a first answer stored before pets had `published` is replayed with it, true as every pet was', async () => {
      const key = freshKey();
      const first = (await create({ name: 'Shown', categoryId: 3 }, key)).json();
      const { published, ...before } = first;
      assert.equal(published, true);
      await t.app.store.db
        .updateTable('idempotency_records')
        .set({ response_body: JSON.stringify(before) })
        .where('idempotency_key', '=', key)
        .execute();
      const retry = await create({ name: 'Shown', categoryId: 3 }, key);
      assert.equal(retry.statusCode, 201, retry.body);
      assert.equal(retry.headers['idempotent-replayed'], 'true');
      assert.deepEqual(retry.json(), first);
    });

    test('the same key with `published` sent, even as its default, is another request', async () => {
      const key = freshKey();
      assert.equal((await create({ name: 'Rex', categoryId: 3 }, key)).statusCode, 201);
      const res = await create({ name: 'Rex', categoryId: 3, published: true }, key);
      assert.equal(res.statusCode, 422);
      assert.equal(res.json().code, 'idempotency_key_reused');
    });

    const conflicts: Array<[string, object]> = [
      ['another name', { name: 'Max', categoryId: 3 }],
      ['another categoryId', { name: 'Rex', categoryId: 4 }],
      ['an explicit status', { name: 'Rex', categoryId: 3, status: 'available' }],
    ];
    for (const [what, changed] of conflicts) {
      test(`the same key with ${what} is 422 idempotency_key_reused and creates nothing`, async () => {
        const key = freshKey();
        assert.equal((await create({ name: 'Rex', categoryId: 3 }, key)).statusCode, 201);
        const count = await petCount();
        const res = await create(changed, key);
        assert.equal(res.statusCode, 422);
        assert.equal(res.json().code, 'idempotency_key_reused');
        assert.equal(await petCount(), count);
      });
    }

    test('keys are scoped to the API key that sent them', async () => {
      const key = freshKey();
      const other = await t.newKey();
      const mine = await create({ name: 'Rex', categoryId: 3 }, key);
      const theirs = await create({ name: 'Rex', categoryId: 3 }, key, {
        authorization: `Bearer ${other.key}`,
      });
      assert.equal(theirs.statusCode, 201);
      assert.equal(theirs.headers['idempotent-replayed'], undefined);
      assert.notEqual(theirs.json().id, mine.json().id);
    });

    test('without a key, every POST creates a pet', async () => {
      const a = await create({ name: 'Rex', categoryId: 3 });
      const b = await create({ name: 'Rex', categoryId: 3 });
      assert.notEqual(a.json().id, b.json().id);
    });

    const badKeys: Array<[string, string, RegExp]> = [
      ['empty', '', /idempotency-key must be at least 1 character/],
      ['longer than 255 characters', 'k'.repeat(256), /idempotency-key must be at most 255 characters/],
      ['not printable ASCII', 'clé', /idempotency-key must be printable ASCII/],
    ];
    for (const [what, key, message] of badKeys) {
      test(`a key ${what} is 400 validation_failed`, async () => {
        const res = await create({ name: 'Rex', categoryId: 3 }, key);
        assert.equal(res.statusCode, 400);
        assert.match(res.json().message, message);
      });
    }

    test('50 parallel POSTs with one key create exactly one pet, and all answer with its id', async () => {
      const count = await petCount();
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as AddressInfo;
      const responses = await Promise.all(
        Array.from({ length: 50 }, () =>
          fetch(`http://127.0.0.1:${port}/v1/pets`, {
            method: 'POST',
            headers: { ...t.auth, 'content-type': 'application/json', 'idempotency-key': 'parallel' },
            body: JSON.stringify({ name: 'Once', categoryId: 9 }),
          }),
        ),
      );
      const bodies = await Promise.all(responses.map((r) => r.json() as Promise<{ id: number }>));
      assert.deepEqual(
        responses.map((r) => r.status),
        Array(50).fill(201),
      );
      assert.equal(new Set(bodies.map((b) => b.id)).size, 1);
      assert.equal(responses.filter((r) => r.headers.get('idempotent-replayed') === 'true').length, 49);
      assert.equal(await petCount(), count + 1);
    });

    test('a key is forgotten after its time to live, and expired records are pruned', async () => {
      const key = freshKey();
      const first = await create({ name: 'Rex', categoryId: 3 }, key);
      now += day + 1;
      const later = await create({ name: 'Rex', categoryId: 3 }, key);
      assert.equal(later.statusCode, 201);
      assert.equal(later.headers['idempotent-replayed'], undefined);
      assert.notEqual(later.json().id, first.json().id);

      now += day + 1;
      const records = () => t.app.store.db.selectFrom('idempotency_records').select('expires_at').execute();
      for (let waited = 0; (await records()).length > 0 && waited < 1000; waited += 20) await sleep(20);
      assert.deepEqual(await records(), []);
    });

    test(
      'a retry while the first request holds the key waits, then answers 409 with Retry-After',
      {
        skip:
          backend.name === 'sqlite' &&
          'SQLite serialises writers: a retry queues behind the first request and never sees it in flight',
      },
      async () => {
        // An app of its own that waits only briefly, so that the test does not.
        const brief = await startTestApp(backend, { idempotencyWaitMs: 100 }, { clock: () => now });
        after(() => brief.close());
        const key = freshKey();
        const holder = await brief.newKey();
        const auth = { authorization: `Bearer ${holder.key}` };
        // Another instance's transaction that has stored the key and not committed yet.
        const trx = await brief.app.store.db.startTransaction().execute();
        try {
          await trx
            .insertInto('idempotency_records')
            .values({
              api_key_id: holder.id,
              idempotency_key: key,
              fingerprint: 'in flight',
              response_status: 201,
              response_body: '{}',
              created_at: now,
              expires_at: now + day,
            })
            .execute();
          const count = await petCount(brief);
          // Sent with others, in one group: only the run with the held key is answered 409.
          const others = ['Ace', 'Bo', 'Cy'];
          const [res, ...rest] = await Promise.all([
            create({ name: 'Rex', categoryId: 3 }, key, auth, brief),
            ...others.map((name) => create({ name, categoryId: 3 }, freshKey(), auth, brief)),
          ]);
          assert.equal(res!.statusCode, 409);
          assert.equal(res!.json().code, 'idempotency_key_in_flight');
          assert.equal(res!.headers['retry-after'], '1');
          assert.deepEqual(
            rest.map((r) => [r.statusCode, r.json().name]),
            others.map((name) => [201, name]),
          );
          assert.equal(await petCount(brief), count + others.length);
        } finally {
          await trx.rollback().execute();
        }
        // The first request failed (rolled back): the key is free, and the retry does the work.
        const retry = await create({ name: 'Rex', categoryId: 3 }, key, auth, brief);
        assert.equal(retry.statusCode, 201);
      },
    );
  });
}
