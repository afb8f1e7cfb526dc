// The pet operations under /v1: the spec's three, and the edit and removal of an animal.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { commonErrors, errorResponse } from '../../http/schemas/error.js';
import { pageLinkValue } from '../../http/page-link.js';
import { IdempotencyHeaders, markReplayed } from '../../http/schemas/idempotency.js';
import { trimMarkedFields } from '../../http/trimmed-fields.js';
import type { FastifyReply } from 'fastify';
import type { PetPage } from '../../services/pets-service.js';
import {
  createPetResponse,
  getPetError,
  getPetResponse,
  listPetsResponse,
  PetIdParams,
  petPatchBody,
  removePetResponse,
  UpdatePetHeaders,
  updatePetResponse,
} from './schemas.js';
import { dayInWords, getPetRetirement } from '../../domain/deprecations.js';
import { NewPetSchema, PetPatchSchema, type PetPatch } from '../../domain/pet.js';
import { createdPetEtag } from '../../services/pet-record.js';
import { parseIfMatch } from '../../http/entity-tags.js';
import { checkPatchBody } from './patch-body.js';
import { filterOf, ListPetsQuery } from './list-query.js';

export interface PetsRoutesOptions {
  /** Base of absolute links, ending in /v1; '/v1' gives relative ones. */
  baseUrl: string;
  /** Documentation page of the replacement of the deprecated GET /pets/{petId}. */
  replacementDocs: string;
}

