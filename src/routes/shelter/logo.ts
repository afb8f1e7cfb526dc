// The shelter's logo under /v1/shelter/logo: put one (the image itself as the body, as a pet's photo is
// uploaded) or remove it, with shelter:write. Its sizes are served without a key among the photos (photos/serve.ts).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { PhotoSchema } from '../../domain/photo.js';
import { commonErrors, commonHeaders, errorResponse } from '../../http/schemas/error.js';
import { takenTypes, uploadedImage, withImageBodies } from '../photos/image-body.js';
import { photoUploadBody } from '../photos/schemas.js';

const putLogoResponse = Type.Ref(PhotoSchema, {
  description: 'The new logo; the one before it, if any, answers 404 from now on',
  headers: { ...commonHeaders, Location: Type.String({ description: 'URL of the logo’s `full` size' }) },
});

const removeLogoResponse = Type.Null({
  description: 'Removed, or there was none: its URLs answer 404 from now on',
  headers: commonHeaders,
});

export const shelterLogoRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { shelterLogo } = app.services;
  const { photoUploadLimit } = app.config;

  await withImageBodies(app, async (upload) => {
    upload.put(
      '/shelter/logo',
      {
        schema: {
          operationId: 'putShelterLogo',
          tags: ['shelter'],
          summary: 'Put the shelter’s logo',
          description:
            `The body is the image itself, ${takenTypes}, at most ${photoUploadLimit.toLocaleString('en')} bytes, ` +
            'taken as a photo of an animal is: its type read from its bytes, turned upright, stripped of every ' +
            'metadata and re-encoded as WebP in four sizes (docs/photos.md). It replaces the logo before it; the ' +
            'public pages show it on their next request.',
          body: photoUploadBody(photoUploadLimit),
          response: {
            200: putLogoResponse,
            400: errorResponse(400, {}, ['validation_failed', 'invalid_image', 'bad_request']),
            413: errorResponse(413),
            415: errorResponse(415, {}, ['unsupported_image']),
            422: errorResponse(422, {}, ['image_too_large']),
            ...commonErrors,
          },
        },
        bodyLimit: photoUploadLimit,
      },
      async (request, reply) => {
        const logo = await shelterLogo.put(uploadedImage(request));
        return reply.header('location', logo.urls.full).send(logo);
      },
    );
  });

  app.delete(
    '/shelter/logo',
    {
      schema: {
        operationId: 'removeShelterLogo',
        tags: ['shelter'],
        summary: 'Remove the shelter’s logo',
        description: 'The pages show the shelter’s name alone from their next request. Safe to repeat.',
        response: {
          204: removeLogoResponse,
          400: errorResponse(400, {}, ['validation_failed', 'bad_request']),
          415: errorResponse(415, {}, ['unsupported_media_type']),
          ...commonErrors,
        },
      },
    },
    async (_request, reply) => {
      await shelterLogo.remove();
      return reply.code(204).send(null);
    },
  );
};
