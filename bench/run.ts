// `npm run bench`: builds the service, seeds its databases, and measures every row (the service's
// scenarios, the baselines, the peers) in interleaved rounds; prints the medians, their ratios and the
// targets, and writes it all as JSON to bench/results/. See docs/benchmarks.md.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { evaluateGoals } from './goals.js';
import { buildService } from './lib/build-service.js';
import {
  canPin,
  loadCore,
  pinPostgres,
  pinSelf,
  serverCore,
  type PostgresPinning,
} from './lib/cpu-pinning.js';
import { createFixtures } from './lib/fixtures.js';
import { chooseGenerator } from './lib/load/choose-generator.js';
import { describeMachine } from './lib/machine.js';
import { measure } from './lib/measure.js';
import { steadySpread, summarize, unsteadyRows, type RoundResult, type RowSummary } from './lib/medians.js';
import { parseOptions } from './lib/options.js';
import { goalsTable, rowsTable, searchIndexTable } from './lib/report.js';
import { bulkRows, bulkTable, measureBulk, type BulkFigures } from './lib/bulk-workload.js';
import { measureStartup, startupRow, type StartupFigures } from './lib/cli-startup.js';
import { scenarios, service, type Prepared } from './scenarios.js';
import { rateLimitHeader } from './service-settings.js';

const options = parseOptions(process.argv.slice(2));

// The bulk rows (the CLI's import and export) and the CLI's start-up are measured apart from the load rows,
// after the rounds.
const rowNames: string[] = [...scenarios.map((s) => s.name), ...bulkRows, startupRow];
const unknown = options.only.filter((name) => !rowNames.includes(name));
if (unknown.length) throw new Error(`unknown rows: ${unknown.join(', ')}; rows: ${rowNames.join(', ')}`);
const chosen = scenarios.filter((s) => options.only.length === 0 || options.only.includes(s.name));

if (options.build) buildService();

pinSelf(loadCore); // the in-process load generator (autocannon) and the harness stay off the server core
const generator = chooseGenerator(options.generator);
const machine = describeMachine();
const dir = mkdtempSync(join(tmpdir(), 'petstore-bench-'));
const fixtures = createFixtures({ dir, ...options });
const rounds = new Map<string, RoundResult[]>();
const notes: string[] = [];
const unlimited = new Set<string>(); // service rows whose answers carried no rate-limit header
let postgres: PostgresPinning | undefined;

