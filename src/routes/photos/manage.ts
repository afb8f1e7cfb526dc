// The photos of an animal under /v1/pets/{petId}/photos: upload one (the image itself as the body), move
// one, remove one. Served, each size, under /v1/photos (serve.ts).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { PhotoMoveSchema } from '../../domain/photo.js';
import { commonErrors, errorResponse } from '../../http/schemas/error.js';
import { IdempotencyHeaders, markReplayed } from '../../http/schemas/idempotency.js';
import { countUploadOutcomes } from '../../http/upload-outcomes.js';
import { PetIdParams } from '../pets/schemas.js';
import { takenTypes, uploadedImage, withImageBodies } from './image-body.js';
import {
  movePhotoResponse,
  PetPhotoParams,
  photoUploadBody,
  removePhotoResponse,
  uploadPhotoResponse,
} from './schemas.js';

export const petPhotosRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { photos } = app.services;
  const { photoUploadLimit } = app.config;

  // The upload in a context of its own: the only one here that reads images, as bytes, and nothing else.
  await withImageBodies(app, async (upload) => {
    upload.post(
      '/pets/:petId/photos',
      {
        schema: {
          operationId: 'uploadPhoto',
          tags: ['pets'],
          summary: 'Add a photo of an animal',
          description:
            `The body is the image itself, ${takenTypes}, at most ${photoUploadLimit.toLocaleString('en')} bytes. ` +
            'Its type is read from its bytes and must be the one `Content-Type` declares. It is turned upright by ' +
            'its EXIF orientation, stripped of every metadata (GPS position included) and re-encoded as WebP in ' +
            'four sizes (docs/photos.md). It goes last among the animal’s photos; the first is the primary. ' +
            '`Idempotency-Key` works as on `POST /pets`.',
          params: PetIdParams,
          headers: IdempotencyHeaders,
          body: photoUploadBody(photoUploadLimit),
          response: {
            201: uploadPhotoResponse,
            400: errorResponse(400, {}, ['validation_failed', 'invalid_image', 'bad_request']),
            404: errorResponse(404, {}, ['pet_not_found']),
            409: errorResponse(
              409,
              {
                'Retry-After': Type.Integer({ description: 'Seconds to wait before retrying' }),
              },
              ['too_many_photos', 'idempotency_key_in_flight'],
            ),
            413: errorResponse(413),
            415: errorResponse(415, {}, ['unsupported_image']),
            422: errorResponse(422),
            ...commonErrors,
          },
        },
        bodyLimit: photoUploadLimit,
        ...countUploadOutcomes(app.metrics, photoUploadLimit),
      },
      async (request, reply) => {
        const key = request.headers['idempotency-key'];
        const outcome = await photos.upload(
          { petId: request.params.petId, ...uploadedImage(request) },
          key ? { apiKeyId: request.apiKey!.id, key } : undefined,
        );
        if (outcome.processingSeconds > 0) app.metrics.observePhotoProcessing(outcome.processingSeconds);
        if (outcome.replayed) markReplayed(reply);
        return reply.code(outcome.status).header('location', outcome.body.urls.full).send(outcome.body);
      },
    );
  });

  app.patch(
    '/pets/:petId/photos/:photoId',
    {
      schema: {
        operationId: 'movePhoto',
        tags: ['pets'],
        summary: 'Move a photo among an animal’s',
        description:
          '`{"position": 0}` makes it the primary photo; the others keep their order around it, and a position ' +
          'past the last moves it last. Moving a photo where it already is changes nothing.',
        params: PetPhotoParams,
        body: Type.Ref(PhotoMoveSchema),
        response: {
          200: movePhotoResponse,
          400: errorResponse(400, {}, ['validation_failed', 'malformed_json', 'bad_request']),
          404: errorResponse(404, {}, ['pet_not_found', 'photo_not_found']),
          413: errorResponse(413),
          415: errorResponse(415, {}, ['unsupported_media_type']),
          ...commonErrors,
        },
      },
    },
    async (request) => {
      const { petId, photoId } = request.params;
      return photos.move(petId, photoId, request.body.position);
    },
  );

  app.delete(
    '/pets/:petId/photos/:photoId',
    {
      schema: {
        operationId: 'removePhoto',
        tags: ['pets'],
        summary: 'Remove a photo of an animal',
        description: 'Its URLs answer 404 from then on; the photos after it move up one place.',
        params: PetPhotoParams,
        response: {
          204: removePhotoResponse,
          400: errorResponse(400, {}, ['validation_failed', 'bad_request']),
          404: errorResponse(404, {}, ['pet_not_found', 'photo_not_found']),
          415: errorResponse(415, {}, ['unsupported_media_type']),
          ...commonErrors,
        },
      },
    },
    async (request, reply) => {
      await photos.remove(request.params.petId, request.params.photoId);
      return reply.code(204).send(null);
    },
  );
};
