// The question a command asks before what cannot be undone (`pets remove`, `applicants erase`).
import { createInterface } from 'node:readline/promises';

/** Asks a yes-or-no question on the terminal; only y or yes agrees. */
async function agreed(question: string): Promise<boolean> {
  const terminal = createInterface({ input: process.stdin, output: process.stderr });
  try {
    return /^y(es)?$/i.test((await terminal.question(question)).trim());
  } finally {
    terminal.close();
  }
}

/**
 * Whether to go ahead: at once with `--yes`, or with no terminal on standard input, since a script cannot
 * answer (and scripts written before the question existed pass no `--yes`); on a terminal, on y or yes only.
 */
export const confirmed = async (question: string, yes: boolean | undefined): Promise<boolean> =>
  Boolean(yes) || !process.stdin.isTTY || (await agreed(question));
