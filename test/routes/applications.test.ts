// Applications through HTTP, on every backend: every row of the transition table (the pet and the order
// checked after each), repeats, refusals, the one-open rule, notes, the question set, listing and counts.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { backends } from '../helpers/backends.js';
import { newPet } from '../helpers/http-calls.js';
import { act, application, submit } from '../helpers/applications.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

for (const backend of backends) {
  describe(`applications on ${backend.name}`, () => {
    let t: TestApp;
    before(async () => {
      t = await startTestApp(backend);
    });
    after(() => t.close());

    const get = async (url: string) => {
      const res = await t.request({ url, headers: t.auth });
      assert.equal(res.statusCode, 200, res.body);
      return res.json();
    };
    const petStatus = async (petId: number) => (await get(`/v1/pets/${petId}`)).status as string;

    test('submit: 201 submitted, every optional field null, Location; an unknown pet is 404', async () => {
      const petId = await newPet(t);
      const res = await t.request({
        method: 'POST',
        url: '/v1/applications',
        headers: t.auth,
        payload: application(petId),
      });
      assert.equal(res.statusCode, 201, res.body);
      const body = res.json();
      assert.equal(body.status, 'submitted');
      assert.match(body.id, /^[A-Za-z0-9_-]{22}$/, '128 random bits, URL-safe');
      assert.equal(res.headers.location, `/v1/applications/${body.id}`);
      assert.deepEqual(body.applicant, {
        ...application(petId).applicant,
        email: body.applicant.email,
        phone: null,
        address: null,
      });
      assert.equal(body.vet, null);
      assert.equal(body.hoursAlone, null);
      assert.deepEqual(body.answers, {
        'why-adopt': 'Room to run',
        'had-pet-before': null,
        'day-to-day-carer': null,
      });
      assert.equal(typeof body.consent.givenAt, 'string');
      const missing = await t.request({
        method: 'POST',
        url: '/v1/applications',
        headers: t.auth,
        payload: application(999999),
      });
      assert.equal(missing.statusCode, 404);
      assert.equal(missing.json().code, 'pet_not_found');
    });

    test('any pet status may be applied for; no pet at all too', async () => {
      const petId = await newPet(t, { status: 'sold' });
      await submit(t, application(petId));
      const none = await submit(t, application(null));
      assert.equal(none.petId, null);
    });

    test('review: submitted → in_review; a repeat is 200 unchanged', async () => {
      const a = await submit(t, application(null));
      const first = await act(t, a.id, 'review');
      assert.equal(first.statusCode, 200, first.body);
      assert.equal(first.json().status, 'in_review');
      const again = await act(t, a.id, 'review');
      assert.equal(again.statusCode, 200);
      assert.deepEqual(again.json(), first.json());
    });

    test('approve: from submitted and in_review; places and approves an order, the pet pending', async () => {
      for (const before of ['submitted', 'in_review']) {
        const petId = await newPet(t);
        const a = await submit(t, application(petId));
        if (before === 'in_review') await act(t, a.id, 'review');
        const res = await act(t, a.id, 'approve');
        assert.equal(res.statusCode, 200, res.body);
        assert.equal(res.json().status, 'approved');
        const order = await get(`/v1/store/orders/${res.json().orderId}`);
        assert.equal(order.status, 'approved');
        assert.equal(order.petId, petId);
        assert.equal(await petStatus(petId), 'pending');
        const again = await act(t, a.id, 'approve');
        assert.equal(again.statusCode, 200);
        assert.equal(again.json().orderId, res.json().orderId, 'a repeat places no second order');
      }
    });

    test('approve: a pet not available is 409 pet_not_available and changes nothing; no pet is 409', async () => {
      const petId = await newPet(t, { status: 'sold' });
      const a = await submit(t, application(petId));
      const res = await act(t, a.id, 'approve');
      assert.equal(res.statusCode, 409);
      assert.equal(res.json().code, 'pet_not_available');
      assert.equal((await get(`/v1/applications/${a.id}`)).status, 'submitted');
      const none = await submit(t, application(null));
      const refused = await act(t, none.id, 'approve');
      assert.equal(refused.statusCode, 409);
      assert.equal(refused.json().code, 'application_status_conflict');
    });

    for (const action of ['decline', 'withdraw'] as const) {
      const to = action === 'decline' ? 'declined' : 'withdrawn';
      const body = action === 'decline' ? { reason: 'No garden' } : undefined;
      test(`${action}: from submitted, in_review and approved → ${to}; from approved the order is cancelled`, async () => {
        for (const from of ['submitted', 'in_review', 'approved']) {
          const petId = await newPet(t);
          const a = await submit(t, application(petId));
          if (from === 'in_review') await act(t, a.id, 'review');
          const approved = from === 'approved' ? (await act(t, a.id, 'approve')).json() : undefined;
          const res = await act(t, a.id, action, body);
          assert.equal(res.statusCode, 200, res.body);
          assert.equal(res.json().status, to);
          assert.equal(typeof res.json().decidedAt, 'string');
          assert.equal(typeof res.json().retainUntil, 'string', 'a closed application has a retention date');
          if (action === 'decline') assert.equal(res.json().declineReason, 'No garden');
          if (approved) {
            assert.equal((await get(`/v1/store/orders/${approved.orderId}`)).status, 'cancelled');
          }
          assert.equal(await petStatus(petId), 'available');
          const again = await act(t, a.id, action, body);
          assert.equal(again.statusCode, 200, 'a repeat is 200 unchanged');
          assert.deepEqual(again.json(), res.json());
        }
      });
    }

    test('decline without a reason, or with an empty one, is 400 and changes nothing', async () => {
      const a = await submit(t, application(null));
      for (const payload of [undefined, {}, { reason: '' }, { reason: '   ' }]) {
        const res = await act(t, a.id, 'decline', payload);
        assert.equal(res.statusCode, 400, `${JSON.stringify(payload)}: ${res.body}`);
      }
      assert.equal((await get(`/v1/applications/${a.id}`)).status, 'submitted');
    });

    test('the linked order completes: adopted, and every other open application for the pet declined', async () => {
      const petId = await newPet(t);
      const chosen = await submit(t, application(petId));
      const others = [await submit(t, application(petId)), await submit(t, application(petId))];
      await act(t, others[1]!.id, 'review');
      const closed = await submit(t, application(petId));
      await act(t, closed.id, 'withdraw');
      const orderId = (await act(t, chosen.id, 'approve')).json().orderId;
      const done = await t.request({
        method: 'POST',
        url: `/v1/store/orders/${orderId}/complete`,
        headers: t.auth,
      });
      assert.equal(done.statusCode, 200, done.body);
      const adopted = await get(`/v1/applications/${chosen.id}`);
      assert.equal(adopted.status, 'adopted');
      assert.equal(adopted.retainUntil, null, 'adopters are kept by default');
      for (const other of others) {
        const now = await get(`/v1/applications/${other.id}`);
        assert.equal(now.status, 'declined');
        assert.equal(now.declineReason, 'The animal was adopted by another applicant');
      }
      assert.equal((await get(`/v1/applications/${closed.id}`)).status, 'withdrawn', 'a closed one stays');
      assert.equal(await petStatus(petId), 'sold');
    });

    test('the linked order is cancelled through the orders API: back to in_review, orderId cleared', async () => {
      const petId = await newPet(t);
      const a = await submit(t, application(petId));
      const orderId = (await act(t, a.id, 'approve')).json().orderId;
      const res = await t.request({
        method: 'POST',
        url: `/v1/store/orders/${orderId}/cancel`,
        headers: t.auth,
      });
      assert.equal(res.statusCode, 200, res.body);
      const now = await get(`/v1/applications/${a.id}`);
      assert.equal(now.status, 'in_review');
      assert.equal(now.orderId, null);
      assert.equal(await petStatus(petId), 'available');
    });

    test('actions the table does not allow are 409 application_status_conflict naming the allowed ones', async () => {
      const a = await submit(t, application(null));
      await act(t, a.id, 'withdraw');
      for (const action of ['review', 'approve', 'decline']) {
        const res = await act(t, a.id, action, action === 'decline' ? { reason: 'x' } : undefined);
        assert.equal(res.statusCode, 409, `${action}: ${res.body}`);
        assert.equal(res.json().code, 'application_status_conflict');
        assert.match(res.json().message, /allowed from there: none/);
      }
      const b = await submit(t, application(null));
      await act(t, b.id, 'review');
      const res = await act(t, b.id, 'withdraw');
      assert.equal(res.statusCode, 200);
      const unknown = await act(t, 'AAAAAAAAAAAAAAAAAAAAAA', 'review');
      assert.equal(unknown.statusCode, 404);
      assert.equal(unknown.json().code, 'application_not_found');
    });

    test('one open application per (email, pet), email compared case-insensitively; a closed one frees it', async () => {
      const petId = await newPet(t);
      const first = application(petId);
      const a = await submit(t, first);
      const upper = {
        ...first,
        applicant: { ...first.applicant, email: first.applicant.email.toUpperCase() },
      };
      const again = await t.request({
        method: 'POST',
        url: '/v1/applications',
        headers: t.auth,
        payload: upper,
      });
      assert.equal(again.statusCode, 409, again.body);
      assert.equal(again.json().code, 'application_exists');
      const otherPet = await submit(t, { ...first, petId: await newPet(t) });
      assert.equal(otherPet.status, 'submitted', 'another animal is another application');
      await act(t, a.id, 'withdraw');
      await submit(t, upper);
    });

    test('notes: 201 {id, text, author, createdAt}, listed oldest first in the application', async () => {
      const a = await submit(t, application(null));
      const texts = ['Called, no answer', 'Home visit booked\nSaturday'];
      for (const text of texts) {
        const res = await t.request({
          method: 'POST',
          url: `/v1/applications/${a.id}/notes`,
          headers: t.auth,
          payload: { text },
        });
        assert.equal(res.statusCode, 201, res.body);
        assert.deepEqual(Object.keys(res.json()).sort(), ['author', 'createdAt', 'id', 'text']);
        assert.equal(res.json().author, 'test');
      }
      const notes = (await get(`/v1/applications/${a.id}`)).notes as Array<{ text: string }>;
      assert.deepEqual(
        notes.map((n) => n.text),
        texts,
      );
      for (const text of ['', 'x'.repeat(2001)]) {
        const res = await t.request({
          method: 'POST',
          url: `/v1/applications/${a.id}/notes`,
          headers: t.auth,
          payload: { text },
        });
        assert.equal(res.statusCode, 400);
      }
    });

    test('counts: every status present', async () => {
      const counts = await get('/v1/applications/counts');
      assert.deepEqual(Object.keys(counts).sort(), [
        'adopted',
        'approved',
        'declined',
        'in_review',
        'submitted',
        'withdrawn',
      ]);
      const before = counts.submitted as number;
      await submit(t, application(null));
      assert.equal((await get('/v1/applications/counts')).submitted, before + 1);
    });
  });
}
