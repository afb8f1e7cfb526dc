// Turns every error, thrown or raised by Fastify, into the spec's Error body, and answers unknown routes.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { redactKeys } from '../domain/api-key-format.js';
import { ApiError } from '../errors/api-error.js';
import { errorCatalogue, type ErrorEntry } from '../errors/catalogue.js';
import { schemaRefusal } from './schema-refusals.js';
import { describeValidationErrors } from './validation.js';
import { cutToQuote, quotedLength } from './quoted.js';

/** Fastify's own error codes that a client can cause, and what they mean in the catalogue. */
function fromFastifyError(
  error: FastifyError,
  request: FastifyRequest,
  bodyLimit: number,
): ApiError | undefined {
  if (error.validation) {
    const values = error.validationContext === 'params' ? request.params : request.query;
    return (
      schemaRefusal(error.validation, values) ??
      new ApiError(
        'validation_failed',
        describeValidationErrors(error.validation, error.validationContext ?? ''),
      )
    );
  }
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new ApiError('unsupported_media_type', request.headers['content-type'] ?? '(none)');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      // A route may take larger bodies than the rest (a photo upload).
      return new ApiError('payload_too_large', request.routeOptions.bodyLimit ?? bodyLimit);
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new ApiError('malformed_json', 'the body is empty');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new ApiError('malformed_json', 'it could not be parsed');
  }
  // Parse errors, including prototype-poisoning attempts refused by the parser.
  if (error instanceof SyntaxError && error.statusCode === 400)
    return new ApiError('malformed_json', error.message);
  if (error.statusCode === 503) return new ApiError('service_unavailable', 'the instance is shutting down');
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return new ApiError('bad_request', error.message);
  }
  return undefined;
}

/** The 503 of a database that is lost or overloaded: it passes, and the client should retry. */
export const databaseUnavailable = (): ApiError =>
  new ApiError('service_unavailable', 'the database cannot be reached or did not answer in time');

export function toApiError(error: unknown, request: FastifyRequest, bodyLimit: number): ApiError {
  if (error instanceof ApiError) return error;
  // Never a 500 for a lost or overloaded database: it passes, and the client should retry. (The metrics
  // port has none.)
  if (request.server.hasDecorator('store') && request.server.store.isUnavailable(error)) {
    return databaseUnavailable();
  }
  return (
    fromFastifyError(error as FastifyError, request, bodyLimit) ?? new ApiError('internal_error', request.id)
  );
}

/** Seconds a client should wait before retrying after a 503; outages of the database or a restart are short. */
const retryAfterUnavailable = '1';

export function sendApiError(reply: FastifyReply, error: ApiError): FastifyReply {
  if (error.status === 503) reply.header('retry-after', retryAfterUnavailable);
  const { retryAfterSeconds } = errorCatalogue[error.code] as ErrorEntry;
  if (retryAfterSeconds !== undefined) reply.header('retry-after', String(retryAfterSeconds));
  return reply.code(error.status).type('application/json; charset=utf-8').send(error.toBody());
}

/**
 * The log line of an error answer: a fault at error level with its cause, a refusal the service chose (a 503
 * while Redis is away) at warn, without a stack that would say nothing more, a client's mistake at info.
 */
export function logApiError(request: FastifyRequest, apiError: ApiError, cause: unknown): void {
  const keyId = request.apiKey?.id;
  if (apiError.status >= 500 && cause !== apiError)
    request.log.error({ err: cause, keyId }, 'request failed');
  else if (apiError.status >= 500) request.log.warn({ code: apiError.code, keyId }, apiError.message);
  else request.log.info({ code: apiError.code, keyId }, apiError.message);
}

/** The error and 404 handlers of both listeners, the API's port and the metrics port. */
export function installErrorHandlers(app: FastifyInstance, bodyLimit: number): void {
  app.setErrorHandler((error, request, reply) => {
    const apiError = toApiError(error, request, bodyLimit);
    logApiError(request, apiError, error);
    return sendApiError(reply, apiError);
  });

  app.setNotFoundHandler((request, reply) => sendApiError(reply, routeNotFound(request)));
}

/** A path fit to quote in a message: without its query, keys masked, cut to a bounded length. */
export function quotablePath(url: string): string {
  const path = redactKeys(url.split('?')[0]!);
  return cutToQuote(path, quotedLength.path);
}

export const routeNotFound = (request: FastifyRequest, hint = ''): ApiError =>
  new ApiError('route_not_found', `${request.method} ${quotablePath(request.url)}${hint}`);
