// The /metrics endpoint, as an app of its own for its own port: it never shares the API's port, so it
// needs no key there and cannot be reached through the load balancer in front of the API.
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { ApiError } from '../errors/api-error.js';
import { answerClientErrors } from './client-errors.js';
import { installErrorHandlers, sendApiError } from './error-handler.js';
import { logRedactions } from './log-redaction.js';
import { requestIdOf } from './request-id.js';
import { requestTimeoutOptions } from './request-timeout.js';
import { routerErrorOf } from './router-errors.js';
import { sendStandardHeaders, setStandardHeaders } from './standard-headers.js';

export interface MetricsSource {
  contentType: string;
  /** The text exposition of every metric, read at scrape time. */
  metrics(): Promise<string>;
}

/** A scrape is a GET without a body: far less than this to arrive, and a client that takes longer is cut off. */
const scrapeTimeoutMs = 10_000;

export function buildMetricsApp(
  source: MetricsSource,
  logLevel: string,
  logStream?: DestinationStream,
): FastifyInstance {
  // Scrapes come every few seconds: logging each would drown the API's own lines.
  const app = Fastify({
    logger: {
      level: logLevel,
      redact: { paths: logRedactions, censor: '[redacted]' },
      ...(logStream ? { stream: logStream } : {}),
    },
    genReqId: requestIdOf,
    // The same rules as the API's port: the router's own errors are catalogue bodies, paths never echoed.
    frameworkErrors: (error, request, reply) =>
      sendApiError(setStandardHeaders(request, reply), routerErrorOf(error)),
    ...requestTimeoutOptions(scrapeTimeoutMs),
    clientErrorHandler: answerClientErrors(scrapeTimeoutMs),
    logController: new LogController({ disableRequestLogging: true }),
  });
  sendStandardHeaders(app);
  // Fastify fills in its default body limit.
  installErrorHandlers(app, app.initialConfig.bodyLimit!);
  app.get('/metrics', async (request, reply) => {
    try {
      return reply.type(source.contentType).send(await source.metrics());
    } catch (error) {
      // In a cluster, a worker that does not answer (one dying, say) fails the whole collection.
      request.log.warn({ err: error }, 'metrics could not be collected');
      return sendApiError(reply, new ApiError('service_unavailable', 'the metrics could not be collected'));
    }
  });
  return app;
}
