// Runs the `petstore` command as a child process and collects what it printed, and reads its tables; or runs
// it on a real pseudo-terminal, made by util-linux's `script`, typing an answer into it.
import { execFile, execFileSync } from 'node:child_process';

const cliEntry = new URL('../../src/cli/main.ts', import.meta.url).pathname;

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export function runCli(args: string[], env: Record<string, string> = {}): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', cliEntry, ...args],
      { env: { PATH: process.env.PATH ?? '', NODE_OPTIONS: process.env.NODE_OPTIONS ?? '', ...env } },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/** Whether `script` is there to make a terminal; tests on one are skipped without it. */
export const hasScript = (() => {
  try {
    execFileSync('script', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/** Runs the command on a terminal, typing `typed` into it; what the terminal showed. */
export const runCliOnTerminal = (args: string[], env: Record<string, string>, typed: string) =>
  new Promise<string>((resolve) => {
    const line = [process.execPath, '--import', 'tsx', cliEntry, ...args].join(' ');
    const child = execFile(
      'script',
      ['-qec', line, '/dev/null'],
      { env: { ...process.env, ...env } },
      (_e, out) => resolve(out),
    );
    setTimeout(() => child.stdin!.end(typed), 1500);
  });

/** The NAME column of a table of pets, as `pets list` prints it. */
export const petNames = (table: string): string[] =>
  table
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.split(/\s+/)[1]!);
