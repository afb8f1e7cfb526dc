// The lease of an endpoint, on every backend: an attempt is recorded only by the instance still holding the
// lease, so that one whose lease ran out (and was taken over) cannot move a delivery on behind the back of
// the instance now delivering in order.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  leaseDueEndpoint,
  nextDeliveries,
  recordAttempt,
} from '../../src/store/repositories/webhooks-repository.js';
import { backends } from '../helpers/backends.js';
import { newPet } from '../helpers/http-calls.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

for (const backend of backends) {
  describe(`delivery lease on ${backend.name}`, () => {
    let t: TestApp;
    before(async () => {
      t = await startTestApp(backend, { webhookAllowedHosts: '127.0.0.1' });
    });
    after(() => t.close());

    test('an owner whose lease was taken over records nothing; the new holder records', async () => {
      const { endpoint } = await t.app.services.webhooks.add({
        url: 'http://127.0.0.1:9/hooks',
        events: ['pet.created'],
      });
      await newPet(t);
      const { store } = t.app;
      const now = Date.now();
      const leased = await leaseDueEndpoint(store, {
        owner: 'first',
        now,
        leaseMs: 1000,
        skip: [],
      });
      assert.equal(leased?.id, endpoint.id);
      const [delivery] = await nextDeliveries(store.db, endpoint.id, 1);
      const attempt = {
        deliveryId: delivery!.id,
        attemptedAt: now,
        statusCode: 204,
        durationMs: 5,
        error: undefined,
      };
      // The first lease ran out while its attempt was under way, and another instance took the endpoint.
      const taken = await leaseDueEndpoint(store, {
        owner: 'second',
        now: now + 2000,
        leaseMs: 1000,
        skip: [],
      });
      assert.equal(taken?.id, endpoint.id);

      const late = { endpointId: endpoint.id, owner: 'first' };
      assert.equal(await recordAttempt(store.db, late, attempt, { delivered: true }), false);
      let [shown] = await t.app.services.webhooks.deliveries(endpoint.id, 1);
      assert.deepEqual(
        { state: shown!.state, attempts: shown!.attempts.length },
        { state: 'pending', attempts: 0 },
      );

      const holder = { endpointId: endpoint.id, owner: 'second' };
      assert.equal(await recordAttempt(store.db, holder, attempt, { delivered: true }), true);
      [shown] = await t.app.services.webhooks.deliveries(endpoint.id, 1);
      assert.deepEqual(
        { state: shown!.state, attempts: shown!.attempts.length },
        { state: 'delivered', attempts: 1 },
      );
    });
  });
}
