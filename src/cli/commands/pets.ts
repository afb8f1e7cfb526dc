// `petstore pets ...`: list, add, get, update and remove pets, import and export them in bulk, and their
// photos, as an API user does, over HTTP through the SDK (unlike the administration commands, which work on
// the store directly).
import { Command, Option } from 'commander';
import type { NewPet, Pet, PetstoreClient } from '@petstore/client';
import { dayInWords, getPetRetirement } from '../../domain/deprecations.js';
import { petSorts, type PetSort } from '../../domain/pet-listing.js';
import { progressBar } from '../bulk/progress-bar.js';
import { usageError } from '../cli-error.js';
import { withClient, withClientOptions, type ClientFlags } from '../client-options.js';
import { confirmed } from '../confirm.js';
import { withListOptions, printPage, printResumeHint, type ListFlags } from '../listing.js';
import { positiveInteger } from '../option-parsers.js';
import { petDetails } from '../pet-details.js';
import { categoryNames } from '../category-names.js';
import { petFiltersFor, withPetFilterOptions, type PetFilterFlags } from '../pet-filter-options.js';
import { petBodyOf, withNewPetOptions, withPetChangeOptions, type PetFlags } from '../pet-options.js';
import { printFound, printOutcome } from '../print-table.js';
import { bulkCommands } from './pets-bulk.js';
import { photosCommand } from './pets-photos.js';

/** A table's row of a pet: its category by name, where `names` knows it. */
const petRowOf =
  (names: Map<number, string> = new Map()) =>
  (pet: Pet) => ({
    id: pet.id,
    name: pet.name,
    category: names.get(pet.categoryId) ?? pet.categoryId,
    status: pet.status,
  });

/** The categories' names for a text table; under --json, which prints the API's ids, none are asked for. */
const namesFor = (client: PetstoreClient, json: boolean | undefined) =>
  json ? Promise.resolve(undefined) : categoryNames(client);

/**
 * Runs `work` and prints the pet it gives as the API answers it under --json, else a line a field (with its
 * category's name, its photos, and its ETag when known).
 */
const printPetOf = async (
  flags: ClientFlags,
  work: (client: PetstoreClient) => Promise<{ pet: Pet; etag?: string }>,
) => {
  const { pet, etag, names } = await withClient(flags, async (client) => ({
    ...(await work(client)),
    names: await namesFor(client, flags.json),
  }));
  printOutcome(
    pet,
    () => petDetails(pet, { etag, category: names?.get(pet.categoryId), baseUrl: flags.url }),
    flags.json,
  );
};

export function petsCommand(): Command {
  const pets = new Command('pets');

  withClientOptions(
    withListOptions(
      withPetFilterOptions(
        pets
          .command('list')
          .description(
            'List pets, filtered and sorted as asked: one page (the first, or the one --cursor names), or ' +
              'every page with --all',
          ),
      ).addOption(
        new Option(
          '--sort <sort>',
          'Order, by default id; updatedAt is the oldest change first, to sync; -updatedAt and -createdAt ' +
            'the newest first',
        ).choices(petSorts),
      ),
      'pets',
    ),
  ).action(async (flags: ClientFlags & ListFlags & PetFilterFlags & { sort?: PetSort }) => {
    const { sort, limit, cursor } = flags;
    // Sorted by change, the listing is a sync: its last page says where a later run takes it up.
    const resumed = sort === 'updatedAt' ? 'the pets changed since' : undefined;
    await withClient(flags, async (client) => {
      const filters = await petFiltersFor(client, flags);
      const petRow = petRowOf(await namesFor(client, flags.json));
      // The page's own Link header says whether more follow: no request for the next page.
      if (!flags.all) {
        const page = await client.listPetsPage({ ...filters, sort, limit, cursor });
        return printPage(page, 'pets', petRow, flags.json, resumed);
      }
      const sync = resumed ? client.syncPets({ ...filters, limit, cursor }) : undefined;
      const collected: Pet[] = [];
      const progress = progressBar('Fetched {value} pets…', 0, flags.json);
      try {
        for await (const pet of sync ?? client.listAllPets({ ...filters, sort, limit, cursor }))
          progress.update(collected.push(pet));
      } finally {
        progress.stop();
      }
      printFound(collected, petRow, flags.json);
      // On stderr under --json too: the array of pets on stdout has no place for it, and a script needs it.
      if (sync?.cursor && resumed) printResumeHint(sync.cursor, resumed);
    });
  });

  withClientOptions(
    withNewPetOptions(
      pets
        .command('add')
        .description(
          'Add a pet, with as much of its profile as is known (sent with an Idempotency-Key, so retries ' +
            'never add it twice)',
        ),
    ),
  ).action(async (flags: ClientFlags & PetFlags) => {
    const body = petBodyOf(flags) as NewPet;
    await printPetOf(flags, async (client) => ({ pet: await client.createPet(body) }));
  });

  withClientOptions(
    pets
      .command('get')
      .description(
        `Show one pet (deprecated by the API: removed on ${dayInWords(getPetRetirement.sunsetAt)}; use list --status)`,
      )
      .argument('<id>', 'Pet id', positiveInteger('id')),
  ).action(async (id: number, flags: ClientFlags) => {
    // getPetWithEtag is deprecated with getPet: offered until the operation's sunset.
    await printPetOf(flags, (client) => client.getPetWithEtag(id));
  });

  withClientOptions(
    withPetChangeOptions(
      pets
        .command('update')
        .description(
          'Change a pet: the fields given, and those --clear names; the others stay as they are. With ' +
            '--if-match, only if nobody changed it since you read it',
        )
        .argument('<id>', 'Pet id', positiveInteger('id')),
    ),
  ).action(async (id: number, flags: ClientFlags & PetFlags & { ifMatch?: string }) => {
    const patch = petBodyOf(flags);
    if (Object.keys(patch).length === 0)
      throw usageError('nothing to change: give a field (--name, --size, --good-with …) or --clear');
    await printPetOf(flags, (client) => client.updatePetWithEtag(id, patch, { ifMatch: flags.ifMatch }));
  });

  withClientOptions(
    pets
      .command('remove')
      .description(
        'Remove a pet that left other than by adoption: it leaves every listing, and its id is never used again',
      )
      .argument('<id>', 'Pet id', positiveInteger('id'))
      .option('--yes', 'Remove it without asking (asked only when the input is a terminal)'),
  ).action(async (id: number, flags: ClientFlags & { yes?: boolean }) => {
    // Asked on a terminal only (confirm.ts); the service still refuses a pet with an open order.
    if (!(await confirmed(`Remove pet ${id}? It cannot be undone. [y/N] `, flags.yes)))
      throw usageError(`pet ${id} was not removed: answer y to remove it, or pass --yes`);
    await withClient(flags, (client) => client.removePet(id));
    printOutcome({ id, removed: true }, () => `Removed pet ${id}`, flags.json);
  });

  for (const command of bulkCommands()) pets.addCommand(command);
  pets.addCommand(photosCommand());
  return pets;
}
