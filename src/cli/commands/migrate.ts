// `petstore migrate`: brings the database's schema up to date.
import { Command } from 'commander';
import { migrateToLatest } from '../../store/migrations/index.js';
import { openStore } from '../../store/open-store.js';
import { addSettingOptions, configFrom, storeSettings } from '../settings-options.js';

export const migrateCommand = (): Command =>
  addSettingOptions(
    new Command('migrate').description('Apply pending database migrations'),
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
