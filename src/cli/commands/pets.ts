// `petstore pets ...`: list, add and get pets as an API user does, over HTTP through the SDK (unlike the
// administration commands, which work on the store directly).
import { Command, Option } from 'commander';
import { PetstoreClient, PetstoreError, type Pet } from '../../client/index.js';
import { positiveInteger } from '../option-parsers.js';
import { printTable } from '../print-table.js';

interface ClientFlags {
  url: string;
  apiKey?: string;
  json?: boolean;
}

const statuses = ['available', 'pending', 'sold'] as const;

/** The options every pets command takes: where the API is, the key, and the output format. */
const withClientOptions = (command: Command): Command =>
  command
    .addOption(
      new Option('--url <url>', 'Base URL of the API, ending in /v1')
        .env('PETSTORE_URL')
        .default('http://127.0.0.1:3000/v1'),
    )
    .addOption(new Option('--api-key <key>', 'API key (required)').env('PETSTORE_API_KEY'))
    .option('--json', 'Print JSON instead of a table');

/** Runs one piece of work with a client, and words its failure for a terminal. */
async function withClient<T>({ url, apiKey }: ClientFlags, work: (client: PetstoreClient) => Promise<T>) {
  if (!apiKey) throw new Error('An API key is needed: pass --api-key or set PETSTORE_API_KEY');
  try {
    return await work(new PetstoreClient({ baseUrl: url, apiKey }));
  } catch (error) {
    if (!(error instanceof PetstoreError)) throw error;
    const status = error.status ? `HTTP ${error.status}, ` : '';
    throw new Error(`${error.message} (${error.code}, ${status}request id ${error.requestId})`);
  }
}

const petRow = (pet: Pet) => ({ id: pet.id, name: pet.name, category: pet.categoryId, status: pet.status });

function print(pets: Pet[], json: boolean | undefined): void {
  if (json) console.log(JSON.stringify(pets));
  else printTable(pets.map(petRow));
}

/** A "Fetched N pets…" line rewritten in place on a terminal; nothing when stderr is a file or a pipe. */
function progressLine(): { update(count: number): void; done(): void } {
  if (!process.stderr.isTTY) return { update: () => {}, done: () => {} };
  let shownAt = 0;
  return {
    update(count) {
      if (Date.now() - shownAt < 100) return;
      shownAt = Date.now();
      process.stderr.write(`\r\x1b[KFetched ${count} pets…`);
    },
    done: () => void process.stderr.write('\r\x1b[K'),
  };
}

export function petsCommand(): Command {
  const pets = new Command('pets').description(
    'Use the API as a client does, over HTTP: list, add and get pets (PETSTORE_URL, PETSTORE_API_KEY)',
  );

  withClientOptions(
    pets
      .command('list')
      .description('List pets: one page, or every page with --all')
      .addOption(new Option('--status <status>', 'Only pets with this status').choices(statuses))
      .option(
        '--limit <n>',
        'Pets per page, 1 to 100 (default 20; 100 with --all)',
        positiveInteger('--limit'),
      )
      .option('--all', 'Every page, following the Link header'),
  ).action(async (flags: ClientFlags & { status?: Pet['status']; limit?: number; all?: boolean }) => {
    const { status, limit, all } = flags;
    const found = await withClient(flags, async (client) => {
      if (!all) return client.listPets({ status, limit });
      const collected: Pet[] = [];
      const progress = progressLine();
      try {
        for await (const pet of client.listAllPets({ status, limit })) progress.update(collected.push(pet));
      } finally {
        progress.done();
      }
      return collected;
    });
    print(found, flags.json);
  });

  withClientOptions(
    pets
      .command('add')
      .description('Add a pet (sent with an Idempotency-Key, so retries never add it twice)')
      .requiredOption('--name <name>', 'Name of the animal')
      .requiredOption('--category <id>', 'Category id', positiveInteger('--category'))
      .addOption(new Option('--status <status>', 'Status (default available)').choices(statuses)),
  ).action(async (flags: ClientFlags & { name: string; category: number; status?: Pet['status'] }) => {
    const { name, category, status } = flags;
    const pet = await withClient(flags, (client) =>
      client.createPet({ name, categoryId: category, ...(status ? { status } : {}) }),
    );
    print([pet], flags.json);
  });

  withClientOptions(
    pets
      .command('get')
      .description('Show one pet (deprecated by the API: removed on 5 December 2030; use list --status)')
      .argument('<id>', 'Pet id', positiveInteger('id')),
  ).action(async (id: number, flags: ClientFlags) => {
    // getPet is deprecated: offered until the operation's sunset.
    const pet = await withClient(flags, (client) => client.getPet(id));
    print([pet], flags.json);
  });

  return pets;
}
