// The bulk workload: `petstore pets import` of a CSV of N rows into a running service, twice (another file,
// so other keys), then `petstore pets export` of every pet, each timed from start to exit, with the CLI's
// peak resident memory sampled from /proc. The first import keeps as many rows in flight as the load rows
// keep connections, so that its rows per second and `POST /v1/pets`'s req/s measure the service under the
// same load (goals.ts); the second runs at the command's default of 8, which a user gets without asking.
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadCore, pinned } from './cpu-pinning.js';
import type { Deployment } from './deployments.js';
import { cliEntry } from './petstore-cli.js';
import { markdownTable } from './report.js';
import { rssOf, startServer, type ServerSpec } from './server-process.js';

/** Names of the bulk rows, for --only: either runs the whole workload, as the export follows the import. */
export const bulkRows = ['bulk-import', 'bulk-import-default', 'bulk-export'] as const;
type BulkRow = (typeof bulkRows)[number];

export interface CliRun {
  /** Rows imported or pets exported. */
  count: number;
  seconds: number;
  perSecond: number;
  /** Peak resident memory of the CLI process, in bytes (undefined without /proc). */
  rssBytes: number | undefined;
  /**
   * CPU seconds the CLI used (user + system, undefined without /proc): what a row costs the client, which a
   * shared machine changes less than it changes the rate.
   */
  cpuSeconds?: number;
}

export interface BulkFigures {
  /** At `--concurrency` the load rows' connections. */
  import: CliRun;
  /** At the default `--concurrency`. */
  importAtDefault: CliRun;
  export: CliRun;
}

async function writeCsv(file: string, rows: number, prefix: string): Promise<void> {
  const out = createWriteStream(file);
  out.write('name,categoryId,status\n');
  for (let i = 0; i < rows; i++) {
    if (!out.write(`${prefix}-${i},${(i % 20) + 1},${i % 3 ? 'available' : 'sold'}\n`))
      await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

/** Clock ticks per second of /proc's CPU times. */
const clockTicks = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100;

/** CPU seconds (user + system) a process has used so far, from /proc/PID/stat; undefined without it. */
function cpuSecondsOf(pid: number): number | undefined {
  try {
    // The fields after the command name, which is in parentheses and may hold spaces: utime is the 12th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / clockTicks;
  } catch {
    return undefined;
  }
}

/** Runs `petstore ARGS --json` on the load core, sampling its memory and CPU; returns its summary and figures. */
async function runCli(args: string[], env: Record<string, string>) {
  const [command, argv] = pinned(loadCore, process.execPath, [cliEntry, ...args, '--json']);
  const started = performance.now();
  const child = spawn(command, argv, { env: { PATH: process.env.PATH ?? '', ...env } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  let peak: number | undefined;
  // The last sample before the exit: the CPU of the last 100 ms is not counted.
  let cpuSeconds: number | undefined;
  const sampler = setInterval(() => {
    const now = rssOf(child.pid!);
    if (now !== undefined && (peak === undefined || now > peak)) peak = now;
    cpuSeconds = cpuSecondsOf(child.pid!) ?? cpuSeconds;
  }, 100);
  const [code] = (await once(child, 'exit')) as [number | null];
  clearInterval(sampler);
  const seconds = (performance.now() - started) / 1000;
  if (code !== 0) throw new Error(`petstore ${args.slice(0, 2).join(' ')} exited ${code}: ${stderr}`);
  return { summary: JSON.parse(stdout) as Record<string, number>, seconds, rssBytes: peak, cpuSeconds };
}

/**
 * Imports `rows` rows into `deployment` served by `server` with `connections` rows in flight, then another
 * `rows` at the default, then exports every pet it holds.
 */
export async function measureBulk(
  server: ServerSpec,
  deployment: Deployment,
  { rows, connections }: { rows: number; connections: number },
  dir: string,
): Promise<BulkFigures> {
  const running = await startServer(server);
  try {
    const env = { PETSTORE_URL: `${running.url}/v1`, PETSTORE_API_KEY: deployment.key };
    const importOnce = async (name: string, flags: string[]) => {
      const csv = join(dir, `${name}.csv`);
      await writeCsv(csv, rows, name);
      const run = await runCli(['pets', 'import', csv, ...flags], env);
      if (run.summary.created !== rows) {
        throw new Error(`the import created ${run.summary.created} of ${rows} rows`);
      }
      return run;
    };
    // As many creations in flight as the load rows had connections, which only --any-order sends; the default,
    // creations one at a time in the file's order, is the other row.
    const imported = await importOnce('bulk-import', ['--concurrency', String(connections), '--any-order']);
    const importedAtDefault = await importOnce('bulk-import-default', []);
    const exported = await runCli(['pets', 'export', '--output', join(dir, 'bulk-export.csv')], env);
    const figures = (count: number, run: typeof imported): CliRun => ({
      count,
      seconds: run.seconds,
      perSecond: count / run.seconds,
      rssBytes: run.rssBytes,
      cpuSeconds: run.cpuSeconds,
    });
    return {
      import: figures(rows, imported),
      importAtDefault: figures(rows, importedAtDefault),
      export: figures(exported.summary.exported!, exported),
    };
  } finally {
    await running.stop();
  }
}

/**
 * The bulk rows as Markdown, with each import's speed over the same run's `POST /v1/pets` req/s, and over
 * its keyed `POST /v1/pets` req/s: what the service gives requests like the import's.
 */
export function bulkTable(
  bulk: BulkFigures,
  { createPet, createPetKeyed }: { createPet?: number; createPetKeyed?: number },
  connections: number,
): string {
  const mb = (bytes: number | undefined) => (bytes === undefined ? '-' : (bytes / 1024 / 1024).toFixed(0));
  const over = (rps: number | undefined) => (run: CliRun) => (rps ? (run.perSecond / rps).toFixed(2) : '-');
  const times = over(createPet);
  const timesKeyed = over(createPetKeyed);
  const lines: [BulkRow, string, CliRun | undefined][] = [
    ['bulk-import', `petstore pets import, CSV, --concurrency ${connections}`, bulk.import],
    ['bulk-import-default', 'petstore pets import, CSV, default --concurrency (8)', bulk.importAtDefault],
    ['bulk-export', 'petstore pets export, CSV', undefined],
  ];
  const msPerRow = ({ cpuSeconds, count }: CliRun) =>
    cpuSeconds === undefined || count === 0 ? '-' : ((cpuSeconds * 1000) / count).toFixed(3);
  return markdownTable(
    ['row', 'what', 'rows', 'seconds', 'rows/s', 'CLI RSS MB', 'CLI CPU ms/row', '× create-pet', '× keyed'],
    lines.map(([name, what, imported]) => {
      const run = imported ?? bulk.export;
      return [
        name,
        what,
        String(run.count),
        run.seconds.toFixed(1),
        run.perSecond.toFixed(0),
        mb(run.rssBytes),
        msPerRow(run),
        imported ? times(imported) : '-',
        imported ? timesKeyed(imported) : '-',
      ];
    }),
  );
}
