// Application counts by status through HTTP, on every backend: every status present from a new deployment
// on, each counted for the whole deployment, whichever key submitted and whichever key asks.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { act, application, submit } from '../helpers/applications.js';
import { backends } from '../helpers/backends.js';
import { newPet } from '../helpers/http-calls.js';
import { authWith } from '../helpers/scoped-keys.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

const none = { submitted: 0, in_review: 0, approved: 0, declined: 0, withdrawn: 0, adopted: 0 };

for (const backend of backends) {
  describe(`application counts on ${backend.name}`, () => {
    let t: TestApp;
    before(async () => {
      t = await startTestApp(backend);
    });
    after(() => t.close());

    const counts = async (headers = t.auth) => {
      const res = await t.request({ url: '/v1/applications/counts', headers });
      assert.equal(res.statusCode, 200, res.body);
      return res.json();
    };
    const moved = async (id: string, action: string, payload?: Record<string, unknown>) => {
      const res = await act(t, id, action, payload);
      assert.equal(res.statusCode, 200, res.body);
      return res.json();
    };
    /** A new application for an animal of its own, so that no adoption declines another. */
    const fresh = async (submitter = t.auth) =>
      submit({ request: t.request, auth: submitter }, application(await newPet(t)));

    // First in the file: the deployment is still empty.
    test('a new deployment: every status present, each 0', async () => {
      assert.deepEqual(await counts(), none);
    });

    test('each status counted, applications of every key, for any key that reads', async () => {
      const submitOnly = await authWith(t, 'applications:submit');
      await fresh(submitOnly);
      await fresh();
      await moved((await fresh(submitOnly)).id, 'review');
      await moved((await fresh()).id, 'approve');
      await moved((await fresh()).id, 'decline', { reason: 'No garden' });
      await moved((await fresh()).id, 'withdraw');
      for (let i = 0; i < 2; i++) {
        const { orderId } = await moved((await fresh()).id, 'approve');
        const done = await t.request({
          method: 'POST',
          url: `/v1/store/orders/${orderId}/complete`,
          headers: t.auth,
        });
        assert.equal(done.statusCode, 200, done.body);
      }
      const expected = { submitted: 2, in_review: 1, approved: 1, declined: 1, withdrawn: 1, adopted: 2 };
      assert.deepEqual(await counts(), expected);
      assert.deepEqual(await counts(await authWith(t, 'applications:read')), expected);
    });
  });
}
