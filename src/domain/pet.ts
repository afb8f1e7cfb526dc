// What a pet is: its statuses, the limits on its fields, and its schemas, which give validation,
// serialization, the OpenAPI document and the TypeScript types (`Static<>`) at once.
import { Type, type Static } from '@sinclair/typebox';
import { noControlCharacters } from './control-characters.js';
import { petStatuses, type PetStatus } from './pet-status.js';
import { idSchema } from './resource-id.js';

export { defaultPetStatus, petStatuses, type PetStatus } from './pet-status.js';

export const nameLimits = { minLength: 1, maxLength: 100 } as const;

export const PetStatusSchema = Type.Unsafe<PetStatus>({
  $id: 'PetStatus',
  type: 'string',
  enum: [...petStatuses],
  description: 'Availability of the animal',
});

const petFields = {
  name: Type.String({
    ...nameLimits,
    ...noControlCharacters,
    'x-trimmed': true,
    description:
      'The animal’s name: 1 to 100 characters, no control characters; surrounding white space is removed',
    examples: ['Rex'],
  }),
  categoryId: idSchema(
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
export type NewPet = Static<typeof NewPetSchema>;

export const PetSchema = Type.Object(
  {
    id: idSchema('Unique identifier, assigned by the service; ids only grow'),
    ...petFields,
    status: Type.Ref(PetStatusSchema),
  },
  { $id: 'Pet', additionalProperties: false, description: 'An animal as returned' },
);
export type Pet = Static<typeof PetSchema>;
