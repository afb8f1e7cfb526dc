// Counts and times every answered request for the metrics, labelled by route pattern rather than URL.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Metrics } from '../metrics/metrics.js';

/** Records one answered request; also called for the router's own errors, which no onResponse hook sees. */
export function observeRequest(
  metrics: Metrics,
  request: FastifyRequest,
  status: number,
  seconds: number,
): void {
  // Unknown paths share one label, or a scan of random URLs would create a series each.
  metrics.observeRequest(request.method, request.routeOptions.url ?? 'unmatched', status, seconds);
}

export function recordRequestMetrics(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onResponse', (request, reply, done) => {
    observeRequest(metrics, request, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
}
