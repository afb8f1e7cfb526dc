// Other processes as Linux's /proc shows them: whether one is alive, the children of one, the CPU it used.
import { readdirSync, readFileSync } from 'node:fs';

export const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** The children of `pid` whose command line includes `named`. */
export function childrenOf(pid: number, named: string): number[] {
  const children = readdirSync(`/proc/${pid}/task`).flatMap((task) =>
    readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
  );
  return children.filter((child) => {
    try {
      return readFileSync(`/proc/${child}/cmdline`, 'utf8').includes(named);
    } catch {
      return false; // gone meanwhile
    }
  });
}

/** CPU time a process has used, in clock ticks (utime + stime of /proc/PID/stat). */
export function cpuTicks(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return Number(fields[11]) + Number(fields[12]);
}
