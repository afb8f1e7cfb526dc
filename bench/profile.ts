// `npm run bench:profile`: runs the service under `node --cpu-prof` through the main scenario
// (GET /v1/pets?limit=20&status=available on the seeded main database), or any service or baseline row with
// `--scenario NAME` (`--scenario create` for POST /v1/pets), stops it with SIGTERM so that the profile is
// written, and prints the functions and packages with the most self time.
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildService } from './lib/build-service.js';
import { loadCore, pinSelf } from './lib/cpu-pinning.js';
import { summarizeProfile, type CpuProfile } from './lib/cpu-profile.js';
import { createFixtures } from './lib/fixtures.js';
import { chooseGenerator } from './lib/load/choose-generator.js';
import { measure } from './lib/measure.js';
import { markdownTable } from './lib/report.js';
import { scenarios } from './scenarios.js';

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    'no-build': { type: 'boolean', default: false },
    scenario: { type: 'string', default: 'list-available' },
    top: { type: 'string', default: '25' },
  },
});
const seconds = values.quick ? 5 : 20;
const warmupSeconds = 2;
/** Short names of the rows most worth profiling: the main read and the write. */
const aliases: Record<string, string> = { read: 'list-available', create: 'create-pet' };
const wanted = aliases[values.scenario] ?? values.scenario;
// A baseline too, so that the service's profile can be read against the same work done by less code.
const scenario = scenarios.find(
  (s) => s.name === wanted && (s.group === 'service' || s.group === 'baseline'),
);
if (!scenario) throw new Error(`--scenario must name a service or baseline row, got ${values.scenario}`);

if (!values['no-build']) buildService();
pinSelf(loadCore);
const dir = mkdtempSync(join(tmpdir(), 'petstore-profile-'));
const fixtures = createFixtures({
  dir,
  rounds: 1,
  seconds,
  warmupSeconds,
  pets: 100_000,
  deepPets: 1_000_000,
  postgresUrl: process.env.PETSTORE_BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
  redisUrl: process.env.PETSTORE_BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379',
});
try {
  console.log(`Seeding, then profiling ${scenario.name} for ${seconds} s...`);
  const prepared = await scenario.prepare(fixtures);
  if ('skipped' in prepared) throw new Error(`${scenario.name} cannot run here: ${prepared.skipped}`);
  const profileDir = join(dir, 'profile');
  const server = {
    ...prepared.server,
    nodeArgs: ['--cpu-prof', '--cpu-prof-dir', profileDir, ...prepared.server.nodeArgs],
  };
  const generator = chooseGenerator('auto');
  const { figures: load } = await measure(server, prepared.request, generator, {
    connections: 50,
    seconds,
    warmupSeconds,
  });
  console.log(
    `${generator.name}: ${load.rps.toFixed(0)} req/s, p99 ${load.p99Ms.toFixed(2)} ms (slowed by profiling)`,
  );

  // The main thread's (thread id 0 in node's default name, CPU.date.time.pid.tid.seq): a baseline run
  // through tsx also writes one for its loader's thread.
  const written = readdirSync(profileDir).find((file) =>
    /^CPU\.\d+\.\d+\.\d+\.0\.\d+\.cpuprofile$/.test(file),
  );
  if (!written) throw new Error('the server wrote no CPU profile: did it exit cleanly on SIGTERM?');
  const profile = JSON.parse(readFileSync(join(profileDir, written), 'utf8')) as CpuProfile;
  const summary = summarizeProfile(profile, Number(values.top));

  const results = new URL('./results/', import.meta.url).pathname;
  mkdirSync(results, { recursive: true });
  const stamp = `profile-${scenario.name}-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  copyFileSync(join(profileDir, written), join(results, `${stamp}.cpuprofile`));
  writeFileSync(
    join(results, `${stamp}.json`),
    JSON.stringify({ scenario: scenario.name, seconds, ...summary }, null, 2) + '\n',
  );

  const busy = summary.totalMs - summary.idleMs;
  console.log(
    `\nSampled ${summary.totalMs} ms, ${busy} ms not idle; shares below are of the time not idle.\n`,
  );
  const functions = summary.functions.map((f) => [
    f.name,
    f.where,
    f.area,
    String(f.selfMs),
    `${f.percent}%`,
  ]);
  console.log(markdownTable(['function', 'where', 'area', 'self ms', 'self %'], functions));
  const areas = summary.areas.slice(0, 15).map((a) => [a.area, String(a.selfMs), `${a.percent}%`]);
  console.log(`\n${markdownTable(['area', 'self ms', 'self %'], areas)}\n`);
  console.log(
    `Profile: ${join(results, `${stamp}.cpuprofile`)} (open it in Chrome DevTools, Performance tab)`,
  );
} finally {
  await fixtures.cleanup();
  rmSync(dir, { recursive: true, force: true });
}
