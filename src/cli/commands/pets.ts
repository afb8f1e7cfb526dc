// `petstore pets ...`: list, add and get pets, and import and export them in bulk, as an API user does, over
// HTTP through the SDK (unlike the administration commands, which work on the store directly).
import { Command, Option } from 'commander';
import type { Pet } from '@petstore/client';
import { dayInWords, getPetRetirement } from '../../domain/deprecations.js';
import { petStatuses } from '../../domain/pet-status.js';
import { progressBar } from '../bulk/progress-bar.js';
import { withClient, withClientOptions, type ClientFlags } from '../client-options.js';
import { withListOptions, printPage, type ListFlags } from '../listing.js';
import { positiveInteger } from '../option-parsers.js';
import { printFound } from '../print-table.js';
import { bulkCommands } from './pets-bulk.js';

const petRow = (pet: Pet) => ({ id: pet.id, name: pet.name, category: pet.categoryId, status: pet.status });

export function petsCommand(): Command {
  const pets = new Command('pets');

  withClientOptions(
    withListOptions(
      pets
        .command('list')
        .description('List pets: one page (the first, or the one --cursor names), or every page with --all')
        .addOption(new Option('--status <status>', 'Only pets with this status').choices(petStatuses)),
      'pets',
    ),
  ).action(async (flags: ClientFlags & ListFlags & { status?: Pet['status'] }) => {
    const { status, limit, cursor } = flags;
    await withClient(flags, async (client) => {
      // The page's own Link header says whether more follow: no request for the next page.
      if (!flags.all)
        return printPage(await client.listPetsPage({ status, limit, cursor }), 'pets', petRow, flags.json);
      const collected: Pet[] = [];
      const progress = progressBar('Fetched {value} pets…', 0, flags.json);
      try {
        for await (const pet of client.listAllPets({ status, limit, cursor }))
          progress.update(collected.push(pet));
      } finally {
        progress.stop();
      }
      printFound(collected, petRow, flags.json);
    });
  });

  withClientOptions(
    pets
      .command('add')
      .description('Add a pet (sent with an Idempotency-Key, so retries never add it twice)')
      .requiredOption('--name <name>', 'Name of the animal')
      .requiredOption('--category <id>', 'Category id', positiveInteger('--category'))
      .addOption(new Option('--status <status>', 'Status (default available)').choices(petStatuses)),
  ).action(async (flags: ClientFlags & { name: string; category: number; status?: Pet['status'] }) => {
    const { name, category, status } = flags;
    const pet = await withClient(flags, (client) =>
      client.createPet({ name, categoryId: category, ...(status ? { status } : {}) }),
    );
    printFound(pet, petRow, flags.json);
  });

  withClientOptions(
    pets
      .command('get')
      .description(
        `Show one pet (deprecated by the API: removed on ${dayInWords(getPetRetirement.sunsetAt)}; use list --status)`,
      )
      .argument('<id>', 'Pet id', positiveInteger('id')),
  ).action(async (id: number, flags: ClientFlags) => {
    // getPet is deprecated: offered until the operation's sunset.
    const pet = await withClient(flags, (client) => client.getPet(id));
    printFound(pet, petRow, flags.json);
  });

  for (const command of bulkCommands()) pets.addCommand(command);
  return pets;
}
