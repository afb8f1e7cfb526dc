// Opens the store the command's flags name, runs one piece of work with the services, and closes it.
import type { Command } from 'commander';
import { createServices } from '../app.js';
import type { Services } from '../http/fastify-types.js';
import { openStore } from '../store/open-store.js';
import { configFrom } from './settings-options.js';

export async function withServices<T>(
  command: Command,
  work: (services: Services) => Promise<T>,
): Promise<T> {
  const config = configFrom(command);
  const store = await openStore(config);
  try {
    return await work(await createServices(config, store));
  } finally {
    await store.close();
  }
}
