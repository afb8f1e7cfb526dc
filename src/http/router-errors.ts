// Errors the router raises before any route is found (Fastify's `frameworkErrors`): a path that is not
// valid percent-encoding, or a path parameter over the router's length limit. They get the same answer as
// any other error: a catalogue body, X-Request-Id and the secure headers, a log line and the request
// metrics (no route's hooks run for them). Under /v1 the request first goes through the hooks of every /v1
// route, authenticated and counted like any /v1 request, so it also carries the rate-limit headers; under
// /v1/photos/, served without a key, through the hooks of the photo downloads instead.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { maxParamLength } from '../domain/path-parameters.js';
import { photoPathPrefix } from '../domain/photo.js';
import { ApiError } from '../errors/api-error.js';
import type { DeprecatedPaths } from './deprecation.js';
import { logApiError, sendApiError, toApiError } from './error-handler.js';
import { observeRequest } from './request-metrics.js';
import { setStandardHeaders } from './standard-headers.js';

/** What the router's error means in the catalogue. The path itself is never echoed: it may be huge. */
export function routerErrorOf(error: FastifyError): ApiError {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return new ApiError('uri_too_long', maxParamLength);
  if (error.code === 'FST_ERR_BAD_URL')
    return new ApiError('bad_request', 'the path is not valid percent-encoding');
  return new ApiError('bad_request', 'the request could not be routed');
}

/** An onRequest hook of every /v1 route. */
export type V1Hook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * The API port's `frameworkErrors`. `v1Hooks` are the very hooks every /v1 route runs on request; Fastify
 * takes this answer before the services those hooks need exist, so the app fills the list in afterwards, as
 * the routes fill `deprecatedPaths` in as they register.
 */
export function answerRouterErrors(
  v1Hooks: readonly V1Hook[],
  deprecatedPaths: DeprecatedPaths,
  photoHooks: readonly V1Hook[] = [],
) {
  return async function answerRouterError(
    error: FastifyError,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<void> {
    const started = performance.now();
    setStandardHeaders(request, reply);
    const deprecation = deprecatedPaths.headersFor(request.url);
    if (deprecation) reply.headers(deprecation);
    let answer = routerErrorOf(error);
    let cause: unknown = error;
    if (/^\/v1(\/|$)/.test(request.url)) {
      try {
        for (const hook of request.url.startsWith(photoPathPrefix) ? photoHooks : v1Hooks)
          await hook(request, reply);
      } catch (refusal) {
        // A refused key or an exhausted budget is answered first, as for every other /v1 request.
        answer = toApiError(refusal, request, request.server.config.bodyLimit);
        cause = refusal;
      }
    }
    logApiError(request, answer, cause);
    sendApiError(reply, answer);
    observeRequest(request.server.metrics, request, reply.statusCode, (performance.now() - started) / 1000);
  };
}
