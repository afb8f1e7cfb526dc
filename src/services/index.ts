// The services' composition root: every use case of the service, built over one store. The HTTP app and the
// CLI both compose the service through here; neither needs the other.
import type { Config } from '../config.js';
import { redisPrefixOf, type RateLimiter } from '../limits/index.js';
import type { Store } from '../store/store.js';
import { storeVersion, type DataVersion } from './data-version.js';
import { postgresVersion } from './postgres-version.js';
import { createRedisVersion } from './redis-version.js';
import { createApiKeysService, type ApiKeysService } from './api-keys-service.js';
import { createEventsService, type EventsService } from './events-service.js';
import { createIdempotency, type Idempotency } from './idempotency.js';
import { createKeyLimitsService, type KeyLimitsService } from './key-limits-service.js';
import { createOrdersService, type OrdersService } from './orders-service.js';
import { createPetsService, type PetsService } from './pets-service.js';
import { createWebhooksService, type WebhooksService } from './webhooks-service.js';
import { checkingVersionHome } from './version-home.js';

export interface Services {
  pets: PetsService;
  orders: OrdersService;
  apiKeys: ApiKeysService;
  keyLimits: KeyLimitsService;
  idempotency: Idempotency;
  events: EventsService;
  webhooks: WebhooksService;
  /** What read caches are valid under; closed with the services. */
  dataVersion: DataVersion;
}

/** SQLite's own change token; on PostgreSQL a version in Redis when there is one, else a sequence. */
async function dataVersionOf(config: Config, store: Store, limiter?: RateLimiter): Promise<DataVersion> {
  if (store.dialect === 'sqlite') return storeVersion(store);
  if (!config.redisUrl) return postgresVersion(store);
  return createRedisVersion({
    url: config.redisUrl,
    keys: {
      data: `${redisPrefixOf(config)}:data-version:${store.schema ?? ''}`,
      keys: `${redisPrefixOf(config)}:key-version:${store.schema ?? ''}`,
    },
    timeoutMs: config.redisTimeoutMs,
    limiter,
  });
}

export interface ServicesOptions {
  /**
   * False only to measure what the event outbox costs a creation (src/app.ts, LeftOut): `POST /v1/pets`
   * then writes no `pet.created` event. No setting reaches it.
   */
  petEvents?: boolean;
  /**
   * True for a command run beside the servers (the CLI): its writes are refused when the servers keep their
   * versions somewhere else (version-home.ts).
   */
  besideServers?: boolean;
}

export async function createServices(
  config: Config,
  store: Store,
  clock: () => number = Date.now,
  limiter?: RateLimiter,
  { petEvents = true, besideServers = false }: ServicesOptions = {},
): Promise<Services> {
  const ownVersion = await dataVersionOf(config, store, limiter);
  const dataVersion = besideServers ? checkingVersionHome(ownVersion, config, store) : ownVersion;
  const apiKeys = createApiKeysService(store, config.env, dataVersion, clock);
  const idempotency = createIdempotency(
    store,
    { ttlMs: config.idempotencyTtlSeconds * 1000, waitMs: config.idempotencyWaitMs },
    clock,
  );
  return {
    pets: await createPetsService(store, idempotency, dataVersion, clock, petEvents),
    orders: await createOrdersService(store, idempotency, dataVersion, clock),
    apiKeys,
    keyLimits: createKeyLimitsService(apiKeys, limiter, clock),
    idempotency,
    events: await createEventsService(store, config.eventRetentionDays * 86_400_000, clock),
    webhooks: createWebhooksService(store, config, clock),
    dataVersion,
  };
}
