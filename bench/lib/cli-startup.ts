// The CLI's start-up row: `petstore --version` and `petstore keys list` on the main deployment (SQLite), each
// started as a user starts it (node bin/petstore.js) `runs` times in turn, timed from spawn to exit on the
// load core; the median of each. A command loads only what it runs (src/cli/command-modules.ts).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { loadCore, pinned } from './cpu-pinning.js';
import type { Deployment } from './deployments.js';
import { median } from './medians.js';

export const startupRow = 'cli-startup';

export interface StartupFigures {
  runs: number;
  /** Median milliseconds of `petstore --version`. */
  versionMs: number;
  /** Median milliseconds of `petstore keys list` on the deployment. */
  keysListMs: number;
}

const bin = fileURLToPath(new URL('../../bin/petstore.js', import.meta.url));

/** Milliseconds from spawn to exit of `petstore ARGS`; throws when it fails. */
function timed(args: string[]): number {
  const [command, argv] = pinned(loadCore, process.execPath, [bin, ...args]);
  const started = performance.now();
  const result = spawnSync(command, argv, { env: { PATH: process.env.PATH ?? '' }, encoding: 'utf8' });
  const ms = performance.now() - started;
  if (result.status !== 0)
    throw new Error(`petstore ${args.join(' ')} exited ${result.status}: ${result.stderr}`);
  return ms;
}

export function measureStartup(deployment: Deployment, runs = 10): StartupFigures {
  const version: number[] = [];
  const keysList: number[] = [];
  // In turn, so that a busy moment of the machine weighs on both alike.
  for (let i = 0; i < runs; i++) {
    version.push(timed(['--version']));
    keysList.push(timed(['keys', 'list', ...deployment.storeArgs]));
  }
  return { runs, versionMs: median(version), keysListMs: median(keysList) };
}
