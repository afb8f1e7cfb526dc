// Which core the servers and which the load generator run on: apart, with taskset, when the machine allows.
import { spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';

export const serverCore = 0;
export const loadCore = 1;

/** Whether taskset exists and there are two cores to keep apart. */
export const canPin: boolean =
  availableParallelism() >= 2 && spawnSync('taskset', ['-c', '0', 'true']).status === 0;

/** The command line that runs `command` on `core` when pinning is possible, unchanged otherwise. */
export function pinned(core: number, command: string, args: string[]): [string, string[]] {
  return canPin ? ['taskset', ['-c', String(core), command, ...args]] : [command, args];
}

/** Moves this process (and so the in-process load generator) to `core`. */
export function pinSelf(core: number): void {
  if (canPin) spawnSync('taskset', ['-cp', String(core), String(process.pid)]);
}
