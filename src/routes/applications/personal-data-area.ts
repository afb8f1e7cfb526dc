// What the areas whose requests carry personal data add to the rest of /v1: a body that is not JSON is refused
// without the parser's message, which quotes the text it could not read, in the answer and in the log alike;
// and each route is marked so that the request log keeps its query's names but not their values (an email
// in `GET /v1/applicants?email=`, a name in `q`).
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../errors/api-error.js';
import { logApiError, sendApiError, toApiError } from '../../http/error-handler.js';

export function personalDataArea(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, personalData: true };
  });
  app.setErrorHandler((error, request, reply) => {
    let apiError = toApiError(error, request, app.config.bodyLimit);
    // Only the parser's own SyntaxError quotes the body; an empty body is said to be empty, as elsewhere.
    if (apiError.code === 'malformed_json' && error instanceof SyntaxError)
      apiError = new ApiError('malformed_json', 'it could not be parsed');
    logApiError(request, apiError, error);
    return sendApiError(reply, apiError);
  });
}
