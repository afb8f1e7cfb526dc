// Runs the compiled `petstore` command for the steps the harness takes as an operator would: migrate, keys.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The compiled CLI entry; `npm run build` makes it. */
export const cliEntry = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));

/** Runs `petstore ARGS` to completion and returns what it printed; throws with its stderr on failure. */
export function runPetstore(args: string[], env: Record<string, string> = {}): string {
  const result = spawnSync(process.execPath, [cliEntry, ...args], {
    env: { PATH: process.env.PATH ?? '', ...env },
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    throw new Error(`petstore ${args[0]} failed (${result.status}): ${result.stderr || result.stdout}`);
  }
  return result.stdout;
}
