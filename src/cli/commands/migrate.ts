// `petstore migrate`: brings the database's schema up to date.
import { Command } from 'commander';
import { printOutcome } from '../print-table.js';
import { addSettingOptions, configFrom, storeSettings } from '../settings-options.js';

export const migrateCommand = (): Command =>
  addSettingOptions(
    new Command('migrate').option('--json', 'Print one JSON object: the migrations applied'),
    storeSettings,
  ).action(async (options: { json?: boolean }, command: Command) => {
    // Loaded here: the drivers, which --help needs none of.
    const { migrateToLatest } = await import('../../store/migrations/index.js');
    const { openStore } = await import('../../store/open-store.js');
    const store = await openStore({ ...configFrom(command), migrate: false }, { create: true });
    try {
      const applied = await migrateToLatest(store);
      printOutcome(
        { applied },
        () => (applied.length ? `Applied: ${applied.join(', ')}` : 'The database is up to date.'),
        options.json,
      );
    } finally {
      await store.close();
    }
  });
