// The parser of a body sent without Content-Type, which Fastify reads only when it is chunked or declares a
// length. On an operation that takes no body, an empty one is no body, as `Content-Length: 0` already is;
// any other is refused with 415, as Fastify refuses a body it has no parser for.
import { errorCodes, type FastifyInstance } from 'fastify';
import { bodyMayBeLeftOut } from './schemas/no-fields-body.js';

const unsupported = () => new errorCodes.FST_ERR_CTP_INVALID_MEDIA_TYPE();

/** Registers the catch-all parser: it also meets every media type no other parser takes. */
export function parseUntypedBodies(app: FastifyInstance): void {
  app.addContentTypeParser('*', (request, payload, done) => {
    // An unknown path is answered as such, whatever its body.
    if (request.is404) return done(null);
    if (request.headers['content-type'] !== undefined || !bodyMayBeLeftOut(request.routeOptions.schema))
      return done(unsupported());
    let settled = false;
    const settle = (error: Error | null) => {
      if (settled) return;
      settled = true;
      done(error);
    };
    payload.once('data', () => settle(unsupported()));
    payload.once('end', () => settle(null));
    payload.once('error', settle);
  });
}
