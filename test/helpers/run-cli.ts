// Runs the `petstore` command as a child process and collects what it printed, and reads its tables.
import { execFile } from 'node:child_process';

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

/** The NAME column of a table of pets, as `pets list` prints it. */
export const petNames = (table: string): string[] =>
  table
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.split(/\s+/)[1]!);
