// The CPU time a process has used, from /proc (Linux): what a paired measurement divides by the requests
// the process answered.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const ticksPerSecond = (): number => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100; // Linux's own value on every architecture it runs Node on
  }
};

/** User plus system seconds in a `/proc/<pid>/stat` line: every thread's, the GC's and libuv's included. */
export function cpuSecondsIn(stat: string, ticks: number): number {
  // The command name (field 2) is in parentheses and may hold spaces; utime and stime are fields 14 and 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / ticks;
}

/** Reads a process's CPU seconds so far; throws where /proc does not exist. */
export function processCpu(): (pid: number) => number {
  const ticks = ticksPerSecond();
  return (pid) => cpuSecondsIn(readFileSync(`/proc/${pid}/stat`, 'utf8'), ticks);
}
