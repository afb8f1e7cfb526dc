// Application races on PostgreSQL, with two instances of the app on one deployment, each with its own
// pool: two approvals for one animal, approve against withdraw, and 20 identical submissions at once.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { application } from '../helpers/applications.js';
import { backends } from '../helpers/backends.js';
import { newPet } from '../helpers/http-calls.js';
import { startTestApp, type AppInstance, type TestApp } from '../helpers/test-app.js';

for (const backend of backends.filter((b) => b.name === 'postgres')) {
  describe('application races on postgres, two instances', () => {
    let t: TestApp;
    let other: AppInstance;
    before(async () => {
      t = await startTestApp(backend);
      other = await t.instance();
    });
    after(async () => {
      await other.close();
      await t.close();
    });
    const on = (i: number) => (i % 2 === 0 ? t : other);
    const post = (i: number, url: string, payload?: object) =>
      on(i).request({ method: 'POST', url, headers: t.auth, ...(payload ? { payload } : {}) });
    const submitted = async (petId: number | null) => {
      const res = await post(0, '/v1/applications', application(petId));
      assert.equal(res.statusCode, 201, res.body);
      return res.json().id as string;
    };

    test('two approvals of two applications for one animal: one approved, one 409, one order', async () => {
      for (let round = 0; round < 5; round++) {
        const petId = await newPet(t);
        const ids = [await submitted(petId), await submitted(petId)];
        const results = await Promise.all(ids.map((id, i) => post(i, `/v1/applications/${id}/approve`)));
        const statuses = results.map((r) => r.statusCode).sort();
        assert.deepEqual(statuses, [200, 409], results.map((r) => r.body).join('\n'));
        const loser = results.find((r) => r.statusCode === 409)!;
        assert.equal(loser.json().code, 'pet_not_available');
        const orders = await t.request({ url: `/v1/store/orders?petId=${petId}`, headers: t.auth });
        assert.equal(orders.json().length, 1);
        const loserId = ids[results.indexOf(loser)]!;
        const kept = await t.request({ url: `/v1/applications/${loserId}`, headers: t.auth });
        assert.equal(kept.json().status, 'submitted', 'the refused approval changed nothing');
      }
    });

    test('approve against withdraw on one application: one consistent state', async () => {
      for (let round = 0; round < 5; round++) {
        const petId = await newPet(t);
        const id = await submitted(petId);
        const [approve, withdraw] = await Promise.all([
          post(0, `/v1/applications/${id}/approve`),
          post(1, `/v1/applications/${id}/withdraw`),
        ]);
        assert.equal(withdraw.statusCode, 200, 'withdraw is allowed from approved too');
        assert.ok([200, 409].includes(approve.statusCode), approve.body);
        const final = (await t.request({ url: `/v1/applications/${id}`, headers: t.auth })).json();
        const pet = (await t.request({ url: `/v1/pets/${petId}`, headers: t.auth })).json();
        assert.equal(final.status, 'withdrawn');
        assert.equal(pet.status, 'available', 'no order is left open for a withdrawn application');
        if (final.orderId !== null) {
          const order = (
            await t.request({ url: `/v1/store/orders/${final.orderId}`, headers: t.auth })
          ).json();
          assert.equal(order.status, 'cancelled');
        }
      }
    });

    test('20 simultaneous identical submissions make one application', async () => {
      const petId = await newPet(t);
      const body = application(petId);
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          on(i).request({ method: 'POST', url: '/v1/applications', headers: t.auth, payload: body }),
        ),
      );
      const statuses = results.map((r) => r.statusCode);
      assert.equal(statuses.filter((s) => s === 201).length, 1, statuses.join(','));
      assert.equal(statuses.filter((s) => s === 409).length, 19, statuses.join(','));
      for (const r of results.filter((r) => r.statusCode === 409))
        assert.equal(r.json().code, 'application_exists');
      const listed = await t.request({ url: `/v1/applications?petId=${petId}`, headers: t.auth });
      assert.equal(listed.json().length, 1);
    });

    test('the retention job run on both instances at once erases each application once', async () => {
      // A deployment of its own, so that only these applications are due.
      const fresh = await startTestApp(backend);
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await fresh.request({
          method: 'POST',
          url: '/v1/applications',
          headers: fresh.auth,
          payload: application(null),
        });
        ids.push(res.json().id);
        await fresh.request({
          method: 'POST',
          url: `/v1/applications/${res.json().id}/withdraw`,
          headers: fresh.auth,
        });
      }
      const later = Date.now() + 400 * 86_400_000;
      const late = await fresh.instance({ clock: () => later });
      const late2 = await fresh.instance({ clock: () => later });
      try {
        const counts = await Promise.all([
          late.app.services.applicantData.eraseDue(),
          late2.app.services.applicantData.eraseDue(),
        ]);
        assert.equal(counts[0]! + counts[1]!, ids.length, `erased ${counts.join(' + ')}`);
        const events = (
          await fresh.request({ url: '/v1/events?type=application.erased&limit=100', headers: fresh.auth })
        ).json();
        assert.equal(events.length, ids.length, 'one event per application');
        assert.equal(await late.app.services.applicantData.eraseDue(), 0);
      } finally {
        await late.close();
        await late2.close();
        await fresh.close();
      }
    });
  });
}
