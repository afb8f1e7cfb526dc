// The applications area under /v1: submit, list, count and read applications, and the actions of their
// transition table. Bodies here are personal data: they are never logged, and parse errors never quote them.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import {
  applicationStepActions,
  describeApplicationTransition,
  type ApplicationStepAction,
} from '../../domain/application.js';
import { NewApplicationSchema, receiptOf } from '../../domain/application-schema.js';
import { readsApplications, type OperationId } from '../../domain/scopes.js';
import { commonErrors, commonHeaders, errorResponse } from '../../http/schemas/error.js';
import type { ErrorCode } from '../../errors/catalogue.js';
import { pageLink } from '../../http/page-link.js';
import { trimMarkedFields } from '../../http/trimmed-fields.js';
import type { ApplicationCaller } from '../../services/applications-service.js';
import { personalDataArea } from './personal-data-area.js';
import {
  ApplicationIdParams,
  applicationResponse,
  DeclineBody,
  listApplicationsResponse,
  ListApplicationsQuery,
  NoteBody,
  submitResponse,
} from './schemas.js';

export interface ApplicationsRoutesOptions {
  /** Base of absolute links, ending in /v1; '/v1' gives relative ones. */
  baseUrl: string;
  /** Largest body of a submission, in bytes. */
  bodyLimit: number;
}

const callerOf = (request: FastifyRequest): ApplicationCaller => ({
  keyId: request.apiKey!.id,
  author: request.apiKey!.name,
});

const stepOperations = {
  review: { operationId: 'reviewApplication', summary: 'Start reviewing an application' },
  approve: { operationId: 'approveApplication', summary: 'Approve an application' },
  decline: { operationId: 'declineApplication', summary: 'Decline an application' },
  withdraw: { operationId: 'withdrawApplication', summary: 'Withdraw an application' },
} as const satisfies Record<ApplicationStepAction, { operationId: OperationId; summary: string }>;

const stepEffects: Record<ApplicationStepAction, string> = {
  review: '',
  approve:
    ' An order for the animal is placed and approved in the same transaction, so the animal becomes `pending` ' +
    'and `orderId` is set; an application naming no animal, or an animal that is not `available`, is 409.',
  decline:
    ' From `approved`, the linked order is cancelled and the animal is `available` again. `reason` is required.',
  withdraw: ' From `approved`, the linked order is cancelled and the animal is `available` again.',
};

const tags = ['applications'];
/** The error answers of an operation that takes a body, with the 404 and 409 codes it can answer. */
const writeErrors = (notFound: readonly ErrorCode[], conflicts: readonly ErrorCode[]) => ({
  400: errorResponse(400, {}, ['validation_failed', 'malformed_json', 'bad_request']),
  404: errorResponse(404, {}, notFound),
  409: errorResponse(409, {}, conflicts),
  413: errorResponse(413),
  415: errorResponse(415, {}, ['unsupported_media_type']),
  ...commonErrors,
});
/** What an action can answer besides the rule's conflict: approving moves the animal too. */
const stepErrors: Record<ApplicationStepAction, [readonly ErrorCode[], readonly ErrorCode[]]> = {
  review: [['application_not_found'], ['application_status_conflict']],
  approve: [
    ['application_not_found', 'pet_not_found'],
    ['application_status_conflict', 'pet_not_available'],
  ],
  decline: [['application_not_found'], ['application_status_conflict']],
  withdraw: [['application_not_found'], ['application_status_conflict']],
};

