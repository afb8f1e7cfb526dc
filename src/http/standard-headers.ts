// The headers every response carries, on the API's port and the metrics port alike, the router's own errors
// included: the secure headers, and X-Request-Id so that any answer can be found in the logs.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { secureHeaders } from './security.js';

export const setStandardHeaders = (request: FastifyRequest, reply: FastifyReply): FastifyReply =>
  reply.headers(secureHeaders).header('x-request-id', request.id);

/** Sets them on every response of `app`, on request, so that every error raised later keeps them. */
export function sendStandardHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    setStandardHeaders(request, reply);
    done();
  });
}
