// The top-level commands, each loaded only when it runs: a command's module pulls in what its actions need
// (the store and its drivers, the settings' schemas, Redis, the SDK, CSV), so loading every one of them
// would make `petstore pets import` start with the whole service in memory.
import type { Command } from 'commander';

/** Each command's name, in the order the help lists them, and how to build it. */
export const commandModules: Record<string, () => Promise<Command>> = {
  serve: async () => (await import('./commands/serve.js')).serveCommand(),
  migrate: async () => (await import('./commands/migrate.js')).migrateCommand(),
  keys: async () => (await import('./commands/keys.js')).keysCommand(),
  pets: async () => (await import('./commands/pets.js')).petsCommand(),
  webhooks: async () => (await import('./commands/webhooks.js')).webhooksCommand(),
  orders: async () => (await import('./commands/orders.js')).ordersCommand(),
  inventory: async () => (await import('./commands/orders.js')).inventoryCommand(),
  events: async () => (await import('./commands/events.js')).eventsCommand(),
};

/**
 * The commands `args` (the arguments after `petstore`) can reach: the one it names, or every one when it names
 * none (`--help`, `help`, a mistyped name), so that the help lists them all and "Did you mean" has them all.
 */
export function commandsFor(args: string[]): Promise<Command[]> {
  const [first] = args;
  const names =
    first !== undefined && Object.hasOwn(commandModules, first) ? [first] : Object.keys(commandModules);
  return Promise.all(names.map((name) => commandModules[name]!()));
}
