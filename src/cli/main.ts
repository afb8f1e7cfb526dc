// The `petstore` command: serve the API and administer it. Administration talks to the store directly; the
// commands of an API user (`pets`, `orders`, `applications`, `events`…) are the exceptions, clients over HTTP.
import { readFileSync } from 'node:fs';
import { Command, CommanderError } from 'commander';
import { errorObjectOf } from './cli-error.js';
import { commandsFor } from './command-modules.js';

/** The version in package.json, one folder above both src/cli and dist/cli. */
const version = () =>
  (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string })
    .version;

/** The command line for `argv` (as process.argv): with only the command it runs loaded. */
async function buildCli(argv: string[], json: boolean): Promise<Command> {
  const program = new Command('petstore')
    .description('The pet adoption service: serve the API, administer it, and use it')
    .version(version(), '-V, --version', 'Print the version of petstore');
  for (const command of await commandsFor(argv.slice(2))) program.addCommand(command);
  // Every command's parse errors end in runCli (an added command inherits none of the program's settings).
  // In text, one line after an error, so that "Did you mean …?" stays in sight rather than above 40 lines of
  // help; under --json, nothing but the one JSON object that runCli prints.
  const everyCommand = (command: Command): Command[] => [command, ...command.commands.flatMap(everyCommand)];
  for (const command of everyCommand(program)) {
    command.exitOverride();
    if (json) command.configureOutput({ outputError: () => {} });
    // Commander's own errors begin `error:`; the command's begin `petstore:`, as every line it prints does.
    else
      command
        .configureOutput({ outputError: (text, write) => write(text.replace(/^error: /, 'petstore: ')) })
        .showHelpAfterError('(add --help to see the options)');
  }
  return program;
}

export async function runCli(argv: string[]): Promise<void> {
  const json = argv.slice(2).includes('--json');
  try {
    await (await buildCli(argv, json)).parseAsync(argv);
  } catch (error) {
    // --help and --version end in a CommanderError too, with exit code 0.
    if (error instanceof CommanderError && error.exitCode === 0) return;
    process.exitCode = error instanceof CommanderError ? error.exitCode : 1;
    if (json) console.error(JSON.stringify({ error: errorObjectOf(error) }));
    // Bad settings, unknown ids and unreachable databases all explain themselves in their message; commander
    // has printed its own.
    else if (!(error instanceof CommanderError)) console.error(`petstore: ${(error as Error).message}`);
  }
}

await runCli(process.argv);
