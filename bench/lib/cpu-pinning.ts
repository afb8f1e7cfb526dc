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

/** PostgreSQL moved to a core for the run, or why it was not. */
export type PostgresPinning = { restore(): void } | { notPinned: string };

/** A process's CPU list as taskset prints it (`0,1`), or undefined when it cannot be read. */
const affinityOf = (pid: string): string | undefined =>
  /: (\S+)\s*$/.exec(spawnSync('taskset', ['-pc', pid], { encoding: 'utf8' }).stdout)?.[1];

/**
 * Moves this machine's PostgreSQL to `core`, the server's, as the scale-out targets are defined: the
 * postmaster, whose backends forked from now on inherit it, and its running processes. Needs the right to
 * change another user's processes (root); a PostgreSQL elsewhere, or no such right, is reported instead.
 */
export function pinPostgres(core: number): PostgresPinning {
  if (!canPin) return { notPinned: 'no taskset, or one core' };
  const pids = spawnSync('pgrep', ['-x', 'postgres'], { encoding: 'utf8' })
    .stdout.split('\n')
    .filter(Boolean);
  if (pids.length === 0) return { notPinned: 'no PostgreSQL process on this machine' };
  const before = new Map(pids.map((pid) => [pid, affinityOf(pid)]));
  // An interrupted run (Ctrl-C) must not leave the machine's database on one core: put it back, then let
  // the signal end the process as it would have.
  const onSignal = (signal: NodeJS.Signals) => {
    restore();
    process.kill(process.pid, signal);
  };
  const restore = () => {
    process.off('SIGINT', onSignal).off('SIGTERM', onSignal);
    for (const [pid, cpus] of before) if (cpus) spawnSync('taskset', ['-pc', cpus, pid], { stdio: 'ignore' });
  };
  process.once('SIGINT', onSignal).once('SIGTERM', onSignal);
  for (const pid of pids) {
    if (spawnSync('taskset', ['-pc', String(core), pid], { stdio: 'ignore' }).status !== 0) {
      restore();
      return { notPinned: `taskset could not move PostgreSQL's process ${pid} (run as root to pin it)` };
    }
  }
  return { restore };
}
