// A known path asked with a method it does not take answers 405 with Allow, rather than 404.
import type { FastifyInstance, HTTPMethods } from 'fastify';
import { ApiError } from '../errors/api-error.js';
import { sendApiError } from './error-handler.js';

const methods: HTTPMethods[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/**
 * Answers every other method on `url` with 405. OPTIONS is left to CORS when CORS is on, so that
 * preflight requests still work.
 */
export function allowOnly(
  app: FastifyInstance,
  url: string,
  allowed: HTTPMethods[],
  corsEnabled: boolean,
): void {
  const allow = allowed.includes('GET') ? [...allowed, 'HEAD'] : allowed;
  const allowHeader = allow.join(', ');
  app.route({
    method: methods.filter((m) => !allow.includes(m) && !(corsEnabled && m === 'OPTIONS')),
    url,
    schema: { hide: true },
    handler: (request, reply) =>
      sendApiError(
        reply.header('allow', allowHeader),
        new ApiError('method_not_allowed', request.method, url, allowHeader),
      ),
  });
}
