// Listens on the metrics port when one is configured, serving this process's metrics or, in a
// primary, the sum over its workers; and, in a worker, reports to that primary.
import type { FastifyInstance } from 'fastify';
import { AggregatorRegistry, type Registry } from 'prom-client';
import type { Config } from '../config.js';
import { buildMetricsApp, type MetricsSource } from '../http/metrics-app.js';

export async function listenForMetrics(
  config: Config,
  source: MetricsSource,
): Promise<FastifyInstance | undefined> {
  if (config.metricsPort === 0) return undefined;
  const app = buildMetricsApp(source, config.logLevel);
  await app.listen({
    port: config.metricsPort,
    host: config.metricsHost,
    // Not "Server listening": that line announces the API's own address.
    listenTextResolver: (address) => `Metrics served at ${address}/metrics`,
  });
  return app;
}

/** In a worker: answers the primary's requests for metrics (over IPC) with this registry's. */
export function reportMetricsToPrimary(registry: Registry): void {
  AggregatorRegistry.setRegistries([registry]);
  // Constructing one installs the worker's IPC listener.
  new AggregatorRegistry();
}
