// Schemas of the pet resources and of each pet operation: validation, serialization, types and OpenAPI at once.
import { Type } from '@sinclair/typebox';
import { pageLinkHeader } from '../../http/page-link.js';
import { noControlCharacters } from '../../domain/control-characters.js';
import {
  defaultPageSize,
  maxPageSize,
  maxSafeId,
  nameLimits,
  petStatuses,
  type PetStatus,
} from '../../domain/pet.js';
import type { ErrorCode } from '../../errors/catalogue.js';
import { commonHeaders, errorResponse } from '../../http/schemas/error.js';
import { idempotentReplayedHeader } from '../../http/schemas/idempotency.js';

export const PetStatusSchema = Type.Unsafe<PetStatus>({
  $id: 'PetStatus',
  type: 'string',
  enum: [...petStatuses],
  description: 'Availability of the animal',
});

const id = (description: string) =>
  Type.Integer({ minimum: 1, maximum: maxSafeId, format: 'int64', description });

const petFields = {
  name: Type.String({
    ...nameLimits,
    ...noControlCharacters,
    'x-trimmed': true,
    description:
      'The animal’s name: 1 to 100 characters, no control characters; surrounding white space is removed',
    examples: ['Rex'],
  }),
  categoryId: id(
    'Identifier of the category the animal belongs to, from 1 to 2^53-1 (see docs/decisions.md)',
  ),
};

export const NewPetSchema = Type.Object(
  {
    ...petFields,
    status: Type.Optional(Type.Ref(PetStatusSchema, { description: 'Defaults to `available`' })),
  },
  {
    $id: 'NewPet',
    additionalProperties: false,
    description: 'An animal to add; unknown fields are rejected',
  },
);

export const PetSchema = Type.Object(
  {
    id: id('Unique identifier, assigned by the service; ids only grow'),
    ...petFields,
    status: Type.Ref(PetStatusSchema),
  },
  { $id: 'Pet', additionalProperties: false, description: 'An animal as returned' },
);

export const PetsSchema = Type.Array(Type.Ref(PetSchema), {
  $id: 'Pets',
  description: 'A JSON array of Pet',
});

export const ListPetsQuery = Type.Object(
  {
    limit: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: maxPageSize,
        default: defaultPageSize,
        description: 'Most animals returned',
      }),
    ),
    status: Type.Optional(Type.Ref(PetStatusSchema, { description: 'Only animals with this status' })),
    cursor: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 200,
        description:
          'Opaque position from the `Link` header (`rel="next"` or `rel="resume"`) of an earlier page; valid ' +
          'only with the same `status`',
      }),
    ),
  },
  { additionalProperties: false },
);

export const PetIdParams = Type.Object({ petId: id('Identifier of the animal') });

export const listPetsResponse = Type.Ref(PetsSchema, {
  description:
    'A page of animals in ascending `id` order. When more follow, `Link` gives the next page; on the last ' +
    'page it gives where to resume later.',
  headers: {
    ...commonHeaders,
    Link: pageLinkHeader('/pets', 'animals'),
  },
});

export const createPetResponse = Type.Ref(PetSchema, {
  description:
    'The created animal, with its assigned id; or, with `Idempotent-Replayed: true`, the stored response of ' +
    'the first request with the same Idempotency-Key',
  headers: {
    ...commonHeaders,
    Location: Type.String({ description: 'URL of the created animal' }),
    ...idempotentReplayedHeader,
  },
});

const deprecationHeaders = {
  Deprecation: Type.String({ description: 'RFC 9745: when this operation was deprecated (`@` Unix time)' }),
  Sunset: Type.String({ description: 'RFC 8594: when this operation will be removed' }),
  Link: Type.String({ description: 'Documentation of the replacement, `GET /pets` with `status`' }),
};

export const getPetResponse = Type.Ref(PetSchema, {
  description: 'The animal',
  headers: { ...commonHeaders, ...deprecationHeaders },
});

export const getPetError = (status: number, codes?: readonly ErrorCode[]) =>
  errorResponse(status, deprecationHeaders, codes);

export const sharedPetSchemas = [PetStatusSchema, NewPetSchema, PetSchema, PetsSchema];