try {
  console.log(`Seeding (${options.pets} pets, ${options.deepPets} for the deep cursor and memory rows)...`);
  const prepared = new Map<string, Prepared>();
  for (const scenario of chosen) prepared.set(scenario.name, await scenario.prepare(fixtures));
  const runnable = chosen.filter((s) => !('skipped' in prepared.get(s.name)!));

  // The scale-out targets compare deployments with their database on the server's core: PostgreSQL
  // shares core 0 with the service, as SQLite does by living in its process.
  postgres = pinPostgres(serverCore);
  if ('notPinned' in postgres)
    notes.push(`PostgreSQL not pinned to the server's core: ${postgres.notPinned}`);
  const pinning = canPin
    ? `server${'restore' in postgres ? ' and PostgreSQL' : ''} on core 0, load on core 1`
    : 'not pinned (no taskset or one core)';
  console.log(
    `${generator.name} ${generator.version}, ${options.connections} connections, ${options.rounds} round(s) of ` +
      `${options.seconds} s after ${options.warmupSeconds} s of warm-up, ${pinning}`,
  );
  for (let round = 0; round < options.rounds; round++) {
    // Each round starts one row later, so that no row always runs first or after the same neighbour.
    const order = runnable.map((_, i) => runnable[(i + round) % runnable.length]!);
    for (const scenario of order) {
      const { server, request, alongside } = prepared.get(scenario.name) as Exclude<
        Prepared,
        { skipped: string }
      >;
      const seconds = Math.max(options.seconds, scenario.minSeconds ?? 0);
      const connections = scenario.connections ?? options.connections;
      const run = { ...options, seconds, connections };
      const { figures: result, headers } = await measure(server, request, generator, run, alongside);
      if (scenario.group === 'service' && !scenario.unlimited && !headers.has(rateLimitHeader)) {
        unlimited.add(scenario.name);
      }
      rounds.set(scenario.name, [...(rounds.get(scenario.name) ?? []), result]);
      const failures =
        result.non2xx + result.errors ? `, ${result.non2xx} non-2xx, ${result.errors} errors` : '';
      console.log(
        `round ${round + 1}/${options.rounds}  ${scenario.name.padEnd(26)} ${result.rps.toFixed(0).padStart(7)} req/s` +
          `  p99 ${result.p99Ms.toFixed(2)} ms${failures}`,
      );
    }
  }

  const summaries: Record<string, RowSummary | undefined> = {};
  for (const [name, results] of rounds) summaries[name] = summarize(results);
  const rows = chosen.map((s) => {
    const p = prepared.get(s.name)!;
    return {
      name: s.name,
      label: s.label,
      summary: summaries[s.name],
      ...('skipped' in p && { skipped: p.skipped }),
    };
  });
  let bulk: BulkFigures | undefined;
  if (options.only.length === 0 || bulkRows.some((name) => options.only.includes(name))) {
    console.log(
      `Bulk: petstore pets import of ${options.importRows} rows, twice, then export of every pet...`,
    );
    const main = await fixtures.main();
    const workload = { rows: options.importRows, connections: options.connections };
    bulk = await measureBulk(service(main), main, workload, dir);
  }
  let startup: StartupFigures | undefined;
  if (options.only.length === 0 || options.only.includes(startupRow)) {
    startup = measureStartup(await fixtures.main());
    console.log(
      `CLI start-up, median of ${startup.runs}: petstore --version ${startup.versionMs.toFixed(0)} ms, ` +
        `keys list ${startup.keysListMs.toFixed(0)} ms`,
    );
  }
  const goalResults = evaluateGoals(summaries, bulk, startup);
  if (unlimited.size) {
    notes.push(
      `no ${rateLimitHeader} header from ${[...unlimited].join(', ')}: rate limiting was not on there, ` +
        'so "rate limiting on vs off" and "Redis vs memory limiter" compare the same work',
    );
  }
  if (options.quick) notes.push('--quick figures come from one short round: a smoke run, not for comparison');
  const unsteady = unsteadyRows(rounds);
  if (unsteady.length) {
    notes.push(
      `${unsteady.length} of ${rounds.size} rows unsteady, their fastest round over ${steadySpread} × their ` +
        `slowest (${unsteady.map((u) => `${u.name} ${u.spread.toFixed(2)} ×`).join(', ')}): the ratios of ` +
        'their medians measure the machine as much as the service',
    );
  }

  console.log(
    `\n${rowsTable(rows)}\n\nTargets (ratios of this run's medians)\n\n${goalsTable(goalResults)}\n`,
  );
  const searchIndex = fixtures.searchIndexSizes;
  if (searchIndex.length) {
    console.log(`Search index on disk, as seeded (scaled linearly)\n\n${searchIndexTable(searchIndex)}\n`);
  }
  if (bulk) {
    const creations = {
      createPet: summaries['create-pet']?.rps,
      createPetKeyed: summaries['create-pet-keyed']?.rps,
    };
    console.log(`${bulkTable(bulk, creations, options.connections)}\n`);
  }
  for (const note of notes) console.log(`Note: ${note}`);

  mkdirSync(options.resultsDir, { recursive: true });
  const stamp = machine.date.replace(/[:.]/g, '-');
  const file = join(options.resultsDir, `${stamp}${options.quick ? '-quick' : ''}.json`);
  const settings = {
    ...options,
    generator: `${generator.name} ${generator.version}`,
    postgresUrl: undefined,
  };
  const result = {
    ...machine,
    settings,
    rows,
    rounds: Object.fromEntries(rounds),
    goals: goalResults,
    searchIndex,
    bulk,
    startup,
    notes,
  };
  writeFileSync(file, JSON.stringify(result, null, 2) + '\n');
  console.log(`Written to ${file}`);
} finally {
  if (postgres && 'restore' in postgres) postgres.restore();
  await fixtures.cleanup();
  rmSync(dir, { recursive: true, force: true });
}
