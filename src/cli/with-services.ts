// Opens the store the command's flags name, runs one piece of work with the services, and closes it. The
// store, its drivers, the services and Redis are loaded when the work runs, not when the command is built:
// `--help` needs none of them, and only the commands that read rate-limit counters load the limiter.
import type { Command } from 'commander';
import type { Services } from '../services/index.js';
import type { RateLimiter } from '../limits/index.js';
import { configFrom } from './settings-options.js';

export interface WorkContext {
  /** Why the key services cannot see rate-limit counters, when they cannot. */
  countersUnavailable?: string;
}

export interface WithServicesOptions {
  /** Connect to the rate-limit counters in Redis when REDIS_URL is set (keys show, keys unban). */
  limits?: boolean;
}

export async function withServices<T>(
  command: Command,
  work: (services: Services, context: WorkContext) => Promise<T>,
  { limits = false }: WithServicesOptions = {},
): Promise<T> {
  const config = configFrom(command);
  const [{ openStore }, { createServices }] = await Promise.all([
    import('../store/open-store.js'),
    import('../services/index.js'),
  ]);
  const store = await openStore(config, { create: false });
  let limiter: RateLimiter | undefined;
  const context: WorkContext = {};
  if (limits && !config.redisUrl) {
    context.countersUnavailable =
      'REDIS_URL is not set: counters are kept in the memory of the serving process, which this command cannot read';
  } else if (limits) {
    const [{ createRateLimiter }, { silentLog }] = await Promise.all([
      import('../limits/index.js'),
      import('../limits/log.js'),
    ]);
    limiter = await createRateLimiter(config, { log: silentLog, failOpen: false }).catch((error: Error) => {
      context.countersUnavailable = error.message;
      return undefined;
    });
  }
  let services: Services | undefined;
  try {
    services = await createServices(config, store, Date.now, limiter, { besideServers: true });
    return await work(services, context);
  } finally {
    await services?.speed.close();
    await services?.photoProcessing.close();
    await limiter?.close();
    await store.close();
  }
}
