// What a merge patch of a pet must be before its schema is checked, refused with a message that says why
// rather than Ajv's "must be string" or "unknown field": a JSON object (a patch that is anything else would
// replace the whole pet, RFC 7396), which does not clear the seed's fields or set the service's own.
import type { preValidationHookHandler } from 'fastify';
import { ApiError } from '../../errors/api-error.js';

const required = ['name', 'categoryId'];
const setByService = ['id', 'createdAt', 'updatedAt'];

function problemOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return 'the request body must be a JSON object';
  }
  const fields = body as Record<string, unknown>;
  const cleared = required.find((field) => fields[field] === null);
  if (cleared) return `${cleared} cannot be cleared: every pet has one`;
  if (fields.published === null) return 'published cannot be cleared: it is true or false';
  const set = setByService.find((field) => field in fields);
  if (set) return `${set} is set by the service and cannot be changed`;
  return undefined;
}

export const checkPatchBody: preValidationHookHandler = (request, _reply, done) => {
  const problem = problemOf(request.body);
  done(problem ? new ApiError('validation_failed', problem) : undefined);
};
