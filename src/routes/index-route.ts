// `GET /` and `GET /v1`: a small JSON index for whoever opens the service's address, pointing to the docs. A
// browser opening `/` is sent on to the adoption pages, where they are on.
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsync } from 'fastify';
import Negotiator from 'negotiator';

const ServiceIndex = Type.Object({
  name: Type.String(),
  api: Type.String({ description: 'Base URL of the API' }),
  docs: Type.String({ description: 'The interactive docs page' }),
  openapi: Type.String({ description: 'The OpenAPI 3.1 document' }),
  health: Type.String({ description: 'Liveness probe' }),
});

/** Whether a request's Accept prefers HTML to JSON, as a browser's does; a wildcard, no Accept or a tie keep JSON. */
export const prefersHtml = (accept: string | undefined): boolean =>
  accept !== undefined &&
  new Negotiator({ headers: { accept } }).mediaType(['application/json', 'text/html']) === 'text/html';

export interface IndexRoutesOptions {
  baseUrl: string;
  /** Where `GET /` sends a browser with 303 (the adoption pages); none: JSON for every client. */
  browsersTo?: string;
}

export const indexRoutes: FastifyPluginAsync<IndexRoutesOptions> = async (app, { baseUrl, browsersTo }) => {
  const index = {
    name: 'Pet Adoption Service',
    api: baseUrl,
    docs: `${baseUrl}/docs`,
    openapi: `${baseUrl}/openapi.json`,
    health: '/healthz',
  };
  const schema = { hide: true, response: { 200: ServiceIndex } };
  app.get('/v1', { schema }, async () => index);
  app.get('/', { schema }, async (request, reply) => {
    if (browsersTo === undefined) return index;
    // The same URL answers two ways, so shared caches must keep them apart.
    reply.header('vary', 'Accept');
    return prefersHtml(request.headers.accept) ? reply.redirect(browsersTo, 303) : index;
  });
};
