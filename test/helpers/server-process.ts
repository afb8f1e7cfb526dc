// Runs `petstore serve` as a real child process on a free port, for end-to-end, multi-instance and crash tests.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { createInterface } from 'node:readline';
import { settings, type Config, type SettingName } from '../../src/config.js';

export interface ServerProcess {
  /** Base URL of the instance, e.g. http://127.0.0.1:41234 (no /v1). */
  url: string;
  child: ChildProcess;
  /** Every line the process wrote to stdout and stderr so far. */
  output: string[];
  /** Resolves with the output lines matching `pattern` once there are at least `times` of them. */
  waitForOutput(pattern: RegExp, times?: number, timeoutMs?: number): Promise<string[]>;
  /** Sends a signal and waits for the process to exit and its output to end; returns its exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

const cliEntry = new URL('../../src/cli/main.ts', import.meta.url).pathname;

/** A TCP port nothing listens on right now. */
export async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as { port: number };
  probe.close();
  await once(probe, 'close');
  return port;
}

/**
 * Starts `petstore serve` with the given flags and environment on a free port, and resolves once its
 * /healthz answers. Settings come from `env` and `args` only, never from the test runner's environment.
 */
export async function startServerProcess(
  args: string[] = [],
  env: Record<string, string> = {},
  timeoutMs = 20_000,
): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', cliEntry, 'serve', '--host', '127.0.0.1', '--port', String(port), ...args],
    {
      env: { PATH: process.env.PATH ?? '', NODE_OPTIONS: process.env.NODE_OPTIONS ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const output: string[] = [];
  const onLine = new Set<() => void>();
  for (const stream of [child.stdout!, child.stderr!]) {
    createInterface({ input: stream }).on('line', (line) => {
      output.push(line);
      for (const listener of onLine) listener();
    });
  }
  // 'close' follows the exit once the output streams have ended too: every line the process wrote is in `output`.
  const exited = once(child, 'close');
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited before listening:\n${output.join('\n')}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start within ${timeoutMs} ms:\n${output.join('\n')}`);
    }
    const ready = await fetch(`${url}/healthz`).then(
      (res) => res.ok,
      () => false,
    );
    if (ready) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url,
    child,
    output,
    waitForOutput(pattern, times = 1, waitMs = timeoutMs) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const matches = output.filter((line) => pattern.test(line));
          if (matches.length < times) return;
          clearTimeout(timer);
          onLine.delete(check);
          resolve(matches);
        };
        const timer = setTimeout(() => {
          onLine.delete(check);
          reject(new Error(`no ${times} lines matching ${pattern}:\n${output.join('\n')}`));
        }, waitMs);
        onLine.add(check);
        check();
      });
    },
    async stop(signal = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill(signal);
      const [code] = await exited;
      return code as number | null;
    },
  };
}

/** The environment that gives a server process the same settings as `config` (those not at their default). */
export function envOf(config: Config): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, s] of Object.entries(settings) as Array<[SettingName, (typeof settings)[SettingName]]>) {
    if (config[name] !== (s.schema as { default?: unknown }).default) env[s.env] = String(config[name]);
  }
  return env;
}
