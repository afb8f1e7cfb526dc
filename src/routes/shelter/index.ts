// The shelter's own details under /v1: read with pets:read, as the pages show them to anyone, and changed
// with shelter:write.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { ShelterChangesSchema } from '../../domain/shelter.js';
import { commonErrors, errorResponse } from '../../http/schemas/error.js';
import { trimMarkedFields } from '../../http/trimmed-fields.js';
import { shelterResponse } from './schemas.js';

export const shelterRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { shelter } = app.services;

  app.get(
    '/shelter',
    {
      schema: {
        operationId: 'getShelter',
        tags: ['shelter'],
        summary: 'The shelter’s details',
        description:
          'Name, introduction, contact details, opening hours, accent colour and logo, as the public pages show them.',
        response: {
          200: shelterResponse('The shelter’s details'),
          400: errorResponse(400, {}, ['validation_failed', 'bad_request']),
          ...commonErrors,
        },
      },
    },
    async (request) => shelter.get(request.dataVersion),
  );

  app.patch(
    '/shelter',
    {
      schema: {
        operationId: 'updateShelter',
        tags: ['shelter'],
        summary: 'Change the shelter’s details',
        description:
          'A merge patch: the fields given are set, `null` clears one. The public pages show the change on ' +
          'their next request, on every instance. An `accentColour` under 4.5:1 on white is 400 `low_contrast`, ' +
          'naming its ratio.',
        body: Type.Ref(ShelterChangesSchema),
        response: {
          200: shelterResponse('The shelter’s details after the change'),
          400: errorResponse(400, {}, ['validation_failed', 'low_contrast', 'malformed_json', 'bad_request']),
          413: errorResponse(413),
          415: errorResponse(415),
          ...commonErrors,
        },
      },
      preValidation: trimMarkedFields(ShelterChangesSchema),
    },
    async (request) => shelter.update(request.body),
  );
};
