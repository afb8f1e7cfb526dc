// Each turn's count goes to Redis at once, even while an earlier turn's is still waiting for its answer
// (count-batch.ts): counts need no order between calls. A proxy between the service and Redis holds Redis's
// answers back, and counts the scripts the service sends meanwhile.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { after, before, test } from 'node:test';
import { redisUrl } from '../helpers/backends.js';
import { clearRedisPrefixes, limiterBackends, sleep, startLimitedApp, type LimitedApp } from './setup.js';

const heldMs = 400;

/** Forwards to `target`; while `holding`, Redis's answers wait `heldMs`. Counts the scripts sent. */
async function slowAnswers(target: URL) {
  const sockets = new Set<Socket>();
  const proxy = {
    holding: false,
    scriptsSent: 0,
    server: createServer((client) => {
      const upstream = connect(Number(target.port || 6379), target.hostname);
      sockets.add(client).add(upstream);
      client.on('data', (chunk: Buffer) => {
        // RESP names each command as a bulk string: `$4\r\neval\r\n` or `$7\r\nevalsha\r\n`.
        proxy.scriptsSent += chunk.toString('latin1').match(/\r\n(eval|evalsha)\r\n/gi)?.length ?? 0;
        upstream.write(chunk);
      });
      upstream.on('data', (chunk: Buffer) => {
        if (proxy.holding) setTimeout(() => client.write(chunk), heldMs);
        else client.write(chunk);
      });
      for (const socket of [client, upstream]) socket.on('error', () => {});
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    }) as Server,
    close() {
      for (const socket of sockets) socket.destroy();
      proxy.server.close();
    },
  };
  proxy.server.listen(0, '127.0.0.1');
  await once(proxy.server, 'listening');
  return proxy;
}

let proxy: Awaited<ReturnType<typeof slowAnswers>> | undefined;
let t: LimitedApp | undefined;
before(async () => {
  if (!redisUrl) return;
  proxy = await slowAnswers(new URL(redisUrl));
  const { port } = proxy.server.address() as { port: number };
  // The shared Redis backend's settings (a prefix of this run's own, deleted afterwards), through the proxy.
  const redis = limiterBackends.find((backend) => backend.name === 'redis')!;
  t = await startLimitedApp(redis, { redisUrl: `redis://127.0.0.1:${port}` });
});
after(async () => {
  if (proxy) proxy.holding = false; // the service's QUIT is answered before Redis closes the connection
  await t?.close();
  proxy?.close();
  await clearRedisPrefixes();
});

test(
  "a turn's count is sent while the turn before's still waits for Redis",
  { skip: !redisUrl && 'needs Redis (PETSTORE_TEST_REDIS_URL)' },
  async () => {
    const { key } = await t!.newKey('free');
    assert.equal((await t!.get(key)).statusCode, 200); // the script is loaded and the connection up
    proxy!.holding = true;
    const sentBefore = proxy!.scriptsSent;
    const first = t!.get(key);
    await sleep(50); // a turn of its own for the second request
    const second = t!.get(key);
    await sleep(heldMs / 2);
    const sentWhileHeld = proxy!.scriptsSent - sentBefore;
    // Both answered before any assertion, so that a failure leaves nothing waiting behind the proxy.
    const answers = await Promise.all([first, second]);
    assert.equal(sentWhileHeld, 2, 'both counts sent before the first was answered');
    assert.deepEqual(
      answers.map((answer) => answer.statusCode),
      [200, 200],
    );
    const remaining = answers.map((answer) => answer.headers['x-ratelimit-remaining']);
    assert.notEqual(remaining[0], remaining[1], 'each counted once');
  },
);
