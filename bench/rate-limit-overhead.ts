// What rate limiting costs: GET /v1/pets?limit=20&status=available with limiting off, on in memory, and on
// Redis, in interleaved rounds of the same run (`npm run bench:limits`, about two minutes; `-- --quick`
// for a smoke run). The server is pinned to one core and the load generator to the other when taskset
// is there. Prints the medians and the ratios to "off", by throughput and by server CPU time per request
// (the steadier figure on a shared machine); writes them to bench/results/.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { createServer, type AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import { Redis } from 'ioredis';
import { loadConfig } from '../src/config.js';
import { createServices } from '../src/app.js';
import { openStore } from '../src/store/open-store.js';

const quick = process.argv.includes('--quick');
const seconds = quick ? 2 : 10;
const rounds = quick ? 1 : 3;
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const entry = new URL('../dist/cli/main.js', import.meta.url).pathname;
const hasTaskset = spawnSync('taskset', ['-c', '0', 'true']).status === 0;

const dataDir = mkdtempSync(join(tmpdir(), 'petstore-bench-'));
const prefix = `petstore-bench:${process.pid}`;

async function seed(): Promise<string> {
  const config = loadConfig({}, { dataDir, logLevel: 'silent' });
  const store = await openStore(config);
  try {
    const services = await createServices(config, store);
    for (let i = 0; i < 2000; i++) {
      await services.pets.create({
        name: `pet ${i}`,
        categoryId: 1 + (i % 7),
        status: i % 3 ? 'available' : 'sold',
      });
    }
    const { key } = await services.apiKeys.create({
      name: 'bench',
      plan: 'enterprise',
      perMinute: 1_000_000_000,
      perDay: 1_000_000_000,
    });
    return key;
  } finally {
    await store.close();
  }
}

const variants: Record<string, Record<string, string>> = {
  off: { PETSTORE_RATE_LIMITS: 'false' },
  memory: {},
  redis: { REDIS_URL: redisUrl, PETSTORE_REDIS_PREFIX: prefix },
};

async function sparePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  server.close();
  await once(server, 'close');
  return port;
}

/** Starts `petstore serve` (logs at warn, as in production) and waits until it answers. */
async function startServer(env: Record<string, string>): Promise<{ url: string; child: ChildProcess }> {
  const port = await sparePort();
  const args = [entry, 'serve', '--port', String(port)];
  const [command, argv] = hasTaskset
    ? ['taskset', ['-c', '0', process.execPath, ...args]]
    : [process.execPath, args];
  const child = spawn(command, argv as string[], {
    env: { PATH: process.env.PATH ?? '', PETSTORE_DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt++) {
    if (child.exitCode !== null) throw new Error('the server exited');
    const up = await fetch(`${url}/healthz`).then(
      (res) => res.ok,
      () => false,
    );
    if (up) return { url, child };
    if (attempt > 1200) {
      child.kill('SIGKILL');
      throw new Error('the server did not start within a minute');
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** CPU seconds (user + system) a process has used so far, from /proc; undefined where there is none. */
function cpuSeconds(pid: number | undefined): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks of 10 ms
  } catch {
    return undefined;
  }
}

interface Measure {
  rps: number;
  /** Server CPU time per request: what limits throughput on a machine with nothing else running. */
  cpuMicros: number | undefined;
}

async function measure(variant: string, key: string): Promise<Measure> {
  const { url, child } = await startServer(variants[variant]!);
  const options = {
    url: `${url}/v1/pets?limit=20&status=available`,
    connections: 50,
    headers: { authorization: `Bearer ${key}` },
  };
  try {
    await autocannon({ ...options, duration: quick ? 1 : 3 }); // warm-up
    const cpuBefore = cpuSeconds(child.pid);
    const result = await autocannon({ ...options, duration: seconds });
    const cpuAfter = cpuSeconds(child.pid);
    if (result.non2xx > 0 || result.errors > 0)
      throw new Error(`${variant}: ${result.non2xx} non-2xx, ${result.errors} errors`);
    const cpuMicros =
      cpuBefore === undefined || cpuAfter === undefined
        ? undefined
        : ((cpuAfter - cpuBefore) * 1e6) / result.requests.total;
    return { rps: result.requests.average, cpuMicros };
  } finally {
    child.kill('SIGTERM');
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

try {
  if (hasTaskset) spawnSync('taskset', ['-cp', '1', String(process.pid)]);
  const key = await seed();
  const names = Object.keys(variants);
  const results: Record<string, Measure[]> = Object.fromEntries(names.map((n) => [n, []]));
  for (let round = 0; round < rounds; round++) {
    const order = names.map((_, i) => names[(i + round) % names.length]!);
    for (const variant of order) {
      const m = await measure(variant, key);
      results[variant]!.push(m);
      console.log(
        `round ${round + 1} ${variant}: ${Math.round(m.rps)} req/s, ${m.cpuMicros?.toFixed(0)} µs CPU/request`,
      );
    }
  }
  const rps = (n: string) => median(results[n]!.map((m) => m.rps));
  const cpu = (n: string) => median(results[n]!.map((m) => m.cpuMicros ?? NaN));
  const summary = names.map((n) => ({
    variant: n,
    medianRps: Math.round(rps(n)),
    rpsRatioToOff: Number((rps(n) / rps('off')).toFixed(3)),
    cpuMicrosPerRequest: Math.round(cpu(n)),
    cpuRatioToOff: Number((cpu('off') / cpu(n)).toFixed(3)),
  }));
  console.table(summary);
  mkdirSync(new URL('./results/', import.meta.url), { recursive: true });
  writeFileSync(
    new URL(
      `./results/rate-limit-overhead-${new Date().toISOString().replace(/[:.]/g, '-')}.json`,
      import.meta.url,
    ),
    JSON.stringify(
      { date: new Date().toISOString(), seconds, rounds, taskset: hasTaskset, results, summary },
      null,
      2,
    ),
  );
} finally {
  rmSync(dataDir, { recursive: true, force: true });
  const client = new Redis(redisUrl, { lazyConnect: true });
  client.on('error', () => {});
  try {
    await client.connect();
    const keys = await client.keys(`${prefix}:*`);
    if (keys.length) await client.del(...keys);
  } catch {
    // no Redis: nothing to clean
  } finally {
    client.disconnect();
  }
}
