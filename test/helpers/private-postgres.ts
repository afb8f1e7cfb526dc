// A PostgreSQL cluster of the test's own, in a temp folder on a spare port, that the test may stop, freeze
// and restart without disturbing anyone else's database.
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './server-process.js';

/** The folder holding initdb and pg_ctl, or undefined when PostgreSQL's server tools are not installed. */
function serverTools(): string | undefined {
  const candidates = ['/usr/local/bin'];
  if (existsSync('/usr/lib/postgresql')) {
    for (const version of readdirSync('/usr/lib/postgresql').sort().reverse())
      candidates.push(`/usr/lib/postgresql/${version}/bin`);
  }
  return candidates.find((dir) => existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl')));
}

const tools = serverTools();
const isRoot = process.getuid?.() === 0;

/** Why a private cluster cannot be made here, or undefined when it can. */
export const privatePostgresUnavailable: string | undefined = !tools
  ? 'initdb and pg_ctl are not installed'
  : isRoot && !hasUser('postgres')
    ? 'running as root, and there is no postgres user to run initdb as'
    : undefined;

function hasUser(name: string): boolean {
  try {
    execFileSync('id', ['-u', name], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

export interface PrivatePostgres {
  url: string;
  start(): void;
  /** Stops the server; `fast` ends sessions cleanly, `immediate` as a crash would. */
  stop(mode?: 'fast' | 'immediate'): void;
  /** Suspends (or resumes) every server process, as a network partition or a stuck host would look. */
  freeze(frozen: boolean): void;
  destroy(): void;
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  if (!tools) throw new Error(privatePostgresUnavailable);
  const folder = mkdtempSync(join(tmpdir(), 'petstore-pg-'));
  const data = join(folder, 'data');
  // initdb refuses to run as root: run the server tools as the postgres user, in a folder it owns.
  if (isRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
    chownSync(folder, uid, gid);
  }
  const run = (tool: string, args: string[]) =>
    execFileSync(
      isRoot ? 'runuser' : join(tools, tool),
      isRoot ? ['-u', 'postgres', '--', join(tools, tool), ...args] : args,
      {
        stdio: 'pipe',
      },
    );
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const port = await freePort();
  const serverOptions = `-p ${port} -c listen_addresses=127.0.0.1 -k ${folder} -c fsync=off`;
  const pgCtl = (...args: string[]) => run('pg_ctl', ['-D', data, '-w', '-t', '30', ...args]);
  const start = () => pgCtl('-o', serverOptions, '-l', join(folder, 'server.log'), 'start');
  start();

  const mainPid = () => Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const childPids = (main: number): number[] =>
    execFileSync('ps', ['-o', 'pid=', '--ppid', String(main)])
      .toString()
      .split('\n')
      .map(Number)
      .filter((pid) => pid > 0);
  const serverPids = (): number[] => {
    const main = mainPid();
    return [main, ...childPids(main)];
  };

  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop: (mode = 'fast') => pgCtl('-m', mode, 'stop'),
    freeze(frozen) {
      if (!frozen) {
        for (const pid of serverPids()) process.kill(pid, 'SIGCONT');
        return;
      }
      // The server first, so that no backend it forks after the list of its children is read stays awake
      // (a pool still reconnecting after an earlier outage would be served by it).
      const main = mainPid();
      process.kill(main, 'SIGSTOP');
      for (const pid of childPids(main)) process.kill(pid, 'SIGSTOP');
    },
    destroy() {
      try {
        for (const pid of serverPids()) process.kill(pid, 'SIGCONT');
        pgCtl('-m', 'immediate', 'stop');
      } catch {
        // already stopped
      }
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
