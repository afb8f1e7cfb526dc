// The `petstore` command: serve the API and administer it. Administration talks to the store directly;
// `petstore pets`, `orders`, `inventory` and `events` are the exceptions, clients of the API over HTTP.
import { readFileSync } from 'node:fs';
import { Command, CommanderError } from 'commander';
import { settings, type SettingName } from '../config.js';
import { migrateToLatest } from '../store/migrations/index.js';
import { eventsCommand } from './commands/events.js';
import { keysCommand } from './commands/keys.js';
import { inventoryCommand, ordersCommand } from './commands/orders.js';
import { petsCommand } from './commands/pets.js';
import { webhooksCommand } from './commands/webhooks.js';
import { addSettingOptions, configFrom, storeSettings } from './settings-options.js';
import { openStore } from '../store/open-store.js';

/** The version in package.json, one folder above both src/cli and dist/cli. */
const version = () =>
  (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string })
    .version;

export function buildCli(): Command {
  const program = new Command('petstore')
    .description('The pet adoption service: serve the API, administer it, and use it')
    .version(version(), '-V, --version', 'Print the version of petstore')
    .exitOverride();

  addSettingOptions(
    program.command('serve').description('Serve the API'),
    Object.keys(settings) as SettingName[],
  ).action(async (_options: unknown, command: Command) => {
    // Loaded here only: the other commands never load Fastify and its plugins.
    const { startServer } = await import('../server.js');
    await startServer(configFrom(command));
  });

  addSettingOptions(
    program.command('migrate').description('Apply pending database migrations'),
    storeSettings,
  ).action(async (_options: unknown, command: Command) => {
    const store = await openStore({ ...configFrom(command), migrate: false }, { create: true });
    try {
      const applied = await migrateToLatest(store);
      console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'The database is up to date.');
    } finally {
      await store.close();
    }
  });

  program.addCommand(keysCommand());
  program.addCommand(petsCommand());
  program.addCommand(webhooksCommand());
  program.addCommand(ordersCommand());
  program.addCommand(inventoryCommand());
  program.addCommand(eventsCommand());
  // One line after an error, so that "Did you mean …?" stays in sight rather than above 40 lines of help.
  const everyCommand = (command: Command): Command[] => [command, ...command.commands.flatMap(everyCommand)];
  for (const command of everyCommand(program)) command.showHelpAfterError('(add --help to see the options)');
  return program;
}

export async function runCli(argv: string[]): Promise<void> {
  try {
    await buildCli().parseAsync(argv);
  } catch (error) {
    if (error instanceof CommanderError) {
      process.exitCode = error.exitCode;
      return;
    }
    // Bad settings, unknown ids and unreachable databases all explain themselves in their message.
    console.error(`petstore: ${(error as Error).message}`);
    process.exitCode = 1;
  }
}

await runCli(process.argv);
