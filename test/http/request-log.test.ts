// One JSON log line per request from a real process: request id, route pattern, status, latency and the key
// id, and never the key itself.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createServices } from '../../src/app.js';
import { openStore } from '../../src/store/open-store.js';
import { backends } from '../helpers/backends.js';
import { envOf, startServerProcess, type ServerProcess } from '../helpers/server-process.js';

for (const backend of backends) {
  describe(`request logs on ${backend.name}`, () => {
    const deployment = backend.freshDeployment();
    let server: ServerProcess;
    let key: { id: string; key: string };

    before(async () => {
      server = await startServerProcess([], { ...envOf(deployment.config), LOG_LEVEL: 'info' });
      const store = await openStore(deployment.config);
      key = await (
        await createServices(deployment.config, store)
      ).apiKeys.create({ name: 'logs', plan: 'free' });
      await store.close();
    });
    after(async () => {
      await server?.stop();
      await deployment.remove();
    });

    /** Sends a request and returns the log line that has its request id. */
    async function logLineOf(path: string, headers: Record<string, string>) {
      const res = await fetch(`${server.url}${path}`, { headers });
      const requestId = res.headers.get('x-request-id')!;
      const [line] = await server.waitForOutput(
        new RegExp(`"requestId":"${requestId}".*"msg":"request completed"`),
      );
      return { status: res.status, line: JSON.parse(line!) };
    }

    const cases: Array<[string, string, boolean, string, number]> = [
      ['an authenticated request', '/v1/pets/424242', true, '/v1/pets/:petId', 404],
      ['a request without a key', '/v1/pets', false, '/v1/pets', 401],
    ];
    for (const [what, path, withKey, route, status] of cases) {
      test(`${what}: requestId, route, status, ms${withKey ? ' and keyId' : ''}`, async () => {
        const headers: Record<string, string> = withKey ? { authorization: `Bearer ${key.key}` } : {};
        const { status: answered, line } = await logLineOf(path, headers);
        assert.equal(answered, status);
        assert.equal(line.route, route);
        assert.equal(line.status, status);
        assert.equal(typeof line.ms, 'number');
        assert.equal(line.keyId, withKey ? key.id : undefined);
      });
    }

    test('the key never appears in the logs', async () => {
      await fetch(`${server.url}/v1/pets`, {
        headers: { authorization: `Bearer ${key.key}`, 'x-request-id': 'k1' },
      });
      await server.waitForOutput(/"requestId":"k1"/);
      assert.ok(!server.output.join('\n').includes(key.key));
    });
  });
}
