// Schemas of each pet operation (a pet's own are in domain/pet.ts): validation, serialization and OpenAPI at once.
import { Type } from '@sinclair/typebox';
import { pageLinkHeader } from '../../http/page-link.js';
import { ifMatchLimits } from '../../domain/if-match.js';
import { NewPetSchema, PetPatchSchema, PetSchema, PetStatusSchema } from '../../domain/pet.js';
import { idSchema } from '../../domain/resource-id.js';
import type { ErrorCode } from '../../errors/catalogue.js';
import { commonHeaders, errorResponse } from '../../http/schemas/error.js';
import { idempotentReplayedHeader } from '../../http/schemas/idempotency.js';

export const PetsSchema = Type.Array(Type.Ref(PetSchema), {
  $id: 'Pets',
  description: 'A JSON array of Pet',
});

export const PetIdParams = Type.Object({ petId: idSchema('Identifier of the animal') });

export const listPetsResponse = Type.Ref(PetsSchema, {
  description:
    'A page of animals in the order of `sort` (ascending `id` by default). When more follow, `Link` gives the ' +
    'next page; on the last page of an ascending sort it gives where to resume later.',
  headers: {
    ...commonHeaders,
    Link: pageLinkHeader('/pets', 'animals'),
  },
});

const etagHeader = {
  ETag: Type.String({
    description:
      'Strong entity tag of the animal: it changes with every change, an order’s included. Send it in ' +
      '`If-Match` to make a PATCH apply only to the animal as it was read',
    examples: ['"42.3"'],
  }),
};

export const createPetResponse = Type.Ref(PetSchema, {
  description:
    'The created animal, with its assigned id; or, with `Idempotent-Replayed: true`, the stored response of ' +
    'the first request with the same Idempotency-Key',
  headers: {
    ...commonHeaders,
    Location: Type.String({ description: 'URL of the created animal' }),
    ...etagHeader,
    ...idempotentReplayedHeader,
  },
});

export const UpdatePetHeaders = Type.Object({
  'if-match': Type.Optional(
    Type.String({
      ...ifMatchLimits,
      description:
        'Apply the patch only if the animal’s ETag is still this one (or one of a list, or `*` for any); ' +
        'otherwise 412 `precondition_failed`, and nothing changes. Without it, the last writer wins',
      examples: ['"42.3"'],
    }),
  ),
});

/** Both media types of a merge patch, with one schema: Fastify validates a body by its Content-Type. */
export const petPatchBody = {
  content: {
    'application/merge-patch+json': { schema: Type.Ref(PetPatchSchema) },
    'application/json': { schema: Type.Ref(PetPatchSchema) },
  },
};

export const updatePetResponse = Type.Ref(PetSchema, {
  description:
    'The whole animal after the change; or, with `Idempotent-Replayed: true`, the stored response of the ' +
    'first request with the same Idempotency-Key',
  headers: { ...commonHeaders, ...etagHeader, ...idempotentReplayedHeader },
});

export const removePetResponse = Type.Null({
  description: 'Removed: the animal is gone from every listing, and its id is never used again',
  headers: commonHeaders,
});

const deprecationHeaders = {
  Deprecation: Type.String({ description: 'RFC 9745: when this operation was deprecated (`@` Unix time)' }),
  Sunset: Type.String({ description: 'RFC 8594: when this operation will be removed' }),
  Link: Type.String({ description: 'Documentation of the replacement, `GET /pets` with `status`' }),
};

export const getPetResponse = Type.Ref(PetSchema, {
  description: 'The animal',
  headers: { ...commonHeaders, ...etagHeader, ...deprecationHeaders },
});

export const getPetError = (status: number, codes?: readonly ErrorCode[]) =>
  errorResponse(status, deprecationHeaders, codes);

export const sharedPetSchemas = [PetStatusSchema, NewPetSchema, PetPatchSchema, PetSchema, PetsSchema];
