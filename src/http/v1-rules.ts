// Rules every /v1 operation follows, applied where its route is registered so that new operations follow
// them too: an operation without query parameters takes none, one without a body takes none with fields, an
// empty path parameter is no route, a path parameter over the router's limit is documented as 414, and
// unknown paths are answered after authentication and counting, like every /v1 request (docs/decisions.md).
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, preValidationAsyncHookHandler } from 'fastify';
import { routeNotFound, sendApiError } from './error-handler.js';
import { errorResponse } from './schemas/error.js';
import { noFieldsBody } from './schemas/no-fields-body.js';

// A trailing slash leaves a path parameter empty: `/v1/pets/` names no pet and is no listing either.
const refuseEmptyParameter: preValidationAsyncHookHandler = async (request) => {
  const params = request.params as Record<string, unknown>;
  for (const name in params) {
    if (params[name] === '') throw routeNotFound(request, ' (paths take no trailing slash)');
  }
};

// Methods whose requests carry a body; Fastify never reads the body of a GET or a HEAD.
const bodyMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const takesBody = (method: string | string[]) => [method].flat().some((m) => bodyMethods.has(m));

// Raised by the router before the route is known, so without any header of the operation's own, unless the
// operation documents its own 414 (a deprecated path's carries the deprecation headers).
const uriTooLong = errorResponse(414);

/** Called inside the /v1 plugin, before its routes are registered. */
export function applyV1Rules(v1: FastifyInstance): void {
  v1.addHook('onRoute', (route) => {
    // An operation without query parameters takes none: `?foo=1` is a 400, as on listPets.
    if (route.schema?.operationId && !route.schema.querystring) {
      route.schema = { ...route.schema, querystring: Type.Object({}, { additionalProperties: false }) };
    }
    // Nor a body field: `{"x":1}` is a 400 naming it, as on placeOrder, rather than ignored.
    if (route.schema?.operationId && !route.schema.body && takesBody(route.method)) {
      route.schema = { ...route.schema, ...noFieldsBody };
    }
    if (!route.url.includes(':')) return;
    route.preValidation = [
      refuseEmptyParameter,
      ...(route.preValidation ? [route.preValidation].flat() : []),
    ];
    if (route.schema?.operationId) {
      const { response } = route.schema as { response?: Record<string, unknown> };
      route.schema = { ...route.schema, response: { 414: uriTooLong, ...response } };
    }
  });
  v1.setNotFoundHandler((request, reply) => sendApiError(reply, routeNotFound(request)));
  // Answered as the request arrives, after the hooks above: its body is not read, so a body that is no JSON
  // cannot make an unknown path look like a bad request.
  v1.addHook('onRequest', (request, reply, done) => {
    if (request.is404) sendApiError(reply, routeNotFound(request));
    else done();
  });
}
