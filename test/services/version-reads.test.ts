// A request reads the data version once, however many caches it consults (its key record, then the page or
// the inventory): on SQLite one `data_version` pragma per cached request, on Redis one round trip.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildApp } from '../../src/app.js';
import { openStore } from '../../src/store/open-store.js';
import { backends } from '../helpers/backends.js';
import { startTestApp } from '../helpers/test-app.js';

test('a cached GET reads the version once for its key and its page', async () => {
  const t = await startTestApp(backends[0]!);
  const store = await openStore(t.config);
  let reads = 0;
  const counted = {
    ...store,
    changeToken: () => {
      reads++;
      return store.changeToken();
    },
  };
  const app = await buildApp({ config: t.config, store: counted });
  try {
    for (const url of ['/v1/pets?limit=20&status=available', '/v1/store/inventory']) {
      const get = () => app.inject({ url, headers: t.auth });
      assert.equal((await get()).statusCode, 200);
      assert.equal((await get()).statusCode, 200, 'now cached');
      reads = 0;
      assert.equal((await get()).statusCode, 200);
      assert.equal(reads, 1, `${url}: one version read for the key record and the page`);
    }
  } finally {
    await app.close();
    await t.close();
  }
});
