// The `petstore` command: serve the API and administer it. Administration talks to the store directly;
// `petstore pets`, `orders`, `inventory` and `events` are the exceptions, clients of the API over HTTP.
import { readFileSync } from 'node:fs';
import { Command, CommanderError } from 'commander';
import { commandsFor } from './command-modules.js';

/** The version in package.json, one folder above both src/cli and dist/cli. */
const version = () =>
  (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string })
    .version;

/** The command line for `argv` (as process.argv): with only the commands it can reach loaded. */
async function buildCli(argv: string[]): Promise<Command> {
  const program = new Command('petstore')
    .description('The pet adoption service: serve the API, administer it, and use it')
    .version(version(), '-V, --version', 'Print the version of petstore')
    .exitOverride();
  for (const command of await commandsFor(argv.slice(2))) program.addCommand(command);
  // One line after an error, so that "Did you mean …?" stays in sight rather than above 40 lines of help; and
  // every command's parse errors end in runCli (an added command inherits none of the program's settings).
  const everyCommand = (command: Command): Command[] => [command, ...command.commands.flatMap(everyCommand)];
  for (const command of everyCommand(program))
    command.exitOverride().showHelpAfterError('(add --help to see the options)');
  return program;
}

export async function runCli(argv: string[]): Promise<void> {
  try {
    await (await buildCli(argv)).parseAsync(argv);
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
