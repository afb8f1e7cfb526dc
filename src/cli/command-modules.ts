// The top-level commands, each loaded only when it runs: a command's module pulls in what its actions need
// (the store and its drivers, the settings' schemas, Redis, the SDK, CSV), so loading every one of them
// would make `petstore --version` or `petstore pets import` start with the whole service in memory.
import { Command } from 'commander';

interface CommandModule {
  /** The line `petstore --help` shows, and the command's own description. */
  description: string;
  load(): Promise<Command>;
}

/** Each command, in the order the help lists them. */
const commandModules: Record<string, CommandModule> = {
  serve: {
    description: 'Serve the API',
    load: async () => (await import('./commands/serve.js')).serveCommand(),
  },
  migrate: {
    description: 'Apply pending database migrations',
    load: async () => (await import('./commands/migrate.js')).migrateCommand(),
  },
  keys: {
    description: 'Manage API keys: create, list, show, revoke, set-plan, set-scopes, set-expiry, unban',
    load: async () => (await import('./commands/keys.js')).keysCommand(),
  },
  staff: {
    description:
      'Manage console accounts: create (prints a one-time link), list, set-role, disable, enable, reset',
    load: async () => (await import('./commands/staff.js')).staffCommand(),
  },
  pets: {
    description:
      'Use the API as a client does, over HTTP: list, add, get, update and remove pets, import and export ' +
      'them in bulk, and their photos (PETSTORE_URL, PETSTORE_API_KEY)',
    load: async () => (await import('./commands/pets.js')).petsCommand(),
  },
  webhooks: {
    description: 'Manage webhook endpoints: add, list, show, enable, disable, remove, deliveries, replay',
    load: async () => (await import('./commands/webhooks.js')).webhooksCommand(),
  },
  orders: {
    description:
      'Adoption orders as a client handles them, over HTTP: place, list, get, approve, complete, cancel',
    load: async () => (await import('./commands/orders.js')).ordersCommand(),
  },
  applications: {
    description:
      'Adoption applications as shelter staff handle them, over HTTP: list, show, review, approve, decline, ' +
      'withdraw, note, counts',
    load: async () => (await import('./commands/applications.js')).applicationsCommand(),
  },
  applicants: {
    description: "An applicant's personal data on request, over HTTP: export it (subject access), erase it",
    load: async () => (await import('./commands/applicants.js')).applicantsCommand(),
  },
  inventory: {
    description: 'Count pets in each status, over HTTP',
    load: async () => (await import('./commands/orders.js')).inventoryCommand(),
  },
  categories: {
    description:
      'Categories of animals as a client manages them, over HTTP: list, add, rename (PETSTORE_URL, PETSTORE_API_KEY)',
    load: async () => (await import('./commands/catalog.js')).categoriesCommand(),
  },
  breeds: {
    description: 'The breeds of a category, over HTTP: list, add, import a file of names',
    load: async () => (await import('./commands/catalog.js')).breedsCommand(),
  },
  events: {
    description:
      'The event feed as a client reads it, over HTTP: list every change the service made, in commit order',
    load: async () => (await import('./commands/events.js')).eventsCommand(),
  },
};

/**
 * The commands for `args` (the arguments after `petstore`): the one it names (or `help` names) loaded whole,
 * every other one as its name and description alone, which is all `--help`, `--version` and "Did you mean"
 * need of it.
 */
export async function commandsFor(args: string[]): Promise<Command[]> {
  const named = args[0] === 'help' ? args[1] : args[0];
  return Promise.all(
    Object.entries(commandModules).map(async ([name, { description, load }]) =>
      (name === named ? await load() : new Command(name)).description(description),
    ),
  );
}
