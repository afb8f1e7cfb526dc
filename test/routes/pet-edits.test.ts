// Editing and removing an animal through HTTP, on every backend: merge-patch semantics, the ETag and
// If-Match, the status rule while an order is open, removal seen from every read path, and the events.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { backends } from '../helpers/backends.js';
import { failInsertsInto } from '../helpers/fail-inserts.js';
import { addPet, followNext } from '../helpers/http-calls.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

interface FeedEvent {
  id: number;
  type: string;
  changes?: string[];
  data: Record<string, unknown>;
}

for (const backend of backends) {
  describe(`pet edits and removals on ${backend.name}`, () => {
    let t: TestApp;
    before(async () => {
      t = await startTestApp(backend);
    });
    after(() => t.close());

    const patch = (id: number, payload: unknown, headers: Record<string, string> = {}) =>
      t.request({
        method: 'PATCH',
        url: `/v1/pets/${id}`,
        headers: { 'content-type': 'application/merge-patch+json', ...t.auth, ...headers },
        payload: JSON.stringify(payload),
      });
    const remove = (id: number) => t.request({ method: 'DELETE', url: `/v1/pets/${id}`, headers: t.auth });
    const get = (id: number) => t.request({ url: `/v1/pets/${id}`, headers: t.auth });
    const place = (petId: number) =>
      t.request({ method: 'POST', url: '/v1/store/orders', headers: t.auth, payload: { petId } });
    const act = (orderId: number, action: string) =>
      t.request({ method: 'POST', url: `/v1/store/orders/${orderId}/${action}`, headers: t.auth });
    const inventory = async () =>
      (await t.request({ url: '/v1/store/inventory', headers: t.auth })).json() as Record<string, number>;
    const allPets = () => followNext<{ id: number }>(t, '/v1/pets?limit=100', t.auth);
    /** The pet events written while `action` runs. */
    const petEventsDuring = async (action: () => Promise<unknown>): Promise<FeedEvent[]> => {
      const seen = new Set(
        (await followNext<FeedEvent>(t, '/v1/events?type=pet.*&limit=100', t.auth)).map((e) => e.id),
      );
      await action();
      return (await followNext<FeedEvent>(t, '/v1/events?type=pet.*&limit=100', t.auth)).filter(
        (e) => !seen.has(e.id),
      );
    };

    test('merge patch: a field left out stays, null clears, and the flags merge one by one', async () => {
      const pet = await addPet(t, {
        name: 'Rex',
        breed: 'Beagle',
        color: 'Tan',
        goodWith: { children: true, dogs: true },
        attributes: { vaccinated: true },
        tags: ['calm'],
      });
      const res = await patch(pet.id, {
        color: null,
        goodWith: { cats: true, dogs: null },
        tags: ['calm', 'old'],
      });
      assert.equal(res.statusCode, 200, res.body);
      const after = res.json();
      assert.equal(after.breed, 'Beagle', 'left out: unchanged');
      assert.equal(after.color, null, 'null: cleared');
      assert.deepEqual(after.goodWith, { children: true, dogs: null, cats: true });
      assert.deepEqual(after.attributes, pet.attributes, 'left out: unchanged');
      assert.deepEqual(after.tags, ['calm', 'old']);
      assert.equal(after.createdAt, pet.createdAt);
      assert.ok(after.updatedAt >= pet.updatedAt);
      assert.deepEqual((await get(pet.id)).json(), after, '200 answers the whole pet after the change');

      const whole = await patch(pet.id, { goodWith: null, attributes: null, tags: null });
      assert.deepEqual(whole.json().goodWith, { children: null, dogs: null, cats: null });
      assert.deepEqual(whole.json().attributes, {
        spayedNeutered: null,
        houseTrained: null,
        vaccinated: null,
        specialNeeds: null,
      });
      assert.deepEqual(whole.json().tags, []);
    });

    test('application/json is taken as a merge patch too; other bodies are refused', async () => {
      const { id } = await addPet(t);
      const json = await t.request({
        method: 'PATCH',
        url: `/v1/pets/${id}`,
        headers: t.auth,
        payload: { name: 'Plain' },
      });
      assert.equal(json.statusCode, 200, json.body);
      assert.equal(json.json().name, 'Plain');
      for (const [payload, status, code] of [
        [[{ name: 'x' }], 400, 'validation_failed'],
        ['"x"', 400, 'validation_failed'],
        ['{"name":', 400, 'malformed_json'],
      ] as const) {
        const res = await t.request({
          method: 'PATCH',
          url: `/v1/pets/${id}`,
          headers: { ...t.auth, 'content-type': 'application/merge-patch+json' },
          payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
        });
        assert.equal(res.statusCode, status, res.body);
        assert.equal(res.json().code, code);
      }
      const none = await t.request({ method: 'PATCH', url: `/v1/pets/${id}`, headers: t.auth });
      assert.equal(none.statusCode, 400, none.body);
      const text = await t.request({
        method: 'PATCH',
        url: `/v1/pets/${id}`,
        headers: { ...t.auth, 'content-type': 'text/plain' },
        payload: 'name=x',
      });
      assert.equal(text.statusCode, 415);
      // A merge patch is no body for a POST.
      const post = await t.request({
        method: 'POST',
        url: '/v1/pets',
        headers: { ...t.auth, 'content-type': 'application/merge-patch+json' },
        payload: JSON.stringify({ name: 'x', categoryId: 1 }),
      });
      assert.equal(post.statusCode, 415);
    });

    test('name and categoryId cannot be cleared; id, createdAt and updatedAt cannot be set', async () => {
      const { id } = await addPet(t);
      for (const [body, message] of [
        [{ name: null }, /name cannot be cleared/],
        [{ categoryId: null }, /categoryId cannot be cleared/],
        [{ id: 5 }, /id is set by the service/],
        [{ createdAt: '2020-01-01T00:00:00Z' }, /createdAt is set by the service/],
        [{ updatedAt: null }, /updatedAt is set by the service/],
        [{ name: '' }, /name must be at least 1 character/],
        [{ status: 'lost' }, /status must be one of available, pending, sold/],
      ] as const) {
        const res = await patch(id, body);
        assert.equal(res.statusCode, 400, res.body);
        assert.equal(res.json().code, 'validation_failed');
        assert.match(res.json().message, message);
      }
      assert.equal((await get(id)).json().name, 'Rex');
    });

    test('an unknown pet is 404 pet_not_found on PATCH and DELETE', async () => {
      for (const res of [await patch(999_999, { name: 'x' }), await remove(999_999)]) {
        assert.equal(res.statusCode, 404);
        assert.equal(res.json().code, 'pet_not_found');
      }
    });

    test('GET, POST and PATCH carry a strong ETag that changes with every change, an order’s included', async () => {
      const created = await t.request({
        method: 'POST',
        url: '/v1/pets',
        headers: t.auth,
        payload: { name: 'Tag', categoryId: 1 },
      });
      const id = created.json().id as number;
      const tags = [created.headers.etag as string];
      assert.match(tags[0]!, /^"[^"]+"$/, 'strong: not W/');
      assert.equal((await get(id)).headers.etag, tags[0]);
      const patched = await patch(id, { name: 'Tagged' });
      tags.push(patched.headers.etag as string);
      assert.equal((await get(id)).headers.etag, tags[1]);

      const before = (await get(id)).json();
      const order = await place(id);
      assert.equal(order.statusCode, 201);
      const moved = await get(id);
      tags.push(moved.headers.etag as string);
      assert.equal(moved.json().status, 'pending');
      assert.ok(moved.json().updatedAt >= before.updatedAt, 'updatedAt moves with an order too');
      assert.equal((await act(order.json().id, 'cancel')).statusCode, 200);
      tags.push((await get(id)).headers.etag as string);
      assert.equal(new Set(tags).size, tags.length, `every change gives a new ETag: ${tags.join(' ')}`);
    });

    test('If-Match: a stale ETag is 412 and nothing changes; the current one, a list or * applies', async () => {
      const pet = await addPet(t, { name: 'Old' });
      const etag = (await get(pet.id)).headers.etag as string;
      assert.equal((await patch(pet.id, { color: 'Red' }, { 'if-match': etag })).statusCode, 200);
      const stale = await patch(pet.id, { name: 'New' }, { 'if-match': etag });
      assert.equal(stale.statusCode, 412, stale.body);
      assert.equal(stale.json().code, 'precondition_failed');
      const current = await get(pet.id);
      assert.equal(current.json().name, 'Old');
      assert.equal(current.json().color, 'Red');
      const now = current.headers.etag as string;
      assert.equal(
        (await patch(pet.id, { name: 'x' }, { 'if-match': `W/${now}` })).statusCode,
        412,
        'weak never matches',
      );
      assert.equal((await patch(pet.id, { name: 'x' }, { 'if-match': 'garbage' })).statusCode, 412);
      const listed = await patch(pet.id, { name: 'Listed' }, { 'if-match': `"nope", ${now}` });
      assert.equal(listed.statusCode, 200, listed.body);
      assert.equal((await patch(pet.id, { name: 'Any' }, { 'if-match': '*' })).statusCode, 200);
      // Without If-Match the last writer wins.
      assert.equal((await patch(pet.id, { name: 'Last' })).statusCode, 200);
      assert.equal((await get(pet.id)).json().name, 'Last');
    });

    test('two concurrent PATCHes with the same If-Match: exactly one 200 and one 412', async () => {
      for (let round = 0; round < 5; round++) {
        const { id } = await addPet(t);
        const etag = (await get(id)).headers.etag as string;
        const answers = await Promise.all([
          patch(id, { name: 'A' }, { 'if-match': etag }),
          patch(id, { name: 'B' }, { 'if-match': etag }),
        ]);
        const statuses = answers.map((res) => res.statusCode).sort();
        assert.deepEqual(statuses, [200, 412]);
        const winner = answers.find((res) => res.statusCode === 200)!.json().name;
        assert.equal((await get(id)).json().name, winner);
      }
    });

    test('status cannot be patched while an order is open; sold records an adoption, and the inventory follows', async () => {
      const { id } = await addPet(t);
      const order = (await place(id)).json();
      for (const status of ['available', 'sold']) {
        const res = await patch(id, { status });
        assert.equal(res.statusCode, 409, res.body);
        assert.equal(res.json().code, 'pet_has_open_order');
        assert.match(res.json().message, new RegExp(`\\b${order.id}\\b`), 'the message names the order');
      }
      // Fields other than status may still change, and repeating the current status changes nothing.
      assert.equal((await patch(id, { name: 'Held', status: 'pending' })).statusCode, 200);
      assert.equal((await get(id)).json().status, 'pending');
      assert.equal((await act(order.id, 'cancel')).statusCode, 200);

      const before = await inventory();
      const sold = await patch(id, { status: 'sold' });
      assert.equal(sold.statusCode, 200, sold.body);
      assert.equal(sold.json().status, 'sold');
      const after = await inventory();
      assert.equal(after.available, before.available! - 1);
      assert.equal(after.sold, before.sold! + 1);
      // A sold pet cannot be ordered.
      assert.equal((await place(id)).statusCode, 409);
    });

    test('removal: 204, then gone from every read path; orders keep their petId; ids are never reused', async () => {
      const kept = await addPet(t, { name: 'Kept' });
      const gone = await addPet(t, { name: 'Gone' });
      const order = (await place(gone.id)).json();
      const blocked = await remove(gone.id);
      assert.equal(blocked.statusCode, 409, blocked.body);
      assert.equal(blocked.json().code, 'pet_has_open_order');
      assert.equal((await act(order.id, 'cancel')).statusCode, 200);

      const before = await inventory();
      const res = await remove(gone.id);
      assert.equal(res.statusCode, 204);
      assert.equal(res.body, '');
      assert.equal((await get(gone.id)).statusCode, 404);
      assert.equal((await get(gone.id)).json().code, 'pet_not_found');
      const listed = (await allPets()).map((p) => p.id);
      assert.ok(!listed.includes(gone.id));
      assert.ok(listed.includes(kept.id));
      const filtered = await followNext<{ id: number }>(t, '/v1/pets?status=available&limit=100', t.auth);
      assert.ok(!filtered.some((p) => p.id === gone.id));
      assert.equal((await inventory()).available, before.available! - 1);
      const again = await place(gone.id);
      assert.equal(again.statusCode, 404);
      assert.equal(again.json().code, 'pet_not_found');
      const oldOrder = await t.request({ url: `/v1/store/orders/${order.id}`, headers: t.auth });
      assert.equal(oldOrder.json().petId, gone.id);
      assert.equal((await patch(gone.id, { name: 'Back' })).statusCode, 404);
      assert.equal((await remove(gone.id)).statusCode, 404, 'a second DELETE');
      const next = await addPet(t);
      assert.ok(next.id > gone.id, 'ids are never reused');
    });

    test('events: one pet.updated per PATCH that changes something, none for 412, 400 or 404; one pet.removed', async () => {
      const pet = await addPet(t, { name: 'Evented' });
      const etag = (await get(pet.id)).headers.etag as string;
      const events = await petEventsDuring(async () => {
        assert.equal((await patch(pet.id, { name: 'Renamed', goodWith: { cats: true } })).statusCode, 200);
        assert.equal((await patch(pet.id, { name: 'x' }, { 'if-match': etag })).statusCode, 412);
        assert.equal((await patch(pet.id, { sex: 'x' })).statusCode, 400);
        assert.equal((await patch(pet.id, { name: 'Renamed' })).statusCode, 200, 'no change: no event');
        assert.equal((await patch(pet.id, { size: 'small' })).statusCode, 200);
        assert.equal((await patch(999_999, { size: 'small' })).statusCode, 404);
        assert.equal((await remove(pet.id)).statusCode, 204);
        assert.equal((await remove(pet.id)).statusCode, 404);
      });
      assert.deepEqual(
        events.map((e) => [e.type, e.changes]),
        [
          ['pet.updated', ['name', 'goodWith']],
          ['pet.updated', ['size']],
          ['pet.removed', undefined],
        ],
      );
      assert.equal(events[0]!.data.name, 'Renamed');
      assert.deepEqual(events[0]!.data.goodWith, { children: null, dogs: null, cats: true });
      assert.equal(events[1]!.data.size, 'small');
      assert.deepEqual(events[2]!.data, { id: pet.id });
    });

    test('a PATCH or DELETE whose transaction rolls back writes neither the change nor an event', async () => {
      const pet = await addPet(t, { name: 'Steady' });
      const before = (await get(pet.id)).json();
      const events = await petEventsDuring(async () => {
        const undo = await failInsertsInto(t, 'events');
        try {
          assert.equal((await patch(pet.id, { name: 'Moved' })).statusCode, 500);
          assert.equal((await remove(pet.id)).statusCode, 500);
        } finally {
          await undo();
        }
      });
      assert.deepEqual(events, []);
      assert.deepEqual((await get(pet.id)).json(), before);
    });

    test('Idempotency-Key on PATCH: a retry replays the first answer; another body is 422', async () => {
      const pet = await addPet(t, { name: 'Once' });
      const headers = { 'idempotency-key': `patch-${backend.name}-${pet.id}` };
      const first = await patch(pet.id, { name: 'Twice' }, headers);
      assert.equal(first.statusCode, 200, first.body);
      await patch(pet.id, { name: 'Meanwhile' });
      const retry = await patch(pet.id, { name: 'Twice' }, headers);
      assert.equal(retry.statusCode, 200);
      assert.equal(retry.headers['idempotent-replayed'], 'true');
      assert.deepEqual(retry.json(), first.json());
      assert.equal(retry.headers.etag, first.headers.etag);
      assert.equal((await get(pet.id)).json().name, 'Meanwhile', 'the replay changed nothing');
      const other = await patch(pet.id, { name: 'Other' }, headers);
      assert.equal(other.statusCode, 422);
    });

    test('a PATCH answer stored before pets had `published` is replayed with it, true as every pet was', async () => {
      const pet = await addPet(t, { name: 'Stored' });
      const key = `patch-published-${backend.name}-${pet.id}`;
      const first = await patch(pet.id, { name: 'Stored again' }, { 'idempotency-key': key });
      assert.equal(first.statusCode, 200, first.body);
      const { published, ...before } = first.json();
      assert.equal(published, true);
      await t.app.store.db
        .updateTable('idempotency_records')
        .set({ response_body: JSON.stringify({ pet: before, etag: first.headers.etag }) })
        .where('idempotency_key', '=', key)
        .execute();
      const retry = await patch(pet.id, { name: 'Stored again' }, { 'idempotency-key': key });
      assert.equal(retry.statusCode, 200, retry.body);
      assert.equal(retry.headers['idempotent-replayed'], 'true');
      assert.deepEqual(retry.json(), first.json());
    });
  });
}
