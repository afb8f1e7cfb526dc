// Starts one server under test on the server core, waits until it answers, watches its memory, and stops it.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { pinned, serverCore } from './cpu-pinning.js';

export interface ServerSpec {
  /** Arguments to `node`: flags, then the script and its own arguments. Gets `--port` appended. */
  nodeArgs: string[];
  env: Record<string, string>;
  /** A path that answers once the server can take load. */
  readyPath: string;
  /** The Node.js binary to run it with (default: the one running the benchmark). */
  node?: string;
}

export interface RunningServer {
  url: string;
  pid: number;
  /**
   * Starts sampling the resident memory of the process and of its children (the service's photo processes);
   * the returned function stops and gives the peaks in bytes: of the sum, and of the children's part.
   */
  watchRss(): () => MemoryPeaks;
  stop(): Promise<void>;
}

export interface MemoryPeaks {
  /** The process and its children together, at the sample where their sum peaked. */
  rssBytes: number | undefined;
  /** The children alone, at the sample where they peaked. */
  childRssBytes: number | undefined;
}

async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as AddressInfo;
  probe.close();
  await once(probe, 'close');
  return port;
}

/** Resident memory of a process from /proc (Linux), or undefined where that is not available. */
export function rssOf(pid: number): number | undefined {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** The direct children of a process (Linux's /proc), or none where that is not available. */
function childrenOf(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((task) =>
      readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
    );
  } catch {
    return [];
  }
}

export async function startServer(spec: ServerSpec, timeoutMs = 60_000): Promise<RunningServer> {
  const port = await freePort();
  // taskset execs node in place, so the child's pid is the server's own.
  const [command, args] = pinned(serverCore, spec.node ?? process.execPath, [
    ...spec.nodeArgs,
    '--port',
    String(port),
  ]);
  const child = spawn(command, args, {
    env: { PATH: process.env.PATH ?? '', ...spec.env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const exited = once(child, 'exit');
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${spec.nodeArgs.join(' ')} exited at start:\n${stderr}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${spec.nodeArgs.join(' ')} did not answer within ${timeoutMs} ms:\n${stderr}`);
    }
    const answered = await fetch(url + spec.readyPath).then(
      async (res) => (await res.arrayBuffer(), true),
      () => false,
    );
    if (answered) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const pid = child.pid!;
  return {
    url,
    pid,
    watchRss() {
      const peaks: MemoryPeaks = { rssBytes: undefined, childRssBytes: undefined };
      const sample = () => {
        const own = rssOf(pid);
        if (own === undefined) return;
        const children = childrenOf(pid).reduce((sum, child) => sum + (rssOf(child) ?? 0), 0);
        peaks.rssBytes = Math.max(peaks.rssBytes ?? 0, own + children);
        peaks.childRssBytes = Math.max(peaks.childRssBytes ?? 0, children);
      };
      sample();
      const timer = setInterval(sample, 200);
      return () => {
        clearInterval(timer);
        return peaks;
      };
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      // SIGTERM lets the service drain and close cleanly (and write a CPU profile when asked to).
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(killer);
    },
  };
}
