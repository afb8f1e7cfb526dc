// The shelter's own questions on the application form: read by the website that submits, replaced by staff.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { maxQuestions } from '../../domain/application-form.js';
import { commonErrors, commonHeaders, errorResponse } from '../../http/schemas/error.js';

const tags = ['applications'];
const formResponse = (description: string) =>
  Type.Unsafe({ $ref: 'ApplicationForm', description, headers: commonHeaders });

export const applicationFormRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { applications } = app.services;

  app.get(
    '/application-form',
    {
      schema: {
        operationId: 'getApplicationForm',
        tags,
        summary: 'Get the application form’s questions',
        description: 'The questions an application answers in `answers`, keyed by question id.',
        response: {
          200: formResponse('The questions'),
          400: errorResponse(400, {}, ['validation_failed', 'bad_request']),
          ...commonErrors,
        },
      },
    },
    async () => applications.form(),
  );

  app.put(
    '/application-form',
    {
      schema: {
        operationId: 'replaceApplicationForm',
        tags,
        summary: 'Replace the application form’s questions',
        description:
          `Replaces the whole set, at most ${maxQuestions} questions with distinct ids; \`options\` are for ` +
          '`choice` questions only, and required there. Applications already submitted keep their answers.',
        body: Type.Ref('ApplicationForm'),
        response: {
          200: formResponse('The questions as now set'),
          400: errorResponse(400, {}, [
            'validation_failed',
            'malformed_json',
            'application_form_invalid',
            'bad_request',
          ]),
          413: errorResponse(413),
          415: errorResponse(415, {}, ['unsupported_media_type']),
          ...commonErrors,
        },
      },
    },
    async (request) => applications.replaceForm(request.body as never),
  );
};
