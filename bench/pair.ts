// `npm run bench:pair -- --rows A,B`: what row A costs against row B, told apart from the machine's noise.
// On a shared 2-core machine a row's req/s can move by half between runs a minute apart, and two rows
// measured one after the other inherit that drift. Here both rows' servers run at once on the server core
// and take load at once, each from its own load generator on the load core, so whatever slows the machine
// slows both. Each round gives each server's CPU time a request (from /proc); the figure is the median of
// the rounds' own ratios. It stands for the ratio of throughput where both rows are bound by the server's
// CPU, as SQLite rows are; a row that waits for PostgreSQL or Redis is bound by more than its CPU.
// `--rows A --against DIR [--against-node NODE]` pairs row A with the same row served by another build: the
// checkout in DIR (built), run by the Node.js binary NODE, so that a change or a runtime is judged in one run.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { buildService } from './lib/build-service.js';
import { loadCore, pinSelf } from './lib/cpu-pinning.js';
import { createFixtures } from './lib/fixtures.js';
import { chooseGenerator } from './lib/load/choose-generator.js';
import type { LoadRequest } from './lib/load/load-generator.js';
import { median } from './lib/medians.js';
import { processCpu } from './lib/process-cpu.js';
import { markdownTable } from './lib/report.js';
import { cliEntry } from './lib/petstore-cli.js';
import { startServer, type RunningServer, type ServerSpec } from './lib/server-process.js';
import { scenarios } from './scenarios.js';

const { values } = parseArgs({
  options: {
    rows: { type: 'string' },
    rounds: { type: 'string', default: '10' },
    seconds: { type: 'string', default: '3' },
    warmup: { type: 'string', default: '2' },
    connections: { type: 'string', default: '25' },
    pets: { type: 'string', default: '100000' },
    'no-build': { type: 'boolean', default: false },
    against: { type: 'string' },
    'against-node': { type: 'string' },
  },
});
const count = (name: string, value: string): number => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a whole number of at least 1`);
  return n;
};
const rounds = count('rounds', values.rounds);
const seconds = count('seconds', values.seconds);
const warmupSeconds = count('warmup', values.warmup);
const connections = count('connections', values.connections);
const against = values.against === undefined ? undefined : resolve(values.against);
const names = (values.rows ?? '').split(',');
const pair = names.map((name) => scenarios.find((s) => s.name === name && s.group !== 'peer'));
if (against !== undefined) {
  if (pair.length !== 1 || pair[0]?.group !== 'service')
    throw new Error(`with --against, --rows names one service row; got ${values.rows ?? 'none'}`);
  if (!existsSync(join(against, 'dist/cli/main.js')))
    throw new Error(`--against ${against} holds no build: run npm ci (or npm run build) there first`);
  pair.push(pair[0]);
  names.push(`${names[0]}@${basename(against)}`);
} else if (pair.length !== 2 || pair.some((s) => !s))
  throw new Error(`--rows must name two service or baseline rows, as A,B; got ${values.rows ?? 'none'}`);
/** Row B's server as the build in `against` runs it: its own CLI entry, on its own Node.js. */
const otherBuild = (server: ServerSpec): ServerSpec => ({
  ...server,
  nodeArgs: server.nodeArgs.map((arg) => (arg === cliEntry ? join(against!, 'dist/cli/main.js') : arg)),
  node: values['against-node'] === undefined ? undefined : resolve(values['against-node']),
});
const cpuSeconds = processCpu();

if (!values['no-build']) buildService();
pinSelf(loadCore);
const dir = mkdtempSync(join(tmpdir(), 'petstore-pair-'));
const fixtures = createFixtures({
  dir,
  rounds: rounds + 1,
  seconds,
  warmupSeconds,
  pets: count('pets', values.pets),
  deepPets: 1_000_000,
  postgresUrl: process.env.PETSTORE_BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
  redisUrl: process.env.PETSTORE_BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379',
});
const generator = chooseGenerator('auto');
const servers: RunningServer[] = [];
try {
  console.log(
    `Seeding, then ${rounds} rounds of ${seconds} s with ${names.join(' and ')} under load at once...`,
  );
  const requests: LoadRequest[] = [];
  for (const [i, scenario] of pair.entries()) {
    const prepared = await scenario!.prepare(fixtures);
    if ('skipped' in prepared) throw new Error(`${scenario!.name} cannot run here: ${prepared.skipped}`);
    servers.push(await startServer(i === 1 && against ? otherBuild(prepared.server) : prepared.server));
    requests.push(prepared.request);
  }
  if (requests.every((r) => r.method !== 'GET'))
    console.log(
      'Both rows write: where they share a deployment, each process also rereads what the other wrote and ' +
        'waits for its lock, which the figures include.',
    );
  const load = (i: number, s: number) =>
    generator.run(servers[i]!.url, requests[i]!, { connections, seconds: s, timeoutSeconds: 10 });
  await Promise.all([load(0, warmupSeconds), load(1, warmupSeconds)]);

  const figures: { cpuMicros: number[]; rps: number[]; failed: number[] }[] = [];
  for (let round = 0; round < rounds; round++) {
    const before = servers.map((s) => cpuSeconds(s.pid));
    const results = await Promise.all([load(0, seconds), load(1, seconds)]);
    figures.push({
      cpuMicros: servers.map(
        (s, i) => ((cpuSeconds(s.pid) - before[i]!) * 1e6) / (results[i]!.rps * seconds),
      ),
      rps: results.map((r) => r.rps),
      failed: results.map((r) => r.non2xx + r.errors),
    });
  }
  // A's throughput a core against B's: B's CPU a request over A's.
  const ratios = figures.map((f) => f.cpuMicros[1]! / f.cpuMicros[0]!);
  const rows = figures.map((f, i) => [
    String(i + 1),
    ...f.cpuMicros.map((us) => us.toFixed(2)),
    ...f.rps.map((rps) => rps.toFixed(0)),
    ratios[i]!.toFixed(3),
    String(f.failed[0]! + f.failed[1]!),
  ]);
  const [a, b] = names;
  const header = [
    'round',
    `${a} µs/req`,
    `${b} µs/req`,
    `${a} req/s`,
    `${b} req/s`,
    `${a} vs ${b}`,
    'failed',
  ];
  console.log(`\n${markdownTable(header, rows)}\n`);
  const result = { rows: names, generator: generator.name, seconds, connections, rounds: figures };
  const summary = {
    ...result,
    cpuMicros: [0, 1].map((i) => median(figures.map((f) => f.cpuMicros[i]!))),
    ratio: median(ratios),
  };
  console.log(
    `${a} vs ${b}, a core's throughput: ${summary.ratio.toFixed(3)} × (median of the rounds' ratios; ` +
      `medians ${summary.cpuMicros.map((us) => us.toFixed(2)).join(' and ')} µs of CPU a request)`,
  );
  const resultsDir = new URL('./results/', import.meta.url).pathname;
  mkdirSync(resultsDir, { recursive: true });
  const file = join(resultsDir, `pair-${a}-${b}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, JSON.stringify(summary, null, 2) + '\n');
  console.log(`Written to ${file}`);
} finally {
  await Promise.all(servers.map((s) => s.stop()));
  await fixtures.cleanup();
  rmSync(dir, { recursive: true, force: true });
}
