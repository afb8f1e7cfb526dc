// Runs `petstore serve` as a real child process on a free port, for end-to-end, multi-instance and crash tests.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
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
  /** Sends a signal and waits for the process to exit; returns its exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

const cliEntry = new URL('../../src/cli/main.ts', import.meta.url).pathname;

/**
 * Starts `petstore serve --port 0` with the given flags and environment, and resolves once it listens.
 * Settings come from `env` only (plus `args`), never from the test runner's own environment.
 */
export async function startServerProcess(
  args: string[] = [],
  env: Record<string, string> = {},
  timeoutMs = 20_000,
): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', cliEntry, 'serve', '--port', '0', ...args], {
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const onLine = new Set<() => void>();
  const exited = once(child, 'exit');
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server did not start:\n${output.join('\n')}`)),
      timeoutMs,
    );
    for (const stream of [child.stdout!, child.stderr!]) {
      createInterface({ input: stream }).on('line', (line) => {
        output.push(line);
        for (const listener of onLine) listener();
        const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(line);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]!);
        }
      });
    }
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`server exited before listening:\n${output.join('\n')}`));
    });
  });
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
