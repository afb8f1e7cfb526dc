// SIGTERM drains: the listener closes, a request already in flight still completes, and the process exits 0.
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { test } from 'node:test';
import { backends } from '../helpers/backends.js';
import { prepareDeployment } from '../helpers/deployment-process.js';
import { startServerProcess } from '../helpers/server-process.js';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('SIGTERM finishes an in-flight request, refuses new ones, and exits cleanly', async () => {
  const deployment = await prepareDeployment(backends[0]!);
  const server = await startServerProcess(deployment.args);
  try {
    const { port } = new URL(server.url);
    const body = JSON.stringify({ name: 'in flight', categoryId: 1 });
    const socket = connect(Number(port), '127.0.0.1');
    let response = '';
    socket.on('data', (chunk) => (response += chunk));
    const closed = new Promise((resolve) => socket.on('close', resolve));
    // Headers and half the body now; the rest after the signal, so the request is in flight when it comes.
    socket.write(
      `POST /v1/pets HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${deployment.key}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
    );
    await pause(200);
    server.child.kill('SIGTERM');
    await pause(300);
    await assert.rejects(fetch(`${server.url}/healthz`), 'new connections are refused while draining');
    socket.end(body.slice(10));
    await closed;
    assert.match(response, /^HTTP\/1\.1 201 /);
    assert.equal(await server.stop(), 0);
    assert.ok(server.output.some((line) => line.includes('closing: finishing in-flight requests')));
  } finally {
    await server.stop('SIGKILL');
    await deployment.remove();
  }
});
