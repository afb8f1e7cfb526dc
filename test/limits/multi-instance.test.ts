// Two `petstore serve` processes on two ports, sharing one Redis and one database: one budget per key
// across both, a ban that holds on both, and CLI changes (set-plan, unban) that both apply at once.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { redisUrl } from '../helpers/backends.js';
import { runCli } from '../helpers/run-cli.js';
import { startServerProcess, type ServerProcess } from '../helpers/server-process.js';
import { clearRedisPrefixes, sleep, uniquePrefix } from './setup.js';

describe('two instances on one Redis', { skip: redisUrl ? false : 'needs Redis' }, () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'petstore-limits-'));
  const env = {
    REDIS_URL: redisUrl ?? '',
    PETSTORE_REDIS_PREFIX: uniquePrefix(),
    PETSTORE_DATA_DIR: dataDir,
    PETSTORE_BAN_THRESHOLD: '3',
    PETSTORE_BAN_SECONDS: '600',
    PETSTORE_RATE_LIMIT_INSTANCES: '2',
    PETSTORE_REDIS_TIMEOUT_MS: '5000', // a busy test machine must not look like a slow Redis
  };
  let a: ServerProcess;
  let b: ServerProcess;

  const cli = async (...args: string[]) => {
    const res = await runCli(args, env);
    assert.equal(res.code, 0, res.stderr);
    return res.stdout;
  };
  const newKey = async (plan = 'free') =>
    JSON.parse(await cli('keys', 'create', '--plan', plan, '--name', 'multi', '--json')) as {
      id: string;
      key: string;
    };
  const get = (server: ServerProcess, key: string) =>
    fetch(`${server.url}/v1/pets?limit=1`, { headers: { authorization: `Bearer ${key}` } });
  const code = async (res: Response) =>
    res.status === 200 ? 200 : ((await res.json()) as { code: string }).code;

  before(async () => {
    a = await startServerProcess([], env);
    b = await startServerProcess([], env); // after a, which migrated the database
  });
  after(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    rmSync(dataDir, { recursive: true, force: true });
    await clearRedisPrefixes();
    const { Redis } = await import('ioredis');
    const client = new Redis(redisUrl!);
    const keys = await client.keys(`${env.PETSTORE_REDIS_PREFIX}:*`);
    if (keys.length) await client.del(...keys);
    client.disconnect();
  });

  test('alternating between the instances, a Free key gets 60 requests in all', async () => {
    const { key } = await newKey();
    const remaining: number[] = [];
    for (let i = 0; i < 60; i++) {
      const res = await get(i % 2 ? b : a, key);
      assert.equal(res.status, 200, `request ${i + 1}`);
      remaining.push(Number(res.headers.get('x-ratelimit-remaining')));
    }
    assert.deepEqual(
      remaining,
      Array.from({ length: 60 }, (_, i) => 59 - i),
      'one budget, counted down by both',
    );
    for (const server of [a, b]) {
      const res = await get(server, key);
      assert.equal(res.status, 429);
      assert.ok(Number(res.headers.get('retry-after')) >= 1);
    }
  });

  test('100 simultaneous requests over both instances on a fresh Free key: exactly 60 succeed', async () => {
    const { key } = await newKey();
    const results = await Promise.all(Array.from({ length: 100 }, (_, i) => get(i % 2 ? b : a, key)));
    assert.equal(results.filter((r) => r.status === 200).length, 60);
    assert.equal(results.filter((r) => r.status === 429).length, 40);
    await Promise.all(results.map((r) => r.arrayBuffer()));
  });

  test('a ban made on one instance holds on the other; unban lifts it on both', async () => {
    const { id, key } = await newKey();
    for (let i = 0; i < 60; i++) await (await get(i % 2 ? b : a, key)).arrayBuffer();
    const codes = [
      await code(await get(a, key)),
      await code(await get(a, key)),
      await code(await get(a, key)),
    ];
    assert.deepEqual(codes, ['rate_limited', 'rate_limited', 'api_key_banned']);
    const onB = await get(b, key);
    assert.equal(await code(onB), 'api_key_banned');
    assert.ok(Number(onB.headers.get('retry-after')) > 590);
    // The log line may reach the pipe a moment after the response.
    const logged = () => a.output.some((line) => line.includes('API key banned') && line.includes(id));
    for (let wait = 0; !logged() && wait < 40; wait++) await sleep(50);
    assert.ok(logged(), 'the ban is logged');

    const shown = JSON.parse(await cli('keys', 'show', id, '--json'));
    assert.equal(shown.banned, true);
    assert.equal(shown.key.banOffences, 1);
    assert.deepEqual(
      shown.usage.map((u: { window: string; used: number }) => [u.window, u.used]),
      [
        ['minute', 63],
        ['day', 60],
      ],
      'usage read from Redis: the minute counts the three refused requests, the day does not',
    );

    assert.match(await cli('keys', 'unban', id), /Unbanned/);
    assert.equal(await code(await get(a, key)), 'rate_limited');
    assert.equal(await code(await get(b, key)), 'rate_limited');
  });

  test('set-plan takes effect on the next request on both instances', async () => {
    const { id, key } = await newKey();
    for (let i = 0; i < 60; i++) await (await get(i % 2 ? b : a, key)).arrayBuffer();
    assert.equal((await get(a, key)).status, 429);
    assert.match(await cli('keys', 'set-plan', id, 'pro'), /now on pro: 300 per minute/);
    for (const server of [a, b]) {
      const res = await get(server, key);
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('x-ratelimit-limit'), '300');
    }
    assert.match(
      await cli('keys', 'set-plan', id, 'enterprise', '--per-minute', '5', '--per-day', '9000'),
      /5 per minute/,
    );
    for (const server of [a, b]) assert.equal((await get(server, key)).status, 429);
  });
});
