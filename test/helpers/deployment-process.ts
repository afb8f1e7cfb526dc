// A fresh deployment on a backend, with a key issued in-process, ready to be served by a child process.
import { createServices } from '../../src/services/index.js';
import type { Config } from '../../src/config.js';
import { openStore } from '../../src/store/open-store.js';
import type { Store } from '../../src/store/store.js';
import type { Backend } from './backends.js';

/** The flags that point `petstore` at a deployment's data. */
export const storeArgs = (config: Config): string[] =>
  config.databaseUrl
    ? ['--database-url', config.databaseUrl, '--database-schema', config.databaseSchema]
    : ['--data-dir', config.dataDir];

export interface PreparedDeployment {
  config: Config;
  args: string[];
  key: string;
  /** Opens the deployment's store in this process, to check what a server stored. */
  open(): Promise<Store>;
  remove(): Promise<void>;
}

export async function prepareDeployment(backend: Backend): Promise<PreparedDeployment> {
  const { config, remove } = backend.freshDeployment();
  const store = await openStore(config);
  try {
    const { apiKeys } = await createServices(config, store);
    const { key } = await apiKeys.create({ name: 'e2e', plan: 'enterprise', perMinute: 1e6, perDay: 1e7 });
    return { config, args: storeArgs(config), key, open: () => openStore(config), remove };
  } finally {
    await store.close();
  }
}
