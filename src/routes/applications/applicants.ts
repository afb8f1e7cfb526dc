// The applicant's personal data: everything held on an address (subject access), and its erasure on request.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { commonErrors, commonHeaders, errorResponse } from '../../http/schemas/error.js';
import { personalDataArea } from './personal-data-area.js';
import { ApplicantQuery, EraseApplicantBody } from './schemas.js';

const tags = ['applications'];
const ref = (id: string, description: string) =>
  Type.Unsafe({ $ref: id, description, headers: commonHeaders });

export const applicantsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { applicantData } = app.services;
  personalDataArea(app);

  app.get(
    '/applicants',
    {
      schema: {
        operationId: 'getApplicant',
        tags,
        summary: 'Everything held on an applicant',
        description:
          'Every application of the address, compared case-insensitively, with notes (subject access).',
        querystring: ApplicantQuery,
        response: {
          200: ref('Applicant', 'The applications of the address'),
          400: errorResponse(400, {}, ['validation_failed', 'bad_request']),
          ...commonErrors,
        },
      },
    },
    async (request) => applicantData.export(request.query.email),
  );

  app.post(
    '/applicants/erase',
    {
      schema: {
        operationId: 'eraseApplicant',
        tags,
        summary: 'Erase an applicant’s personal data',
        description:
          'Erases the personal data of every application of the address (docs/applications.md): kept are ids, ' +
          'statuses, times and the country and region of the address. One `application.erased` event is written ' +
          'per application.',
        body: EraseApplicantBody,
        response: {
          200: ref('ApplicantErasure', 'How many applications were erased'),
          400: errorResponse(400, {}, ['validation_failed', 'malformed_json', 'bad_request']),
          413: errorResponse(413),
          415: errorResponse(415, {}, ['unsupported_media_type']),
          ...commonErrors,
        },
      },
    },
    async (request) => applicantData.erase(request.body.email),
  );
};
