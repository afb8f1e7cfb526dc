// The body of a form the pages receive (application/x-www-form-urlencoded), as one text per field name: the
// pages' forms repeat no name. Registered for the pages alone: the API still takes JSON only.
import type { FastifyInstance, FastifyRequest } from 'fastify';

const formType = 'application/x-www-form-urlencoded';

/** Whether the request's body was a form's, so that it was read here into texts. */
export const isFormBody = (request: FastifyRequest): boolean =>
  (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase() === formType &&
  typeof request.body === 'object' &&
  request.body !== null;

export function readFormBody(scope: FastifyInstance, bodyLimit: number): void {
  scope.addContentTypeParser(formType, { parseAs: 'string', bodyLimit }, (_request, text, done) => {
    const values: Record<string, string> = Object.create(null);
    for (const [name, value] of new URLSearchParams(text as string)) values[name] ??= value;
    done(null, values);
  });
}
