// The primary of `serve --workers N`: prepares the database once, keeps N workers serving one port,
// replaces any that dies, and on SIGTERM or SIGINT lets every worker drain before it exits.
import cluster, { type Worker } from 'node:cluster';
import { once } from 'node:events';
import { pino } from 'pino';
import { AggregatorRegistry, Counter, Registry } from 'prom-client';
import type { Config } from '../config.js';
import { startClusterCounters } from '../limits/index.js';
import { createApiKeysService } from '../services/api-keys-service.js';
import { createIdempotency } from '../services/idempotency.js';
import { createWrites } from '../services/writes.js';
import { createStaff } from '../services/staff/index.js';
import type { FirstAdminLink } from '../services/staff/accounts.js';
import { uncached } from '../speed/index.js';
import { openStore } from '../store/open-store.js';
import { consoleOriginOf, firstAdminBanner } from './first-admin.js';
import { baseUrlOf, firstKeyBanner, issueFirstKey } from './first-key.js';
import { listenForMetrics } from './metrics-listener.js';

/** Restart delays for workers that die before they listen, so a broken start does not spin. */
const firstRestartDelayMs = 100;
const longestRestartDelayMs = 10_000;

export async function runPrimary(config: Config, drainMs: number): Promise<void> {
  const log = pino({ level: config.logLevel }).child({ role: 'primary' });

  // Migrations and the first key happen here, once, rather than racing in every worker.
  const store = await openStore(config);
  let firstKey: string | undefined;
  let adminLink: FirstAdminLink;
  let bannerShown = false;
  try {
    const idempotency = createIdempotency(store, {
      ttlMs: config.idempotencyTtlSeconds * 1000,
      waitMs: config.idempotencyWaitMs,
    });
    const writes = createWrites(store, uncached, idempotency);
    firstKey = await issueFirstKey(createApiKeysService(store, config.env, uncached, writes));
    adminLink = await (await createStaff(store, config, Date.now)).accounts.firstAdminLink();
  } finally {
    await store.close();
  }

  // Without Redis, the workers' rate-limit counters live here, so that they share one budget per key.
  if (config.rateLimits && !config.redisUrl) startClusterCounters();

  const workersRegistry = new AggregatorRegistry();
  const ownRegistry = new Registry();
  const restarts = new Counter({
    name: 'petstore_worker_restarts_total',
    help: 'Workers that died and were replaced',
    registers: [ownRegistry],
  });
  const metricsApp = await listenForMetrics(config, {
    contentType: workersRegistry.contentType,
    metrics: async () => (await workersRegistry.clusterMetrics()) + (await ownRegistry.metrics()),
  });

  let stopping = false;
  let failedStarts = 0;
  const listening = new WeakSet<Worker>();

  // On SQLite one process delivers webhooks: the first worker, then whichever replaces it. On PostgreSQL
  // every worker does, sharing the work through leases.
  let deliverer: Worker | undefined;
  const fork = () => {
    const delivers = config.webhookDelivery && (Boolean(config.databaseUrl) || !deliverer);
    const worker = cluster.fork({ PETSTORE_WEBHOOK_DELIVERY: String(delivers) });
    if (delivers && !config.databaseUrl) deliverer = worker;
    log.info({ worker: worker.id, pid: worker.process.pid, webhookDelivery: delivers }, 'worker started');
  };

  cluster.on('listening', (worker, address) => {
    listening.add(worker);
    failedStarts = 0;
    if (!bannerShown) {
      bannerShown = true;
      if (firstKey) process.stdout.write(firstKeyBanner(firstKey, baseUrlOf(config, address.port)));
      process.stdout.write(firstAdminBanner(adminLink, consoleOriginOf(config, address.port)));
    }
  });

  cluster.on('exit', (worker, code, signal) => {
    if (worker === deliverer) deliverer = undefined;
    if (stopping) return;
    const delay = listening.has(worker)
      ? 0
      : Math.min(firstRestartDelayMs * 2 ** failedStarts++, longestRestartDelayMs);
    log.error(
      { worker: worker.id, pid: worker.process.pid, code, signal, restartInMs: delay },
      'worker died',
    );
    restarts.inc();
    setTimeout(fork, delay);
  });

  for (let i = 0; i < config.workers; i++) fork();

  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'closing: every worker finishes its in-flight requests');
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);
    const exits = workers.map((worker) => once(worker, 'exit'));
    for (const worker of workers) worker.process.kill('SIGTERM');
    // Workers enforce the drain delay themselves; this only guards against one that is stuck.
    const deadline = setTimeout(() => {
      for (const worker of workers) worker.process.kill('SIGTERM');
    }, drainMs + 2_000);
    await Promise.all(exits);
    clearTimeout(deadline);
    await metricsApp?.close();
    log.info('all workers stopped');
    process.exit(0);
  };
  process.once('SIGTERM', (signal) => void stop(signal));
  process.once('SIGINT', (signal) => void stop(signal));
}
