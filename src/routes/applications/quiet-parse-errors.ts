// The error handler of the areas whose bodies are personal data: a body that is not JSON is refused without
// the parser's message, which quotes the text it could not read, in the answer and in the log alike.
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../errors/api-error.js';
import { logApiError, sendApiError, toApiError } from '../../http/error-handler.js';

export function quietParseErrors(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    let apiError = toApiError(error, request, app.config.bodyLimit);
    // Only the parser's own SyntaxError quotes the body; an empty body is said to be empty, as elsewhere.
    if (apiError.code === 'malformed_json' && error instanceof SyntaxError)
      apiError = new ApiError('malformed_json', 'it could not be parsed');
    logApiError(request, apiError, error);
    return sendApiError(reply, apiError);
  });
}
