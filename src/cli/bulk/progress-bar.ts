// The progress shown while a bulk command runs: a cli-progress bar on stderr when it is a terminal, and
// nothing when stderr is a file or a pipe or the command prints JSON. A note (a wait for a rate limit) shows
// on the bar for as long as it lasts, or as a line on stderr where no bar is shown: a run that pauses for a
// minute says why, on a terminal or in a log.
import { createRequire } from 'node:module';

// Loaded only when a bar is shown: a run with --json or with stderr in a file needs none of it.
const loadCliProgress = () => createRequire(import.meta.url)('cli-progress') as typeof import('cli-progress');

export interface Progress {
  update(value: number, counts?: Record<string, number>): void;
  /** Says `text`, which holds for the next `forMs` milliseconds. */
  note(text: string, forMs: number): void;
  stop(): void;
}

const silent: Progress = {
  update: () => {},
  note: (text) => console.error(`petstore: ${text}`),
  stop: () => {},
};

/**
 * A bar up to `total` (a count of whatever `format` names), or a running count when `total` is 0; `counts`
 * are the starting values of the format's other tokens.
 */
export function progressBar(
  format: string,
  total: number,
  quiet: boolean | undefined,
  counts: Record<string, number> = {},
): Progress {
  if (quiet || !process.stderr.isTTY) return silent;
  const cliProgress = loadCliProgress();
  const bar = new cliProgress.SingleBar(
    { format: `${format}{note}`, stream: process.stderr, hideCursor: true, fps: 10 },
    cliProgress.Presets.shades_classic,
  );
  bar.start(total, 0, { ...counts, note: '' });
  // The rows still in flight when a wait begins are answered during it: their updates keep its note, and
  // the first one after it clears it (the bar keeps each token's last value). 0 while no note shows.
  let noteUntil = 0;
  return {
    update: (value, counts) => {
      if (noteUntil !== 0 && Date.now() >= noteUntil) {
        noteUntil = 0;
        bar.update({ note: '' });
      }
      bar.update(value, counts);
    },
    note: (text, forMs) => {
      noteUntil = Date.now() + forMs;
      bar.update({ note: ` | ${text}` });
    },
    stop: () => bar.stop(),
  };
}
