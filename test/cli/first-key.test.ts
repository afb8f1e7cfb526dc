// The key an empty deployment's first start prints belongs to the operator: it is on the Enterprise plan with
// generous quotas, and the banner says so beside it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { backends } from '../helpers/backends.js';
import { storeArgs } from '../helpers/deployment-process.js';
import { runCli } from '../helpers/run-cli.js';
import { envOf, startServerProcess } from '../helpers/server-process.js';

test('the first key is an operator key on the enterprise plan, and the banner prints its plan', async () => {
  const deployment = backends[0]!.freshDeployment();
  // A minute to start: a loaded machine takes long to start a process under tsx.
  const server = await startServerProcess([], envOf(deployment.config), 60_000);
  try {
    const [keyLine] = await server.waitForOutput(/^\s+pet_live_\w+$/);
    const key = keyLine!.trim();
    const [planLine] = await server.waitForOutput(/^Plan: /);
    assert.equal(
      planLine,
      "Plan: enterprise, 60,000 requests per minute and 5,000,000 per day, every scope: the operator's key. " +
        'Give other clients keys of their own.',
    );
    const answer = await fetch(`${server.url}/v1/pets`, { headers: { authorization: `Bearer ${key}` } });
    assert.equal(answer.status, 200);
    assert.equal(answer.headers.get('ratelimit-policy'), '"minute";q=60000;w=60, "day";q=5000000;w=86400');
    const listed = await runCli(['keys', 'list', '--json', ...storeArgs(deployment.config)]);
    const [first] = JSON.parse(listed.stdout);
    assert.deepEqual([first.plan, first.quota], ['enterprise', { perMinute: 60_000, perDay: 5_000_000 }]);
  } finally {
    await server.stop();
    await deployment.remove();
  }
});
