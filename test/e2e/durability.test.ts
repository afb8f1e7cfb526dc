// An acknowledged write survives a crash: kill -9 a server during a burst of creates, then every pet that
// got a 201 must be there. Runs on every backend.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { backends } from '../helpers/backends.js';
import { prepareDeployment } from '../helpers/deployment-process.js';
import { startServerProcess } from '../helpers/server-process.js';

for (const backend of backends) {
  describe(`durability on ${backend.name}`, () => {
    test('every pet acknowledged with 201 before kill -9 is stored', async () => {
      const deployment = await prepareDeployment(backend);
      const server = await startServerProcess([...deployment.args, '--log-level', 'warn'], {
        LOG_LEVEL: 'warn',
      });
      const acknowledged: number[] = [];
      let crashed = false;
      const writer = async (worker: number) => {
        for (let i = 0; !crashed; i++) {
          try {
            const res = await fetch(`${server.url}/v1/pets`, {
              method: 'POST',
              headers: { authorization: `Bearer ${deployment.key}`, 'content-type': 'application/json' },
              body: JSON.stringify({ name: `crash ${worker}-${i}`, categoryId: 1 }),
            });
            if (res.status === 201) acknowledged.push(((await res.json()) as { id: number }).id);
          } catch {
            return; // the server is gone
          }
        }
      };
      const writers = Array.from({ length: 8 }, (_, worker) => writer(worker));
      const deadline = Date.now() + 15_000;
      while (acknowledged.length < 150 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 5));
      assert.ok(
        acknowledged.length >= 150,
        `the burst got going: ${acknowledged.length} creates acknowledged`,
      );
      server.child.kill('SIGKILL');
      crashed = true;
      await Promise.all(writers);
      await server.stop();

      const store = await deployment.open();
      try {
        const stored = new Set(
          (await store.db.selectFrom('pets').select('id').where('id', 'in', acknowledged).execute()).map(
            (r) => r.id,
          ),
        );
        const lost = acknowledged.filter((id) => !stored.has(id));
        assert.deepEqual(lost, [], `${lost.length} of ${acknowledged.length} acknowledged pets were lost`);
      } finally {
        await store.close();
        await deployment.remove();
      }
    });
  });
}
