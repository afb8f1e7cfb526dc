// The CLI's start-up row: `petstore --version` and `petstore keys list` on the main deployment (SQLite), each
// started as a user starts it, the one way docs/cli.md gives (its alias, in bash), `runs` times in turn, timed
// from spawn to exit on the load core; the median of each. A command loads only what it runs
// (src/cli/command-modules.ts).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
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

const root = fileURLToPath(new URL('../../', import.meta.url));

/** The alias line of docs/cli.md's `cli-alias` block: how the docs run the command from a clone. */
function documentedAlias(): string {
  const page = readFileSync(`${root}docs/cli.md`, 'utf8');
  const alias = /<!-- cli-alias -->\s*```sh\n(alias petstore=[^\n]+)\n```/.exec(page)?.[1];
  if (!alias) throw new Error('docs/cli.md has no cli-alias block');
  return alias;
}

const quoted = (arg: string) => `'${arg.replaceAll("'", "'\\''")}'`;

/** Milliseconds from spawn to exit of `petstore ARGS`, typed after the alias in the clone's folder; throws when it fails. */
function timed(alias: string, args: string[]): number {
  const script = `${alias}\npetstore ${args.map(quoted).join(' ')}`;
  const [command, argv] = pinned(loadCore, 'bash', ['-O', 'expand_aliases', '-c', script]);
  const started = performance.now();
  const result = spawnSync(command, argv, {
    cwd: root,
    // The alias's `node` is the one running the bench.
    env: { PATH: `${dirname(process.execPath)}:${process.env.PATH ?? ''}` },
    encoding: 'utf8',
  });
  const ms = performance.now() - started;
  if (result.status !== 0)
    throw new Error(`petstore ${args.join(' ')} exited ${result.status}: ${result.stderr}`);
  return ms;
}

export function measureStartup(deployment: Deployment, runs = 10): StartupFigures {
  const alias = documentedAlias();
  const version: number[] = [];
  const keysList: number[] = [];
  // In turn, so that a busy moment of the machine weighs on both alike.
  for (let i = 0; i < runs; i++) {
    version.push(timed(alias, ['--version']));
    keysList.push(timed(alias, ['keys', 'list', ...deployment.storeArgs]));
  }
  return { runs, versionMs: median(version), keysListMs: median(keysList) };
}
