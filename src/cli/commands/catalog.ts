// `petstore categories ...` and `petstore breeds ...`: the catalogue as an API user manages it, over HTTP through
// the SDK (reading needs pets:read, changing it catalog:write), like `petstore pets`.
import { existsSync } from 'node:fs';
import { Command } from 'commander';
import type { Breed, Category } from '@petstore/client';
import { usageError } from '../cli-error.js';
import { withClient, withClientOptions, type ClientFlags } from '../client-options.js';
import { positiveInteger } from '../option-parsers.js';
import { printFound } from '../print-table.js';

const entryRow = ({ id, name }: Category | Breed) => ({ id, name });
const categoryId = ['<categoryId>', 'Category id', positiveInteger('categoryId')] as const;

export function categoriesCommand(): Command {
  const categories = new Command('categories');

  withClientOptions(categories.command('list').description('List every category, in id order')).action(
    async (flags: ClientFlags) => {
      printFound(await withClient(flags, (client) => client.listCategories()), entryRow, flags.json);
    },
  );

  withClientOptions(
    categories
      .command('add')
      .description('Add a category; a name another one holds, in any case, is refused')
      .argument('<name>', 'Its name, 1 to 100 characters'),
  ).action(async (name: string, flags: ClientFlags) => {
    printFound(await withClient(flags, (client) => client.createCategory(name)), entryRow, flags.json);
  });

  withClientOptions(
    categories
      .command('rename')
      .description('Rename a category; its pets keep its id')
      .argument('<id>', 'Category id', positiveInteger('id'))
      .argument('<name>', 'Its new name, 1 to 100 characters'),
  ).action(async (id: number, name: string, flags: ClientFlags) => {
    printFound(await withClient(flags, (client) => client.renameCategory(id, name)), entryRow, flags.json);
  });

  return categories;
}

export function breedsCommand(): Command {
  const breeds = new Command('breeds');

  withClientOptions(
    breeds
      .command('list')
      .description('List the breeds of a category, in name order')
      .argument(...categoryId),
  ).action(async (id: number, flags: ClientFlags) => {
    printFound(await withClient(flags, (client) => client.listBreeds(id)), entryRow, flags.json);
  });

  withClientOptions(
    breeds
      .command('add')
      .description('Add a breed to a category; a name the category has, in any case, is refused')
      .argument(...categoryId)
      .argument('<name>', 'Its name, 1 to 100 characters'),
  ).action(async (id: number, name: string, flags: ClientFlags) => {
    printFound(await withClient(flags, (client) => client.createBreed(id, name)), entryRow, flags.json);
  });

  withClientOptions(
    breeds
      .command('import')
      .description(
        'Add the breeds a file names to a category: one name a line, or a .csv file whose first column is the ' +
          'name (a header row `name` or `breed` is skipped). Names the category has already are counted, not ' +
          'sent. Exit code 0: every name is in; 2: the service refused some (listed on stderr); 1: stopped',
      )
      .argument(...categoryId)
      .argument('<file>', 'The file of breed names'),
  ).action(async (id: number, file: string, flags: ClientFlags) => {
    if (!existsSync(file)) throw usageError(`no such file: ${file}`);
    // Loaded here: the CSV reader is for the import alone.
    const { readBreedFile } = await import('../bulk/breed-file.js');
    const { importBreeds } = await import('../bulk/import-breeds.js');
    const lines = await readBreedFile(file);
    const summary = await withClient(flags, (client) => importBreeds(client, id, lines));
    if (summary.rejected.length > 0) process.exitCode = 2;
    if (flags.json) return console.log(JSON.stringify({ file, categoryId: id, ...summary }));
    for (const { line, message } of summary.rejected) console.error(`petstore: line ${line}: ${message}`);
    const { names, added, alreadyPresent, rejected } = summary;
    console.log(
      `${names} breeds: ${added} added, ${alreadyPresent} already present` +
        (rejected.length > 0 ? `, ${rejected.length} refused` : ''),
    );
  });

  return breeds;
}
