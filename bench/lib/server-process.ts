// Starts one server under test on the server core, waits until it answers, watches its memory, and stops it.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
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
  /** Starts sampling the process's resident memory; the returned function stops and gives the peak in bytes. */
  watchRss(): () => number | undefined;
  stop(): Promise<void>;
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
      let peak = rssOf(pid);
      const timer = setInterval(() => {
        const now = rssOf(pid);
        if (now !== undefined && (peak === undefined || now > peak)) peak = now;
      }, 200);
      return () => {
        clearInterval(timer);
        return peak;
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
