// The bulk workload: `petstore pets import` of a CSV of N rows into a running service, then `petstore pets
// export` of every pet, each timed from start to exit, with the CLI's peak resident memory sampled from /proc.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { loadCore, pinned } from './cpu-pinning.js';
import type { Deployment } from './deployments.js';
import { cliEntry } from './petstore-cli.js';
import { markdownTable } from './report.js';
import { rssOf, startServer, type ServerSpec } from './server-process.js';

/** Names of the bulk rows, for --only: either runs the whole workload, as the export follows the import. */
export const bulkRows = ['bulk-import', 'bulk-export'] as const;
type BulkRow = (typeof bulkRows)[number];

export interface CliRun {
  /** Rows imported or pets exported. */
  count: number;
  seconds: number;
  perSecond: number;
  /** Peak resident memory of the CLI process, in bytes (undefined without /proc). */
  rssBytes: number | undefined;
}

export interface BulkFigures {
  import: CliRun;
  export: CliRun;
}

async function writeCsv(file: string, rows: number): Promise<void> {
  const out = createWriteStream(file);
  out.write('name,categoryId,status\n');
  for (let i = 0; i < rows; i++) {
    if (!out.write(`import-${i},${(i % 20) + 1},${i % 3 ? 'available' : 'sold'}\n`)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

/** Runs `petstore ARGS --json` on the load core, sampling its memory; returns its summary and figures. */
async function runCli(args: string[], env: Record<string, string>) {
  const [command, argv] = pinned(loadCore, process.execPath, [cliEntry, ...args, '--json']);
  const started = performance.now();
  const child = spawn(command, argv, { env: { PATH: process.env.PATH ?? '', ...env } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  let peak: number | undefined;
  const sampler = setInterval(() => {
    const now = rssOf(child.pid!);
    if (now !== undefined && (peak === undefined || now > peak)) peak = now;
  }, 100);
  const [code] = (await once(child, 'exit')) as [number | null];
  clearInterval(sampler);
  const seconds = (performance.now() - started) / 1000;
  if (code !== 0) throw new Error(`petstore ${args.slice(0, 2).join(' ')} exited ${code}: ${stderr}`);
  return { summary: JSON.parse(stdout) as Record<string, number>, seconds, rssBytes: peak };
}

/** Imports `rows` rows into `deployment` served by `server`, then exports every pet it holds. */
export async function measureBulk(
  server: ServerSpec,
  deployment: Deployment,
  rows: number,
  dir: string,
): Promise<BulkFigures> {
  const csv = join(dir, 'bulk-import.csv');
  await writeCsv(csv, rows);
  const running = await startServer(server);
  try {
    const env = { PETSTORE_URL: `${running.url}/v1`, PETSTORE_API_KEY: deployment.key };
    const imported = await runCli(['pets', 'import', csv], env);
    if (imported.summary.created !== rows) {
      throw new Error(`the import created ${imported.summary.created} of ${rows} rows`);
    }
    const exported = await runCli(['pets', 'export', '--output', join(dir, 'bulk-export.csv')], env);
    const figures = (count: number, run: typeof imported): CliRun => ({
      count,
      seconds: run.seconds,
      perSecond: count / run.seconds,
      rssBytes: run.rssBytes,
    });
    return {
      import: figures(rows, imported),
      export: figures(exported.summary.exported!, exported),
    };
  } finally {
    await running.stop();
  }
}

/** The bulk rows as Markdown, with the import's speed over the same run's `POST /v1/pets` (goals.ts). */
export function bulkTable(bulk: BulkFigures, importVsCreatePet: number | undefined): string {
  const mb = (bytes: number | undefined) => (bytes === undefined ? '-' : (bytes / 1024 / 1024).toFixed(0));
  const lines: [BulkRow, string, CliRun, string][] = [
    ['bulk-import', 'petstore pets import, CSV', bulk.import, importVsCreatePet?.toFixed(2) ?? '-'],
    ['bulk-export', 'petstore pets export, CSV', bulk.export, '-'],
  ];
  return markdownTable(
    ['row', 'what', 'rows', 'seconds', 'rows/s', 'CLI RSS MB', '× create-pet'],
    lines.map(([name, what, run, times]) => [
      name,
      what,
      String(run.count),
      run.seconds.toFixed(1),
      run.perSecond.toFixed(0),
      mb(run.rssBytes),
      times,
    ]),
  );
}
