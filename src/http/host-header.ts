// An HTTP/1.1 request must name its host (RFC 9112, section 3.2). Node refuses one that does not by itself,
// with an empty 400 that no log or metric sees; the service refuses it here instead, as every other error:
// in the Error shape, with the standard headers, logged and counted, and the connection closed as Node does.
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../errors/api-error.js';

/** Node's HTTP server options that leave the check to `requireHost`. */
export const hostCheckedByApp = { requireHostHeader: false };

/** Refuses, on request, an HTTP/1.1 request without Host; HTTP/1.0 needs none. */
export function requireHost(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    if (request.headers.host !== undefined || request.raw.httpVersion !== '1.1') return done();
    reply.header('connection', 'close');
    done(new ApiError('bad_request', 'An HTTP/1.1 request must carry a Host header'));
  });
}
