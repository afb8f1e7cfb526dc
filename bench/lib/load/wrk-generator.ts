// wrk, pinned to the load core: a C load generator that costs the machine less than autocannon per request.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadCore, pinned } from '../cpu-pinning.js';
import { idPlaceholder } from './id-sequence.js';
import type { LoadGenerator, LoadRequest, LoadResult } from './load-generator.js';

/** `wrk -v` prints its version (and exits non-zero); undefined when wrk is not installed. */
export function wrkVersion(): string | undefined {
  const probe = spawnSync('wrk', ['-v'], { encoding: 'utf8' });
  if (probe.error) return undefined;
  return /wrk ([^\s]+)/.exec(probe.stdout + probe.stderr)?.[1] ?? 'unknown';
}

const lua = (text: string) => JSON.stringify(text); // a JSON string is a valid Lua string literal here

/** A Lua expression of `template` with the local `id` in place of every `{id}`. */
const luaWithId = (template: string) => template.split(idPlaceholder).map(lua).join(' .. id .. ');

/** What the script prints when wrk is done: the first id its requests did not take. */
const nextIdLine = /^next id: (\d+)$/m;

/**
 * Lua that gives each request the next id, from where the row's earlier runs stopped. Its thread keeps the
 * count in a Lua state of its own; `done` reads it back through `thread:get` and prints it (one thread: -t1).
 */
function sequentialLines(request: LoadRequest, first: number): string[] {
  const body = request.body === undefined ? 'nil' : luaWithId(request.body);
  // wrk.format takes a request's headers whole, in place of wrk.headers: all of them, once one holds the id.
  const headersWithId = Object.values(request.headers).some((value) => value.includes(idPlaceholder));
  const headers = headersWithId
    ? `{ ${Object.entries(request.headers)
        .map(([name, value]) => `[${lua(name)}] = ${luaWithId(value)}`)
        .join(', ')} }`
    : 'nil';
  return [
    `next_id = ${first}`,
    'local threads = {}',
    'setup = function(thread) table.insert(threads, thread) end',
    'request = function()',
    '  local id = next_id',
    '  next_id = next_id + 1',
    `  return wrk.format(nil, ${luaWithId(request.path)}, ${headers}, ${body})`,
    'end',
    'done = function()',
    '  for _, thread in ipairs(threads) do io.write("next id: " .. thread:get("next_id") .. "\\n") end',
    'end',
  ];
}

/** The Lua script that shapes every request of the run. */
export function wrkScript(request: LoadRequest): string {
  const lines = [`wrk.method = ${lua(request.method)}`];
  for (const [name, value] of Object.entries(request.headers))
    lines.push(`wrk.headers[${lua(name)}] = ${lua(value)}`);
  if (request.body !== undefined && !request.sequentialIds) lines.push(`wrk.body = ${lua(request.body)}`);
  // wrk.format falls back on wrk.body, so a body from a file serves the sequential requests too.
  if (request.bodyFile) {
    lines.push(
      `local file = io.open(${lua(request.bodyFile)}, "rb")`,
      'wrk.body = file:read("*a")',
      'file:close()',
    );
  }
  if (request.sequentialIds) lines.push(...sequentialLines(request, request.sequentialIds.next));
  if (request.randomIdUpTo) {
    lines.push(
      'math.randomseed(os.time())',
      `request = function() return wrk.format(nil, ${lua(request.path)} .. math.random(1, ${request.randomIdUpTo})) end`,
    );
  }
  return lines.join('\n') + '\n';
}

const toMs = (value: string, unit: string) =>
  Number(value) * (unit === 'us' ? 0.001 : unit === 'ms' ? 1 : unit === 's' ? 1000 : 60_000);

/** Reads the figures out of wrk's --latency report. */
export function parseWrkOutput(output: string): LoadResult {
  const percentile = (p: string) => {
    const match = new RegExp(`^\\s+${p}%\\s+([\\d.]+)(us|ms|s|m)\\s*$`, 'm').exec(output);
    if (!match) throw new Error(`wrk printed no ${p}% latency:\n${output}`);
    return toMs(match[1]!, match[2]!);
  };
  const rps = /Requests\/sec:\s+([\d.]+)/.exec(output);
  if (!rps) throw new Error(`wrk printed no Requests/sec:\n${output}`);
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  return {
    rps: Number(rps[1]),
    p50Ms: percentile('50'),
    p99Ms: percentile('99'),
    non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1] ?? 0),
    errors: socketErrors ? socketErrors.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0,
  };
}

export const wrkGenerator = (version: string): LoadGenerator => ({
  name: 'wrk',
  version,
  async run(baseUrl, request, { connections, seconds, timeoutSeconds }) {
    const dir = mkdtempSync(join(tmpdir(), 'petstore-wrk-'));
    try {
      const script = join(dir, 'request.lua');
      writeFileSync(script, wrkScript(request));
      const wrkArgs = ['-t1', `-c${connections}`, `-d${Math.max(1, Math.round(seconds))}s`];
      wrkArgs.push(`--timeout`, `${timeoutSeconds}s`, '--latency', '-s', script, baseUrl + request.path);
      const [command, args] = pinned(loadCore, 'wrk', wrkArgs);
      const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
      if (code !== 0) throw new Error(`wrk exited with ${code}:\n${output}`);
      if (request.sequentialIds) {
        const next = nextIdLine.exec(output);
        if (!next) throw new Error(`wrk printed no next id:\n${output}`);
        request.sequentialIds.skipTo(Number(next[1]));
      }
      return parseWrkOutput(output);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
});
