// The progress shown while a bulk command runs: a cli-progress bar on stderr when it is a terminal, and
// nothing when stderr is a file or a pipe or the command prints JSON.
import { createRequire } from 'node:module';

// Loaded only when a bar is shown: a run with --json or with stderr in a file needs none of it.
const loadCliProgress = () => createRequire(import.meta.url)('cli-progress') as typeof import('cli-progress');

export interface Progress {
  update(value: number, counts?: Record<string, number>): void;
  stop(): void;
}

const silent: Progress = { update: () => {}, stop: () => {} };

/** A bar up to `total` (a count of whatever `format` names), or a running count when `total` is 0. */
export function progressBar(format: string, total: number, quiet: boolean | undefined): Progress {
  if (quiet || !process.stderr.isTTY) return silent;
  const cliProgress = loadCliProgress();
  const bar = new cliProgress.SingleBar(
    { format, stream: process.stderr, hideCursor: true, fps: 10 },
    cliProgress.Presets.shades_classic,
  );
  bar.start(total, 0);
  return {
    update: (value, counts) => bar.update(value, counts),
    stop: () => bar.stop(),
  };
}
