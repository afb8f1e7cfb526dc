// buildApp(config, store): a ready Fastify instance with every plugin and route, not yet listening.
// The server, the CLI, the tests and the benchmarks all build the service through here.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import { actOnBehalfOfRequests } from './http/acting.js';
import { authenticate } from './http/auth.js';
import { answerClientErrors } from './http/client-errors.js';
import { installErrorHandlers } from './http/error-handler.js';
import './http/fastify-types.js';
import { DeprecatedPaths } from './http/deprecation.js';
import { hostCheckedByApp, requireHost } from './http/host-header.js';
import { parseJsonBodies } from './http/json-body.js';
import { parseUntypedBodies } from './http/untyped-body.js';
import { answerOtherMethods, collectRouteMethods, routeEveryMethod } from './http/method-not-allowed.js';
import { applyV1Rules } from './http/v1-rules.js';
import { registerDocsRoutes, registerOpenApi } from './http/openapi.js';
import { requestIdOf } from './http/request-id.js';
import { RequestLog } from './http/request-log.js';
import { requestTimeoutOptions } from './http/request-timeout.js';
import { recordRequestMetrics } from './http/request-metrics.js';
import { answerRouterErrors, type V1Hook } from './http/router-errors.js';
import { ErrorSchema } from './http/schemas/error.js';
import { corsOriginsOf, refusePreflights, registerCors } from './http/security.js';
import { sendStandardHeaders } from './http/standard-headers.js';
import { enforceScopes } from './http/scopes.js';
import { createValidatorCompiler } from './http/validation.js';
import { maxParamLength } from './domain/path-parameters.js';
import { healthRoutes } from './routes/health.js';
import { indexRoutes } from './routes/index-route.js';
import { eventsRoutes } from './routes/events/index.js';
import { petsRoutes } from './routes/pets/index.js';
import { petPhotosRoutes } from './routes/photos/manage.js';
import { sharedPhotoSchemas } from './routes/photos/schemas.js';
import { photoFilesRoutes } from './routes/photos/serve.js';
import { sharedPetSchemas } from './routes/pets/schemas.js';
import { sharedEventSchemas } from './routes/events/schemas.js';
import { storeRoutes } from './routes/store/index.js';
import { applicantsRoutes } from './routes/applications/applicants.js';
import { applicationFormRoutes } from './routes/applications/form.js';
import { applicationsRoutes } from './routes/applications/index.js';
import { sharedApplicationSchemas } from './routes/applications/schemas.js';
import { sharedStoreSchemas } from './routes/store/schemas.js';
import { categoriesRoutes } from './routes/categories/index.js';
import { publicPages } from './web/index.js';
import { consolePages } from './web/console/index.js';
import { sharedCatalogSchemas } from './routes/categories/schemas.js';
import { shelterRoutes } from './routes/shelter/index.js';
import { shelterLogoRoutes } from './routes/shelter/logo.js';
import { sharedShelterSchemas } from './routes/shelter/schemas.js';
import { createRateLimiter } from './limits/index.js';
import { chargeAddress, limitByKey, limitPhotosByAddress } from './http/rate-limit.js';
import { countLimiterEvents } from './metrics/limiter-events.js';
import { createMetrics } from './metrics/metrics.js';
import { createServices } from './services/index.js';
import { schedulePruning } from './services/idempotency.js';
import { lastUsedGranularityMs } from './services/api-keys-service.js';
import { scheduleUsageFlush } from './services/key-usage.js';
import type { Store } from './store/store.js';
import type { DestinationStream } from 'pino';
import { logRedactions } from './http/log-redaction.js';
import { buildCachedSerializer } from './http/serializer-cache.js';

export interface AppOptions {
  config: Config;
  store: Store;
  /** Time source, replaceable in tests. */
  clock?: () => number;
  /** Where log lines go; standard output unless a test reads them. */
  logStream?: DestinationStream;
}

/** Fastify's trustProxy from the setting: off, a hop count, or the proxies' addresses and CIDRs. */
function trustProxyOf(setting: string): boolean | string | ((address: string, hop: number) => boolean) {
  if (setting === '') return false;
  if (!/^\d+$/.test(setting)) return setting;
  const hops = Number(setting);
  return (_address, hop) => hop < hops;
}

