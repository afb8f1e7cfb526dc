// The /metrics endpoint, as an app of its own for its own port: it never shares the API's port, so it
// needs no key there and cannot be reached through the load balancer in front of the API.
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { ApiError } from '../errors/api-error.js';
import { sendApiError } from '../http/error-handler.js';

export interface MetricsSource {
  contentType: string;
  /** The text exposition of every metric, read at scrape time. */
  metrics(): Promise<string>;
}

export function buildMetricsApp(source: MetricsSource, logLevel: string): FastifyInstance {
  // Scrapes come every few seconds: logging each would drown the API's own lines.
  const app = Fastify({
    logger: { level: logLevel },
    logController: new LogController({ disableRequestLogging: true }),
  });
  app.get('/metrics', async (request, reply) => {
    try {
      return reply.type(source.contentType).send(await source.metrics());
    } catch (error) {
      // In a cluster, a worker that does not answer (one dying, say) fails the whole collection.
      request.log.warn({ err: error }, 'metrics could not be collected');
      return sendApiError(reply, new ApiError('service_unavailable', 'the metrics could not be collected'));
    }
  });
  app.setNotFoundHandler((request, reply) =>
    sendApiError(reply, new ApiError('route_not_found', `${request.method} ${request.url.split('?')[0]}`)),
  );
  return app;
}
