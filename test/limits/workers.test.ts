// `serve --workers 2` without Redis: the workers share one budget per key through the cluster primary.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { storeArgs } from '../helpers/deployment-process.js';
import { runCli } from '../helpers/run-cli.js';
import { envOf, startServerProcess, type ServerProcess } from '../helpers/server-process.js';
import { sqlite } from './setup.js';

describe('rate limits across the workers of one machine', () => {
  const deployment = sqlite.freshDeployment();
  let server: ServerProcess;
  before(async () => {
    server = await startServerProcess(['--workers', '2'], { ...envOf(deployment.config), LOG_LEVEL: 'info' });
    await server.waitForOutput(/Server listening/, 2);
  });
  after(async () => {
    await server?.stop('SIGKILL');
    await deployment.remove();
  });

  test('100 simultaneous requests on a fresh Free key: exactly 60 succeed over both workers', async () => {
    const created = await runCli([
      'keys',
      'create',
      '--plan',
      'free',
      '--name',
      'w',
      '--json',
      ...storeArgs(deployment.config),
    ]);
    assert.equal(created.code, 0, created.stderr);
    const { key } = JSON.parse(created.stdout) as { key: string };
    const results = await Promise.all(
      Array.from({ length: 100 }, () =>
        fetch(`${server.url}/v1/pets?limit=1`, { headers: { authorization: `Bearer ${key}` } }),
      ),
    );
    await Promise.all(results.map((r) => r.arrayBuffer()));
    assert.equal(results.filter((r) => r.status === 200).length, 60);
    assert.equal(results.filter((r) => r.status === 429).length, 40);
    const remaining = results
      .filter((r) => r.status === 200)
      .map((r) => Number(r.headers.get('x-ratelimit-remaining')));
    assert.deepEqual(
      remaining.sort((a, b) => a - b),
      Array.from({ length: 60 }, (_, i) => i),
      'one budget, not one per worker',
    );
  });
});
