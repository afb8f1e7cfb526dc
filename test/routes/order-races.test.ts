// Concurrent order actions through HTTP on every backend, several rounds each: the database decides, so
// exactly one of competing requests wins.
import { after, before, describe, test } from 'node:test';
import { backends } from '../helpers/backends.js';
import { raceCompleteCancel, racePlace, type Send } from '../helpers/order-races.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

const rounds = 5;

for (const backend of backends) {
  describe(`order races on ${backend.name}`, () => {
    let t: TestApp;
    before(async () => {
      t = await startTestApp(backend);
    });
    after(() => t.close());

    const send: Send = async (_i, method, url, payload) => {
      const res = await t.request({ method, url, headers: t.auth, ...(payload ? { payload } : {}) });
      return { status: res.statusCode, body: res.json() };
    };

    for (let round = 1; round <= rounds; round++) {
      test(`round ${round}: 50 places for one pet give one 201 and 49 × 409`, () => racePlace(send));
      test(`round ${round}: complete and cancel together, one wins and the pet matches`, () =>
        raceCompleteCancel(send));
    }
  });
}
