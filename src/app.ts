// buildApp(config, store): a ready Fastify instance with every plugin and route, not yet listening.
// The server, the CLI, the tests and the benchmarks all build the service through here.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import { authenticate } from './http/auth.js';
import { installErrorHandlers } from './http/error-handler.js';
import './http/fastify-types.js';
import type { Services } from './http/fastify-types.js';
import { allowOnly } from './http/method-not-allowed.js';
import { registerDocsRoutes, registerOpenApi } from './http/openapi.js';
import { echoRequestId, requestIdOf } from './http/request-id.js';
import { RequestLog } from './http/request-log.js';
import { recordRequestMetrics } from './http/request-metrics.js';
import { ErrorSchema } from './http/schemas/error.js';
import { corsOriginsOf, registerSecurity } from './http/security.js';
import { createValidatorCompiler } from './http/validation.js';
import { healthRoutes } from './routes/health.js';
import { petsRoutes } from './routes/pets/index.js';
import { sharedPetSchemas } from './routes/pets/schemas.js';
import { createRateLimiter, type RateLimiter } from './limits/index.js';
import { limitByKey } from './http/rate-limit.js';
import { createKeyLimitsService } from './services/key-limits-service.js';
import { countLimiterEvents } from './metrics/limiter-events.js';
import { createMetrics } from './metrics/metrics.js';
import { createApiKeysService } from './services/api-keys-service.js';
import { createIdempotency, schedulePruning } from './services/idempotency.js';
import { createPetsService } from './services/pets-service.js';
import type { Store } from './store/store.js';

export interface AppOptions {
  config: Config;
  store: Store;
  /** Time source, replaceable in tests. */
  clock?: () => number;
}

export async function createServices(
  config: Config,
  store: Store,
  clock: () => number = Date.now,
  limiter?: RateLimiter,
): Promise<Services> {
  const apiKeys = createApiKeysService(store, config.env, clock);
  const idempotency = createIdempotency(
    store,
    { ttlMs: config.idempotencyTtlSeconds * 1000, waitMs: config.idempotencyWaitMs },
    clock,
  );
  return {
    pets: await createPetsService(store, idempotency, clock),
    apiKeys,
    keyLimits: createKeyLimitsService(apiKeys, limiter, clock),
    idempotency,
  };
}

/** Fastify's trustProxy from the setting: off, a hop count, or the proxies' addresses and CIDRs. */
function trustProxyOf(setting: string): boolean | string | ((address: string, hop: number) => boolean) {
  if (setting === '') return false;
  if (!/^\d+$/.test(setting)) return setting;
  const hops = Number(setting);
  return (_address, hop) => hop < hops;
}

export async function buildApp({ config, store, clock = Date.now }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      // Keys travel only in this header; it is never logged, whatever serializers are added later.
      redact: { paths: ['req.headers.authorization', 'headers.authorization'], censor: '[redacted]' },
    },
    bodyLimit: config.bodyLimit,
    // The client address (anonymous rate-limit budget) is taken from X-Forwarded-For only behind these proxies.
    trustProxy: trustProxyOf(config.trustProxy),
    genReqId: requestIdOf,
    logController: new RequestLog(),
    return503OnClosing: true,
    forceCloseConnections: 'idle',
  }).withTypeProvider<TypeBoxTypeProvider>();

  // Bans are recorded on the key, through the services built just below (called only while serving).
  const limiter = config.rateLimits
    ? await createRateLimiter(config, {
        log: app.log,
        clock,
        recordBan: (keyId, ban) => services.apiKeys.ban(keyId, ban),
      })
    : undefined;
  const services = await createServices(config, store, clock, limiter);
  app.decorate('config', config);
  app.decorate('store', store);
  app.decorate('services', services);
  app.decorate('rateLimiter', limiter);
  app.decorate('metrics', createMetrics(store));
  if (limiter) limiter.observe(countLimiterEvents(app.metrics));
  app.decorateRequest('apiKey', undefined);

  const sharedSchemas = [ErrorSchema, ...sharedPetSchemas];
  app.setValidatorCompiler(createValidatorCompiler(sharedSchemas));
  // JSON is the only body the API takes; anything else is 415 rather than a confusing validation error.
  app.removeContentTypeParser(['text/plain']);
  echoRequestId(app);
  recordRequestMetrics(app, app.metrics);
  installErrorHandlers(app, config.bodyLimit);

  const corsOrigins = corsOriginsOf(config.corsOrigins);
  await registerSecurity(app, corsOrigins);
  await registerOpenApi(app, config);
  for (const schema of sharedPetSchemas) app.addSchema(schema);

  await app.register(healthRoutes);
  await registerDocsRoutes(app);

  const baseUrl = config.publicUrl || '/v1';
  await app.register(
    async (v1) => {
      v1.addHook('onRequest', authenticate(services.apiKeys, limiter));
      if (limiter) v1.addHook('onRequest', limitByKey(limiter));
      await v1.register(petsRoutes, { baseUrl, replacementDocs: `${baseUrl}/docs#/pets/listPets` });
    },
    { prefix: '/v1' },
  );
  allowOnly(app, '/v1/pets', ['GET', 'POST'], corsOrigins.length > 0);
  allowOnly(app, '/v1/pets/:petId', ['GET'], corsOrigins.length > 0);

  const stopPruning = schedulePruning(services.idempotency, config.idempotencyPruneIntervalMs, (err) =>
    app.log.error({ err }, 'pruning expired idempotency records failed'),
  );
  app.addHook('onClose', async () => {
    stopPruning();
    await limiter?.close();
    await store.close();
  });
  return app;
}