export const petsRoutes: FastifyPluginAsyncTypebox<PetsRoutesOptions> = async (
  app,
  { baseUrl, replacementDocs },
) => {
  const { pets } = app.services;
  /**
   * The answer of each page as sent: its JSON and its Link. The service hands out the same page object while
   * it serves it from its cache, so a cached page is serialized (and its link built) once, not per request.
   */
  const answers = new WeakMap<PetPage, { body: ReturnType<FastifyReply['serialize']>; link?: string }>();

  app.get(
    '/pets',
    {
      schema: {
        operationId: 'listPets',
        tags: ['pets'],
        summary: 'List animals',
        description:
          'Animals in ascending `id` order, or in the order of `sort`, filtered by any of the parameters ' +
          '(combined with AND; a comma list is an OR of its values). Paginated with keyset cursors: follow ' +
          '`Link: rel="next"` until it is absent. The last page of an ascending sort carries `Link: rel="resume"` ' +
          'instead: requested later, it continues with every animal created since (`sort=id`) or changed since ' +
          '(`sort=updatedAt`), none skipped and none repeated (docs/search.md).',
        querystring: ListPetsQuery,
        response: {
          200: listPetsResponse,
          400: errorResponse(400, {}, ['validation_failed', 'invalid_cursor', 'bad_request']),
          ...commonErrors,
        },
      },
    },
    async (request, reply) => {
      const { limit, cursor, sort, ...filters } = request.query;
      const page = await pets.list(
        { filter: filterOf(request.query), sort, limit, cursor },
        request.dataVersion,
      );
      let answer = answers.get(page);
      if (!answer) {
        // `next` only while more pets follow, so that clients following it until it is absent stop; the last
        // page gives `resume` instead, where a tailing client continues later (docs/decisions.md).
        // The default sort is left out, so that the links of a plain listing stay as they always were.
        const ordered = sort === 'id' ? {} : { sort };
        const link = pageLinkValue(`${baseUrl}/pets`, { limit: page.limit, ...filters, ...ordered }, page);
        // The route's own serializer, from its response schema: the same JSON as returning the pets.
        answer = { body: reply.serialize(page.pets), link };
        answers.set(page, answer);
      }
      if (answer.link) reply.header('link', answer.link);
      // Already JSON: with its content type set, Fastify sends a string as it is (the type provider knows
      // only the schema's shape, hence the cast).
      return reply.type('application/json; charset=utf-8').send(answer.body as never);
    },
  );

  app.post(
    '/pets',
    {
      schema: {
        operationId: 'createPet',
        tags: ['pets'],
        summary: 'Add an animal',
        description:
          'Send an `Idempotency-Key` to make retries safe: a retry with the same key and body creates nothing ' +
          'and gets the first response again. The same key with another body is 422; a retry while the first ' +
          'request is still running waits for it, up to a bound, then gets 409 with `Retry-After`.',
        headers: IdempotencyHeaders,
        body: Type.Ref(NewPetSchema),
        response: {
          201: createPetResponse,
          400: errorResponse(400, {}, ['validation_failed', 'malformed_json', 'bad_request']),
          409: errorResponse(409, {
            'Retry-After': Type.Integer({ description: 'Seconds to wait before retrying' }),
          }),
          413: errorResponse(413),
          415: errorResponse(415),
          422: errorResponse(422),
          ...commonErrors,
        },
      },
      preValidation: trimMarkedFields(NewPetSchema),
    },
    async (request, reply) => {
      const key = request.headers['idempotency-key'];
      // Every /v1 request is authenticated before it gets here; idempotency keys are scoped to the API key.
      const {
        status,
        body: pet,
        replayed,
      } = key
        ? await pets.createIdempotently(request.body, { apiKeyId: request.apiKey!.id, key })
        : { status: 201, body: await pets.create(request.body), replayed: false };
      if (replayed) markReplayed(reply);
      return reply
        .code(status)
        .header('location', `${baseUrl}/pets/${pet.id}`)
        .header('etag', createdPetEtag(pet.id))
        .send(pet);
    },
  );

  app.get(
    '/pets/:petId',
    {
      schema: {
        operationId: 'getPet',
        tags: ['pets'],
        summary: 'Get one animal (deprecated)',
        description:
          `Deprecated: removed on ${dayInWords(getPetRetirement.sunsetAt)}. Use \`GET /pets\` with the \`status\` filter instead. ` +
          'Every response carries `Deprecation`, `Sunset` and a `Link` to the replacement.',
        deprecated: true,
        params: PetIdParams,
        response: {
          200: getPetResponse,
          400: getPetError(400, ['validation_failed', 'bad_request']),
          404: getPetError(404),
          414: getPetError(414),
          401: getPetError(401),
          429: getPetError(429),
          500: getPetError(500),
          503: getPetError(503),
        },
      },
      config: {
        deprecation: { ...getPetRetirement, replacementDocs },
      },
    },
    async (request, reply) => {
      const { pet, etag } = await pets.get(request.params.petId);
      return reply.header('etag', etag).send(pet);
    },
  );

  app.patch(
    '/pets/:petId',
    {
      schema: {
        operationId: 'updatePet',
        tags: ['pets'],
        summary: 'Edit an animal',
        description:
          'A JSON Merge Patch (RFC 7396), as `application/merge-patch+json` or `application/json`: a field ' +
          'left out is unchanged, `null` clears it, and `attributes` and `goodWith` merge flag by flag. Send ' +
          '`If-Match` with the ETag of the animal as read to apply the change only if nobody changed it since. ' +
          '`status` may change only while the animal has no open order. `Idempotency-Key` works as on POST.',
        params: PetIdParams,
        headers: Type.Composite([IdempotencyHeaders, UpdatePetHeaders]),
        body: petPatchBody,
        response: {
          200: updatePetResponse,
          400: errorResponse(400, {}, ['validation_failed', 'malformed_json', 'bad_request']),
          404: errorResponse(404),
          409: errorResponse(409, {
            'Retry-After': Type.Integer({ description: 'Seconds to wait before retrying' }),
          }),
          412: errorResponse(412),
          413: errorResponse(413),
          414: errorResponse(414),
          415: errorResponse(415),
          422: errorResponse(422),
          ...commonErrors,
        },
      },
      preValidation: [checkPatchBody, trimMarkedFields(PetPatchSchema)],
    },
    async (request, reply) => {
      const key = request.headers['idempotency-key'];
      const change = {
        id: request.params.petId,
        patch: request.body as PetPatch,
        ifMatch: parseIfMatch(request.headers['if-match']),
      };
      const {
        status,
        body: { pet, etag },
        replayed,
      } = key
        ? await pets.updateIdempotently(change, { apiKeyId: request.apiKey!.id, key })
        : { status: 200, body: await pets.update(change), replayed: false };
      if (replayed) markReplayed(reply);
      return reply.code(status).header('etag', etag).send(pet);
    },
  );

  app.delete(
    '/pets/:petId',
    {
      schema: {
        operationId: 'removePet',
        tags: ['pets'],
        summary: 'Remove an animal',
        description:
          'For an animal that left the shelter other than by adoption (transferred, returned to its owner, ' +
          'died). It leaves every listing and the inventory, and no order can be placed for it; its orders ' +
          'keep their `petId`, its id is never used again, and the feed records `pet.removed`. An animal with ' +
          'an open order cannot be removed.',
        params: PetIdParams,
        response: {
          204: removePetResponse,
          400: errorResponse(400, {}, ['validation_failed', 'malformed_json', 'bad_request']),
          404: errorResponse(404),
          409: errorResponse(409),
          413: errorResponse(413),
          414: errorResponse(414),
          415: errorResponse(415),
          ...commonErrors,
        },
      },
    },
    async (request, reply) => {
      await pets.remove(request.params.petId);
      return reply.code(204).send(null);
    },
  );
};
