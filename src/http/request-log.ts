// One log line per request, when it completes: method, route, status, latency and key id; the key itself is
// never logged, nor the query's values on a route that carries personal data. (A child logger per request
// would carry the key id too, at several percent of the CPU.)
import { redactKeys } from '../domain/api-key-format.js';
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/** The URL with each query value replaced by `…`: `/v1/applicants?email=…`. */
const withoutQueryValues = (url: string) => url.replace(/\?.*$/, (query) => query.replace(/=[^&]*/g, '=…'));

export class RequestLog extends LogController {
  constructor() {
    super({ requestIdLogLabel: 'requestId' });
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply): void {
    const line = {
      method: request.method,
      route: request.routeOptions.url ?? null,
      url: redactKeys(
        request.routeOptions.config?.personalData ? withoutQueryValues(request.url) : request.url,
      ),
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 100) / 100,
      keyId: request.apiKey?.id,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
