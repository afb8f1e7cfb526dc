// `petstore serve` from the same build (dist/) with one part left out, so that a row can measure what that
// part costs: `serve-leaving-out.ts nothing|scope-checks|event-outbox|search-index|read-caches serve <serve's flags>`.
// The service itself has no setting for this: the launcher sets the one hook for it (src/left-out.ts) before
// the service starts.
import type { Command } from 'commander';
import type { LeftOut } from '../src/left-out.js';

const parts: Record<string, Partial<LeftOut>> = {
  // The same launcher with every part, the baseline of the rows that leave one out.
  nothing: {},
  'scope-checks': { scopeChecks: true },
  'event-outbox': { eventOutbox: true },
  'search-index': { searchIndex: true },
  'read-caches': { readCaches: true },
};

const [part = '', command, ...flags] = process.argv.slice(2);
const leftOut = parts[part];
if (!leftOut || command !== 'serve') {
  console.error(`usage: serve-leaving-out.ts ${Object.keys(parts).join('|')} serve [flags]`);
  process.exit(2);
}
// Loaded from dist/, as the service's rows run it, through serve's own flag parsing.
const fromDist = (path: string) => import(new URL(`../dist/${path}`, import.meta.url).href);
const { serveCommand } = (await fromDist(
  'cli/commands/serve.js',
)) as typeof import('../src/cli/commands/serve.js');
const { configFrom } = (await fromDist(
  'cli/settings-options.js',
)) as typeof import('../src/cli/settings-options.js');
const { startServer } = (await fromDist('server.js')) as typeof import('../src/server.js');
const hook = (await fromDist('left-out.js')) as typeof import('../src/left-out.js');
Object.assign(hook.leftOut, leftOut);
await serveCommand()
  .action(async (_options: unknown, serve: Command) => startServer(configFrom(serve)))
  .parseAsync(flags, { from: 'user' });
