// Counts and times every answered request for the metrics, labelled by route pattern rather than URL.
import type { FastifyInstance } from 'fastify';
import type { Metrics } from '../metrics/metrics.js';

export function recordRequestMetrics(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onResponse', (request, reply, done) => {
    // Unknown paths share one label, or a scan of random URLs would create a series each.
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.observeRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
}