export const applicationsRoutes: FastifyPluginAsyncTypebox<ApplicationsRoutesOptions> = async (
  app,
  { baseUrl, bodyLimit },
) => {
  const { applications } = app.services;
  personalDataArea(app);

  app.post(
    '/applications',
    {
      bodyLimit,
      schema: {
        operationId: 'submitApplication',
        tags,
        summary: 'Submit an adoption application',
        description:
          'A named animal must exist (any status may be applied for). An applicant (by email, compared ' +
          'case-insensitively) has at most one open application per animal: a second is 409 ' +
          '`application_exists`. Answers are checked against the shelter’s questions (`GET /v1/application-form`).',
        body: Type.Ref(NewApplicationSchema),
        response: {
          201: submitResponse,
          ...writeErrors(['pet_not_found'], ['application_exists']),
        },
      },
    },
    async (request, reply) => {
      const application = await applications.submit(request.body);
      const body = readsApplications(request.apiKey!.scopes) ? application : receiptOf(application);
      return reply.code(201).header('location', `${baseUrl}/applications/${application.id}`).send(body);
    },
  );

  app.get(
    '/applications',
    {
      schema: {
        operationId: 'listApplications',
        tags,
        summary: 'List adoption applications',
        description:
          'Applications newest first (or oldest first with `sort=createdAt`), optionally filtered by `status`, ' +
          '`petId` and `q`. Paginated with keyset cursors: follow `Link: rel="next"` until it is absent; the ' +
          'last page of the oldest-first listing carries `Link: rel="resume"` instead.',
        querystring: ListApplicationsQuery,
        response: {
          200: listApplicationsResponse,
          400: errorResponse(400, {}, ['validation_failed', 'invalid_cursor', 'bad_request']),
          ...commonErrors,
        },
      },
    },
    async (request, reply) => {
      const { status, petId, q, sort } = request.query;
      const page = await applications.list(request.query);
      pageLink(reply, `${baseUrl}/applications`, { limit: page.limit, status, petId, q, sort }, page);
      return page.applications;
    },
  );

  app.get(
    '/applications/counts',
    {
      schema: {
        operationId: 'countApplications',
        tags,
        summary: 'Count applications by status',
        description: 'Every status is present, with 0 where none is in it.',
        response: {
          200: Type.Ref('ApplicationCounts', { description: 'The counts', headers: commonHeaders } as never),
          400: errorResponse(400, {}, ['validation_failed', 'bad_request']),
          ...commonErrors,
        },
      },
    },
    async () => applications.counts(),
  );

  app.get(
    '/applications/:applicationId',
    {
      schema: {
        operationId: 'getApplication',
        tags,
        summary: 'Get one application, with its notes',
        params: ApplicationIdParams,
        response: {
          200: applicationResponse('The application'),
          400: errorResponse(400, {}, ['validation_failed', 'bad_request']),
          404: errorResponse(404, {}, ['application_not_found']),
          ...commonErrors,
        },
      },
    },
    async (request) => applications.get(request.params.applicationId),
  );

  for (const action of applicationStepActions) {
    const { operationId, summary } = stepOperations[action];
    const declines = action === 'decline';
    app.post(
      `/applications/:applicationId/${action}`,
      {
        schema: {
          operationId,
          tags,
          summary,
          description:
            `${describeApplicationTransition(action)}${stepEffects[action]} An application already in the ` +
            'resulting status is returned unchanged, so a retry is safe; any other status is 409 ' +
            '`application_status_conflict`, naming the actions allowed.',
          params: ApplicationIdParams,
          ...(declines ? { body: DeclineBody } : {}),
          response: {
            200: applicationResponse('The application after the action'),
            ...writeErrors(...stepErrors[action]),
          },
        },
        ...(declines ? { preValidation: trimMarkedFields(DeclineBody) } : {}),
      },
      async (request) =>
        applications.act(
          callerOf(request),
          request.params.applicationId,
          action,
          declines ? (request.body as { reason: string }).reason : undefined,
        ),
    );
  }

  app.post(
    '/applications/:applicationId/notes',
    {
      schema: {
        operationId: 'addApplicationNote',
        tags,
        summary: 'Add an internal note',
        description:
          'Notes list oldest first in the application, with their author (the key’s name); never shown to the applicant.',
        params: ApplicationIdParams,
        body: NoteBody,
        response: {
          201: Type.Ref('ApplicationNote', { description: 'The note', headers: commonHeaders } as never),
          // 409: the application's personal data was erased, and its notes with it.
          ...writeErrors(['application_not_found'], ['application_status_conflict']),
        },
      },
      preValidation: trimMarkedFields(NoteBody),
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await applications.addNote(callerOf(request), request.params.applicationId, request.body.text)),
  );
};
