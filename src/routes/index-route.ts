// `GET /` and `GET /v1`: a small JSON index for whoever opens the service's address, pointing to the docs.
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsync } from 'fastify';

const ServiceIndex = Type.Object({
  name: Type.String(),
  api: Type.String({ description: 'Base URL of the API' }),
  docs: Type.String({ description: 'The interactive docs page' }),
  openapi: Type.String({ description: 'The OpenAPI 3.1 document' }),
  health: Type.String({ description: 'Liveness probe' }),
});

export const indexRoutes: FastifyPluginAsync<{ baseUrl: string }> = async (app, { baseUrl }) => {
  const index = {
    name: 'Pet Adoption Service',
    api: baseUrl,
    docs: `${baseUrl}/docs`,
    openapi: `${baseUrl}/openapi.json`,
    health: '/healthz',
  };
  for (const url of ['/', '/v1'])
    app.get(url, { schema: { hide: true, response: { 200: ServiceIndex } } }, async () => index);
};
