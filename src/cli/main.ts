// The `petstore` command: serve the API and administer it. Administration talks to the store directly;
// `petstore pets` is the exception, a client of the API over HTTP.
import { Command, CommanderError } from 'commander';
import { settings, type SettingName } from '../config.js';
import { startServer } from '../server.js';
import { migrateToLatest } from '../store/migrations/index.js';
import { keysCommand } from './commands/keys.js';
import { petsCommand } from './commands/pets.js';
import { addSettingOptions, configFrom, storeSettings } from './settings-options.js';
import { openStore } from '../store/open-store.js';

export function buildCli(): Command {
  const program = new Command('petstore')
    .description('The pet adoption service: serve the API, administer it, and use it')
    .showHelpAfterError()
    .exitOverride();

  addSettingOptions(
    program.command('serve').description('Serve the API'),
    Object.keys(settings) as SettingName[],
  ).action(async (_options: unknown, command: Command) => {
    await startServer(configFrom(command));
  });

  addSettingOptions(
    program.command('migrate').description('Apply pending database migrations'),
    storeSettings,
  ).action(async (_options: unknown, command: Command) => {
    const store = await openStore({ ...configFrom(command), migrate: false });
    try {
      const applied = await migrateToLatest(store);
      console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'The database is up to date.');
    } finally {
      await store.close();
    }
  });

  program.addCommand(keysCommand());
  program.addCommand(petsCommand());
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