export async function buildApp({
  config,
  store,
  clock = Date.now,
  logStream,
}: AppOptions): Promise<FastifyInstance> {
  // The onRequest hooks of every /v1 request, filled in once the services exist; the router's own errors
  // under /v1 run the same ones.
  const v1Hooks: V1Hook[] = [];
  // Those of the photo downloads, served without a key: their own budget per address.
  const photoHooks: V1Hook[] = [];
  const deprecatedPaths = new DeprecatedPaths();
  const timeouts = requestTimeoutOptions(config.requestTimeoutMs);
  const app = Fastify({
    logger: {
      level: config.logLevel,
      // Keys travel only in this header; it is never logged, whatever serializers are added later.
      redact: { paths: logRedactions, censor: '[redacted]' },
      ...(logStream ? { stream: logStream } : {}),
    },
    bodyLimit: config.bodyLimit,
    // The client address (anonymous rate-limit budget) is taken from X-Forwarded-For only behind these proxies.
    trustProxy: trustProxyOf(config.trustProxy),
    genReqId: requestIdOf,
    logController: new RequestLog(),
    return503OnClosing: true,
    // The router's own errors (bad percent-encoding, an over-long path parameter) in the Error shape too.
    frameworkErrors: answerRouterErrors(v1Hooks, deprecatedPaths, photoHooks),
    // A whole request must arrive within the limit (a client trickling its body is cut off), and what Node's
    // HTTP parser refuses before Fastify sees it, that 408 included, is answered in the Error shape too.
    ...timeouts,
    http: { ...timeouts.http, ...hostCheckedByApp },
    clientErrorHandler: answerClientErrors(config.requestTimeoutMs),
    routerOptions: { maxParamLength },
    forceCloseConnections: 'idle',
    schemaController: { compilersFactory: { buildSerializer: buildCachedSerializer } },
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
  app.decorate('metrics', createMetrics(store, { storedPhotoBytes: () => services.photos.storedBytes() }));
  if (limiter) limiter.observe(countLimiterEvents(app.metrics));
  app.decorateRequest('apiKey', undefined);
  app.decorateRequest('dataVersion', undefined);
  actOnBehalfOfRequests(app);
  const corsOrigins = corsOriginsOf(config.corsOrigins);
  // While CORS is off, a preflight is told so, before the key it cannot carry is asked for.
  if (corsOrigins.length === 0)
    v1Hooks.push(refusePreflights(limiter && ((request, reply) => chargeAddress(limiter, request, reply))));
  v1Hooks.push(authenticate(services.apiKeys, services.speed, limiter, clock));
  if (limiter) v1Hooks.push(limitByKey(limiter));
  if (limiter) photoHooks.push(limitPhotosByAddress(limiter));

  // The resources' named schemas, referred to by the routes and listed as components of the document.
  const resourceSchemas = [
    ...sharedPhotoSchemas,
    ...sharedPetSchemas,
    ...sharedEventSchemas,
    ...sharedStoreSchemas,
    ...sharedCatalogSchemas,
    ...sharedApplicationSchemas,
    ...sharedShelterSchemas,
  ];
  app.setValidatorCompiler(createValidatorCompiler([ErrorSchema, ...resourceSchemas]));
  // JSON is the only body the API takes; anything else is 415 rather than a confusing validation error.
  app.removeContentTypeParser(['text/plain']);
  parseJsonBodies(app);
  parseUntypedBodies(app);
  sendStandardHeaders(app);
  requireHost(app);
  recordRequestMetrics(app, app.metrics);
  installErrorHandlers(app, config.bodyLimit);

  routeEveryMethod(app);
  deprecatedPaths.watch(app);
  const v1Routes = collectRouteMethods(app, '/v1/');
  await registerCors(app, corsOrigins, v1Routes.all);
  await registerOpenApi(app, config);
  for (const schema of resourceSchemas) app.addSchema(schema);

  await app.register(healthRoutes);
  await registerDocsRoutes(app);

  const baseUrl = config.publicUrl || '/v1';
  const pagesOn = config.publicPages === 'on';
  await app.register(indexRoutes, { baseUrl, ...(pagesOn ? { browsersTo: '/adopt' } : {}) });
  await app.register(
    async (v1) => {
      // Every /v1 request is authenticated and counted, unknown routes and wrong methods included, so that
      // each answer carries the key's rate-limit headers and a path scan spends the scanner's budget.
      for (const hook of v1Hooks) v1.addHook('onRequest', hook);
      // Route-level, so it runs after the hooks above: a refused request is counted like any other.
      enforceScopes(v1);
      applyV1Rules(v1);
      await v1.register(petsRoutes, { baseUrl, replacementDocs: `${baseUrl}/docs#/pets/listPets` });
      await v1.register(petPhotosRoutes);
      await v1.register(eventsRoutes, { baseUrl });
      await v1.register(storeRoutes, { baseUrl });
      await v1.register(categoriesRoutes, { baseUrl });
      await v1.register(shelterRoutes);
      await v1.register(shelterLogoRoutes);
      await v1.register(applicationsRoutes, { baseUrl, bodyLimit: config.applicationBodyLimit });
      await v1.register(applicationFormRoutes);
      await v1.register(applicantsRoutes);
      // Inside /v1, so that a 405 is authenticated and counted like any /v1 request.
      answerOtherMethods(v1, v1Routes, corsOrigins.length > 0);
    },
    { prefix: '/v1' },
  );
  // Beside /v1's keyed routes, not among them: photos are served without a key, on a budget of their own.
  await app.register(photoFilesRoutes, {
    prefix: '/v1',
    corsEnabled: corsOrigins.length > 0,
    photoHooks,
  });

  // The adoption pages, at the site's root beside /v1: off, every one of them is 404.
  if (pagesOn) await app.register(publicPages);
  // The staff console at /console (docs/console.md).
  await app.register(consolePages, { clock });

  const stopPruning = schedulePruning(services.idempotency, config.idempotencyPruneIntervalMs, (err) =>
    app.log.error({ err }, 'pruning expired idempotency records failed'),
  );
  const stopUsageFlush = scheduleUsageFlush(services.apiKeys.usage, lastUsedGranularityMs, (err) =>
    app.log.warn({ err }, 'recording when keys were last used failed; retried with the next batch'),
  );
  const stopEventPruning = schedulePruning(services.events, config.idempotencyPruneIntervalMs, (err) =>
    app.log.error({ err }, 'pruning old events failed'),
  );
  const stopRetention = schedulePruning(
    { prune: () => services.applicantData.eraseDue() },
    config.applicationRetentionIntervalMs,
    (err) => app.log.error({ err }, 'erasing applications past their retention date failed'),
  );
  app.addHook('onClose', async () => {
    stopPruning();
    stopEventPruning();
    stopRetention();
    await stopUsageFlush();
    await limiter?.close();
    await services.speed.close();
    await services.photoProcessing.close();
    await store.close();
  });
  return app;
}
