// `serve --workers N`: one port served by N processes, one first-key banner, a dead worker replaced, metrics
// summed over the workers on their own port, and SIGTERM draining every worker before the exit.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { connect } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { backends } from '../helpers/backends.js';
import { isAlive } from '../helpers/processes.js';
import { envOf, freePort, startServerProcess, type ServerProcess } from '../helpers/server-process.js';

const workers = 2;

for (const backend of backends) {
  describe(`serve --workers ${workers} on ${backend.name}`, () => {
    const deployment = backend.freshDeployment();
    let server: ServerProcess;
    let metricsUrl: string;
    let key: string;

    const workerPids = async (times: number) =>
      (await server.waitForOutput(/"msg":"worker started"/, times)).map(
        (line) => JSON.parse(line).pid as number,
      );

    before(async () => {
      const metricsPort = await freePort();
      metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
      server = await startServerProcess(
        ['--workers', String(workers), '--metrics-port', String(metricsPort)],
        {
          ...envOf(deployment.config),
          LOG_LEVEL: 'info',
        },
      );
      await server.waitForOutput(/Server listening/, workers);
      key = /^\s+(pet_live_\S+)$/.exec((await server.waitForOutput(/^\s+pet_live_/))[0]!)![1]!;
    });
    after(async () => {
      await server?.stop('SIGKILL');
      await deployment.remove();
    });

    const listPets = () => fetch(`${server.url}/v1/pets`, { headers: { authorization: `Bearer ${key}` } });

    test('every worker listens on the one port, and the first key is issued and shown once', async () => {
      const listening = await server.waitForOutput(/Server listening/, workers);
      assert.equal(new Set(listening.map((line) => JSON.parse(line).pid)).size, workers);
      assert.equal(server.output.filter((line) => line.includes('No API key existed')).length, 1);
      assert.equal((await listPets()).status, 200);
    });

    test('metrics are summed over the workers on the metrics port, and absent from the API port', async () => {
      for (let i = 0; i < 6; i++) await fetch(`${server.url}/healthz`);
      const text = await (await fetch(metricsUrl)).text();
      const served =
        /^petstore_http_requests_total\{method="GET",route="\/healthz",status="200"\} (\d+)$/m.exec(text);
      assert.ok(served && Number(served[1]) >= 6, text);
      assert.match(text, /^process_resident_memory_bytes \d+/m);
      assert.equal((await fetch(`${server.url}/metrics`)).status, 404);
    });

    test('a worker killed with SIGKILL is replaced, and the port keeps serving', async () => {
      const [victim] = await workerPids(workers);
      process.kill(victim!, 'SIGKILL');
      await server.waitForOutput(/"msg":"worker died"/);
      const pids = await workerPids(workers + 1);
      await server.waitForOutput(/Server listening/, workers + 1);
      assert.ok(!pids.slice(-1).includes(victim!));
      for (let i = 0; i < 4; i++) assert.equal((await listPets()).status, 200);
      assert.match(await (await fetch(metricsUrl)).text(), /^petstore_worker_restarts_total 1$/m);
    });

    test('SIGTERM lets an in-flight request finish in a worker, then every process exits cleanly', async () => {
      const body = JSON.stringify({ name: 'Drained', categoryId: 1 });
      const socket = connect(Number(new URL(server.url).port), '127.0.0.1');
      await once(socket, 'connect');
      let answer = '';
      socket.on('data', (chunk) => (answer += chunk));
      // Headers now, body later: the server confirms with 100 Continue that the request is in its hands.
      socket.write(
        `POST /v1/pets HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${key}\r\n` +
          `Content-Type: application/json\r\nContent-Length: ${body.length}\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n`,
      );
      while (!answer.includes('100 Continue')) await once(socket, 'data');

      const pids = await workerPids(workers + 1);
      const exited = once(server.child, 'exit');
      server.child.kill('SIGTERM');
      await server.waitForOutput(/closing: finishing in-flight requests/, workers);
      // Not end(): a half-closed connection lets the server abort the request it is still working on.
      socket.write(body);
      await once(socket, 'close');
      assert.match(answer, /HTTP\/1\.1 201 Created/);
      assert.match(answer, /"name":"Drained"/);

      const [code] = await exited;
      assert.equal(code, 0);
      assert.deepEqual(pids.filter(isAlive), [], 'no worker outlives the primary');
    });
  });
}
