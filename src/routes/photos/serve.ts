// Every size of every photo (and of the shelter's logo) under /v1/photos/{photoId}/{size}, served without a key so that a plain
// `<img src>` on any page shows it (its id, 128 random bits, is what keeps it unguessable). Registered apart
// from the keyed /v1 routes, with a per-address budget of its own (docs/photos.md). A photo never changes (a
// new one gets a new id), so each answer may be cached for a year by browsers and proxies alike.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiError } from '../../errors/api-error.js';
import { unchangedFor } from '../../http/entity-tags.js';
import { answerOtherMethods, collectRouteMethods } from '../../http/method-not-allowed.js';
import type { V1Hook } from '../../http/router-errors.js';
import { errorResponse } from '../../http/schemas/error.js';
import { photoFileResponse, PhotoFileParams, photoNotModifiedResponse } from './schemas.js';

/** The only thing an image needs: nothing may run in it, nor be loaded by it, were it opened as a document. */
const imagePolicy = "default-src 'none'; frame-ancestors 'none'; sandbox";

const cacheForever = 'public, max-age=31536000, immutable';

export interface PhotoFilesOptions {
  /** Whether CORS is on: OPTIONS is then left to it. */
  corsEnabled: boolean;
  /** The hooks every photo download runs first (its budget per address), the router's errors' included. */
  photoHooks: V1Hook[];
}

export const photoFilesRoutes: FastifyPluginAsyncTypebox<PhotoFilesOptions> = async (
  app,
  { corsEnabled, photoHooks },
) => {
  const { photos, shelterLogo } = app.services;
  /** A photo's size, or else the shelter logo's: both are served here alike. */
  const renditionOf = async (photoId: string, size: string) => {
    try {
      return await photos.rendition(photoId, size);
    } catch (error) {
      const logo = error instanceof ApiError && (await shelterLogo.rendition(photoId, size));
      if (logo) return logo;
      throw error;
    }
  };
  // Other methods get 405 here, without a key, as every request under this path is answered.
  const routes = collectRouteMethods(app, '/v1/photos/');

  app.get(
    '/photos/:photoId/:size',
    {
      schema: {
        operationId: 'getPhoto',
        tags: ['photos'],
        summary: 'One size of a photo',
        description:
          'Needs no key: `<img src>` works on any page. Each client address may download so many photos per ' +
          'minute, apart from every other budget (docs/photos.md). `HEAD` works, and `If-None-Match` with the ' +
          '`ETag` gets 304. Query parameters are ignored, so a page may add its own to bust its caches.',
        security: [],
        params: PhotoFileParams,
        response: {
          200: photoFileResponse,
          304: photoNotModifiedResponse,
          400: errorResponse(400, {}, ['bad_request']),
          404: errorResponse(404, {}, ['photo_not_found']),
          414: errorResponse(414),
          429: errorResponse(429, {}, ['rate_limited']),
          500: errorResponse(500),
          503: errorResponse(503),
        },
      },
      onRequest: photoHooks,
    },
    async (request, reply) => {
      const { photoId, size } = request.params;
      const rendition = await renditionOf(photoId, size);
      reply
        .header('content-type', rendition.contentType)
        .header('etag', rendition.etag)
        .header('cache-control', cacheForever)
        .header('content-security-policy', imagePolicy)
        .header('cross-origin-resource-policy', 'cross-origin');
      if (unchangedFor(request.headers['if-none-match'], rendition.etag)) return reply.code(304).send(null);
      return reply.send(rendition.bytes);
    },
  );
  answerOtherMethods(app, routes, corsEnabled);
};
