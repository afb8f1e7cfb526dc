// The process entry of `petstore serve`: open the store, build the app, listen, and close gracefully.
// With --workers N above 1, this process becomes the cluster primary and each worker comes back here.
import cluster from 'node:cluster';
import type { AddressInfo } from 'node:net';
import closeWithGrace from 'close-with-grace';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import type { Config } from './config.js';
import { startDeliveryWorker } from './webhook-delivery/delivery-worker.js';
import { collectProcessMetrics } from './metrics/metrics.js';
import { createWebhookMetrics } from './metrics/webhook-metrics.js';
import { runPrimary } from './server/cluster-primary.js';
import { consoleOriginOf, firstAdminBanner } from './server/first-admin.js';
import { baseUrlOf, firstKeyBanner, issueFirstKey } from './server/first-key.js';
import { listenForMetrics, reportMetricsToPrimary } from './server/metrics-listener.js';
import { openStore } from './store/open-store.js';
import { logStreamFor } from './server/log-stream.js';
import { recordVersionHome } from './speed/index.js';

/** How long in-flight requests may take to finish after SIGTERM or SIGINT. */
export const drainMs = 10_000;

/** Serves the API. */
export async function startServer(config: Config): Promise<void> {
  if (config.workers > 1 && cluster.isPrimary) return runPrimary(config, drainMs);
  const inWorker = cluster.isWorker;
  // The primary has migrated already: workers only check that the schema is not newer than the code.
  const store = await openStore(inWorker ? { ...config, migrate: false } : config);
  const app = await buildApp({ config, store, logStream: await logStreamFor() });
  await app.listen({ port: config.port, host: config.host }).catch(async (error: NodeJS.ErrnoException) => {
    await app.close();
    if (error.code !== 'EADDRINUSE') throw error;
    throw new Error(
      `${config.host} port ${config.port} is already in use (is another petstore serving there?): ` +
        'choose another with --port or PORT',
    );
  });
  app.log.info({ database: store.location, env: config.env }, 'petstore is serving');
  const refused = app.services.speed.writesRefused();
  if (refused) app.log.warn(`writes answer 503 until Redis answers (reads go on): ${refused}`);
  const otherHome = await recordVersionHome(config, store);
  if (otherHome) {
    app.log.warn(
      `the last instance of this deployment to start kept its cache versions in ${otherHome}: every ` +
        'instance, and every petstore command run against it, must have the same REDIS_URL and ' +
        'PETSTORE_REDIS_PREFIX, or the changes made on one go unseen by the others',
    );
  }
  const webhookMetrics = createWebhookMetrics(app.metrics.registry, store, Date.now);
  const delivery = config.webhookDelivery
    ? startDeliveryWorker({ store, config, log: app.log, metrics: webhookMetrics })
    : undefined;

  if (config.metricsPort > 0) collectProcessMetrics(app.metrics);
  let metricsApp: FastifyInstance | undefined;
  if (inWorker) {
    if (config.metricsPort > 0) reportMetricsToPrimary(app.metrics.registry);
    // A terminal's Ctrl-C reaches every process of the group; the primary relays it as SIGTERM, and a
    // second signal would cut the drain short.
    process.on('SIGINT', () => {});
  } else {
    metricsApp = await listenForMetrics(config, app.metrics.registry);
    const key = await issueFirstKey(app.services.apiKeys);
    const { port } = app.server.address() as AddressInfo;
    if (key) process.stdout.write(firstKeyBanner(key, baseUrlOf(config, port)));
    const adminLink = await app.services.staff.accounts.firstAdminLink();
    process.stdout.write(firstAdminBanner(adminLink, consoleOriginOf(config, port)));
  }

  closeWithGrace({ delay: drainMs, skip: inWorker ? ['SIGINT'] : [] }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'closing after an uncaught error');
    else app.log.info({ signal }, 'closing: finishing in-flight requests');
    await delivery?.stop();
    await Promise.all([app.close(), metricsApp?.close()]);
  });
}
