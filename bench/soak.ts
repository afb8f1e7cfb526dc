// `npm run soak [-- --minutes N] [-- --backend sqlite|postgres]`: mixed valid and hostile traffic against a
// real server, per backend, for N minutes (10 by default). Reports the resident memory at the start and the
// end, the event-loop delay p99 (monitorEventLoopDelay in the server, read from its metrics port), and the
// count of 5xx answers. Not part of CI: it runs for minutes.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { freePort, startServerProcess } from '../test/helpers/server-process.js';
import { dropSchema } from '../test/helpers/backends.js';

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '10' },
    backend: { type: 'string', default: 'both' },
    'database-url': {
      type: 'string',
      default: process.env.PETSTORE_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    },
    concurrency: { type: 'string', default: '8' },
  },
});
const minutes = Number(values.minutes);
const concurrency = Number(values.concurrency);
const cliEntry = new URL('../src/cli/main.ts', import.meta.url).pathname;

interface Target {
  name: string;
  flags: string[];
  remove(): Promise<void>;
}

function targets(): Target[] {
  const all: Target[] = [];
  if (values.backend !== 'postgres') {
    const dataDir = mkdtempSync(join(tmpdir(), 'petstore-soak-'));
    all.push({
      name: 'sqlite',
      flags: ['--data-dir', dataDir],
      remove: async () => rmSync(dataDir, { recursive: true, force: true }),
    });
  }
  if (values.backend !== 'sqlite') {
    const url = values['database-url'];
    const schema = `soak_${Date.now().toString(36)}`;
    all.push({
      name: 'postgres',
      flags: ['--database-url', url, '--database-schema', schema],
      remove: () => dropSchema(url, schema),
    });
  }
  return all;
}

const cli = (args: string[]): string =>
  execFileSync(process.execPath, ['--import', 'tsx', cliEntry, ...args], {
    env: { PATH: process.env.PATH ?? '' },
    encoding: 'utf8',
  });

/** One request of the mix: a third valid (listings, creations, reads by id), two thirds hostile. */
function nextRequest(
  i: number,
  key: string,
): { method: string; path: string; headers: Record<string, string>; body?: string } {
  const auth = { authorization: `Bearer ${key}` };
  const json = { ...auth, 'content-type': 'application/json' };
  const mix = [
    () => ({ method: 'GET', path: '/v1/pets?limit=20', headers: auth }),
    () => ({ method: 'GET', path: '/v1/pets?status=available&limit=5', headers: auth }),
    () => ({
      method: 'POST',
      path: '/v1/pets',
      headers: json,
      body: JSON.stringify({ name: `Soak ${i}`, categoryId: (i % 9) + 1 }),
    }),
    () => ({ method: 'GET', path: `/v1/pets/${(i % 50) + 1}`, headers: auth }),
    () => ({ method: 'GET', path: '/v1/pets?limit=1e309', headers: auth }),
    () => ({ method: 'GET', path: '/v1/pets/%FF', headers: auth }),
    () => ({ method: 'GET', path: `/v1/pets/${'9'.repeat(300)}`, headers: auth }),
    () => ({ method: 'POST', path: '/v1/pets', headers: json, body: '['.repeat(5000) + ']'.repeat(5000) }),
    () => ({ method: 'DELETE', path: '/v1/pets', headers: auth }),
    () => ({ method: 'GET', path: `/v1/unknown/${i}`, headers: auth }),
    () => ({ method: 'GET', path: '/v1/pets', headers: { authorization: 'Bearer pet_live_nope' } }),
    () => ({ method: 'POST', path: '/v1/pets?x=1', headers: json, body: '{"name":' }),
  ];
  return mix[i % mix.length]!();
}

/** Reads one metric's value from the Prometheus text exposition. */
const metricOf = (text: string, name: string): number => {
  const line = text.split('\n').find((l) => l.startsWith(`${name} `) || l.startsWith(`${name}{`));
  return line ? Number(line.split(' ').pop()) : NaN;
};

async function soak(target: Target): Promise<void> {
  cli(['migrate', ...target.flags]);
  const { key } = JSON.parse(
    cli([
      'keys',
      'create',
      '--plan',
      'enterprise',
      '--name',
      'soak',
      '--per-minute',
      '1000000',
      '--per-day',
      '1000000000',
      '--json',
      ...target.flags,
    ]),
  ) as { key: string };
  const metricsPort = await freePort();
  const server = await startServerProcess(
    [
      ...target.flags,
      '--metrics-port',
      String(metricsPort),
      '--log-level',
      'warn',
      '--anonymous-per-minute',
      '1000000',
      '--anonymous-per-day',
      '100000000',
    ],
    {},
    120_000,
  );
  const scrape = async () => (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
  try {
    // Warm up, so the starting memory is that of a serving process rather than of one just started.
    for (let i = 0; i < 200; i++)
      await fetch(`${server.url}/v1/pets`, { headers: { authorization: `Bearer ${key}` } });
    const startRss = metricOf(await scrape(), 'process_resident_memory_bytes');
    const counts = { total: 0, fiveXx: 0, byStatus: new Map<number, number>() };
    let p99Max = 0;
    const deadline = Date.now() + minutes * 60_000;
    const sampler = setInterval(async () => {
      const p99 = metricOf(await scrape().catch(() => ''), 'nodejs_eventloop_lag_p99_seconds');
      if (p99 > p99Max) p99Max = p99;
    }, 5_000);
    let i = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (Date.now() < deadline) {
          const { method, path, headers, body } = nextRequest(i++, key);
          const res = await fetch(`${server.url}${path}`, { method, headers, body }).catch(() => undefined);
          await res?.arrayBuffer();
          const status = res?.status ?? 599;
          counts.total++;
          counts.byStatus.set(status, (counts.byStatus.get(status) ?? 0) + 1);
          if (status >= 500) counts.fiveXx++;
        }
      }),
    );
    clearInterval(sampler);
    const end = await scrape();
    const endRss = metricOf(end, 'process_resident_memory_bytes');
    const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(1);
    console.log(
      [
        `${target.name}: ${minutes} min, ${counts.total} requests (${concurrency} at a time)`,
        `  RSS start ${mb(startRss)} MiB, end ${mb(endRss)} MiB (${(((endRss - startRss) / startRss) * 100).toFixed(1)}%)`,
        `  event-loop delay p99: worst 5 s sample ${(p99Max * 1000).toFixed(1)} ms, last ${(metricOf(end, 'nodejs_eventloop_lag_p99_seconds') * 1000).toFixed(1)} ms`,
        `  5xx: ${counts.fiveXx}; by status: ${[...counts.byStatus]
          .sort(([a], [b]) => a - b)
          .map(([s, n]) => `${s}×${n}`)
          .join(' ')}`,
      ].join('\n'),
    );
    if (counts.fiveXx > 0) process.exitCode = 1;
  } finally {
    await server.stop();
    await target.remove();
  }
}

for (const target of targets()) await soak(target);
