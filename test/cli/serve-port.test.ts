// `petstore serve` on a port another process holds: exit 1 with a message that says so and what to do,
// rather than the bare EADDRINUSE of the socket.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { test } from 'node:test';
import { backends } from '../helpers/backends.js';
import { runCli as petstore } from '../helpers/run-cli.js';
import { envOf } from '../helpers/server-process.js';

test('a port in use: exit 1, naming the port and the flag that changes it', async () => {
  const holder = createServer().listen(0, '127.0.0.1');
  await once(holder, 'listening');
  const { port } = holder.address() as AddressInfo;
  const deployment = backends[0]!.freshDeployment();
  try {
    const res = await petstore(['serve', '--port', String(port)], envOf(deployment.config));
    assert.equal(res.code, 1, res.stdout);
    assert.match(
      res.stderr,
      new RegExp(
        `^petstore: 127\\.0\\.0\\.1 port ${port} is already in use .*choose another with --port or PORT$`,
        'm',
      ),
    );
  } finally {
    holder.close();
    await deployment.remove();
  }
});
