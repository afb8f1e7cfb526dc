// What a pet is: its statuses, its profile, the limits on its fields, and its schemas, which give validation,
// serialization, the OpenAPI document and the TypeScript types (`Static<>`) at once.
import { Type, type Static, type TOptional, type TSchema, type TUnsafe } from '@sinclair/typebox';
import { noControlCharacters, noControlCharactersButNewline } from './control-characters.js';
import { nullable } from './nullable.js';
import {
  breedLimits,
  colorLimits,
  descriptionMaxLength,
  maxTags,
  petAges,
  petAttributeNames,
  petCoats,
  petGoodWithNames,
  petSexes,
  petSizes,
  tagLimits,
} from './pet-profile-values.js';
import { petStatuses, type PetStatus } from './pet-status.js';
import { PhotoSchema } from './photo.js';
import { idSchema } from './resource-id.js';

export { defaultPetStatus, petStatuses, type PetStatus } from './pet-status.js';

export const nameLimits = { minLength: 1, maxLength: 100 } as const;

export const PetStatusSchema = Type.Unsafe<PetStatus>({
  $id: 'PetStatus',
  type: 'string',
  enum: [...petStatuses],
  description: 'Availability of the animal',
});

/** The seed's fields: every pet has them, and they cannot be cleared. */
const seedFields = {
  name: Type.String({
    ...nameLimits,
    ...noControlCharacters,
    'x-trimmed': true,
    description:
      'The animal’s name: 1 to 100 characters, no control characters; surrounding white space is removed',
    examples: ['Rex'],
  }),
  categoryId: idSchema(
    'Identifier of the category the animal belongs to, from 1 to 2^53-1 (see docs/decisions.md). An id ' +
      'without a category record is valid; where the category has a breed list, `breed` must name one of it',
  ),
};

/** New pets are on the public pages unless the client says otherwise, so clients from before it change nothing. */
export const defaultPublished = true;

const publishedDescription =
  'Whether the animal is shown on the public adoption pages and their sitemap; an unpublished one stays in ' +
  'the API for the keys that can read it';

const oneOf = <T extends string>(values: readonly T[], description: string) =>
  Type.Unsafe<T>({ type: 'string', enum: [...values], description });

type Flags<N extends string> = { [K in N]: TUnsafe<boolean | null> };

/** An object of flags, each true, false or null (unknown): all present in answers. */
const flags = <N extends string>(names: readonly N[], description: string) =>
  Type.Object(Object.fromEntries(names.map((name) => [name, nullable(Type.Boolean())])) as Flags<N>, {
    additionalProperties: false,
    description,
  });

/** Every field of `fields` made optional, as a body that may leave any out. */
const optional = <T extends Record<string, TSchema>>(fields: T) =>
  Object.fromEntries(Object.entries(fields).map(([name, schema]) => [name, Type.Optional(schema)])) as {
    [K in keyof T]: TOptional<T[K]>;
  };

const attributesDescription =
  'Facts about the animal’s care, each `true`, `false` or `null` (unknown): ' +
  petAttributeNames.map((name) => `\`${name}\``).join(', ');
const goodWithDescription =
  'Whom the animal gets on with, each `true`, `false` or `null` (unknown): ' +
  petGoodWithNames.map((name) => `\`${name}\``).join(', ');

/** The profile's single values, each nullable: `null` is "not known". */
const profileValues = {
  breed: nullable(
    Type.String({
      ...breedLimits,
      ...noControlCharacters,
      'x-trimmed': true,
      description:
        'Breed, 1 to 100 characters. Where the category has a breed list it must name one of its breeds ' +
        '(any case), and is stored in the list’s spelling',
      examples: ['Labrador Retriever'],
    }),
  ),
  mixedBreed: nullable(Type.Boolean({ description: 'Whether the animal is of mixed breed' })),
  sex: nullable(oneOf(petSexes, 'Sex')),
  age: nullable(oneOf(petAges, 'Age group')),
  birthDate: nullable(
    Type.String({
      format: 'date',
      // The format takes exactly `YYYY-MM-DD`; the bounds say so to clients and gateways.
      minLength: 10,
      maxLength: 10,
      description: 'Date of birth, `YYYY-MM-DD`: not in the future, not before 1900',
      examples: ['2023-04-01'],
    }),
  ),
  size: nullable(oneOf(petSizes, 'Size when grown')),
  color: nullable(
    Type.String({
      ...colorLimits,
      ...noControlCharacters,
      'x-trimmed': true,
      description: 'Colour, 1 to 50 characters',
      examples: ['Black and tan'],
    }),
  ),
  coat: nullable(oneOf(petCoats, 'Coat length or type')),
  description: nullable(
    Type.String({
      maxLength: descriptionMaxLength,
      ...noControlCharactersButNewline,
      description:
        'Free text of up to 10,000 characters; newlines are kept, other control characters refused',
    }),
  ),
};

const tagsSchema = (description: string) =>
  Type.Array(Type.String({ ...tagLimits, ...noControlCharacters }), {
    maxItems: maxTags,
    description,
    examples: [['playful', 'quiet home']],
  });
const tagsRule = 'At most 10 tags of 1 to 30 characters each, unique whatever their case';

/** The profile as sent: every field optional, and `null` clears it; the flags merge one by one. */
const profileInput = optional({
  ...profileValues,
  attributes: nullable(Type.Partial(flags(petAttributeNames, attributesDescription))),
  goodWith: nullable(Type.Partial(flags(petGoodWithNames, goodWithDescription))),
  tags: nullable(tagsSchema(`${tagsRule}; \`null\` clears them`)),
});

const timestamp = (description: string) => Type.String({ format: 'date-time', description });

export const NewPetSchema = Type.Object(
  {
    ...seedFields,
    status: Type.Optional(Type.Ref(PetStatusSchema, { description: 'Defaults to `available`' })),
    published: Type.Optional(Type.Boolean({ description: `${publishedDescription}. Defaults to \`true\`` })),
    ...profileInput,
  },
  {
    $id: 'NewPet',
    additionalProperties: false,
    description:
      'An animal to add: `name` and `categoryId` are required, the profile is optional; unknown fields are rejected',
  },
);

export const PetPatchSchema = Type.Object(
  {
    ...optional(seedFields),
    status: Type.Optional(
      Type.Ref(PetStatusSchema, {
        description: 'Only while the animal has no open order; `sold` records an adoption made elsewhere',
      }),
    ),
    published: Type.Optional(Type.Boolean({ description: publishedDescription })),
    ...profileInput,
  },
  {
    $id: 'PetPatch',
    additionalProperties: false,
    description:
      'A JSON Merge Patch (RFC 7396) of an animal: a field left out is unchanged, `null` clears it, and ' +
      '`attributes` and `goodWith` merge field by field. `name`, `categoryId` and `published` cannot be ' +
      'cleared; `id`, `createdAt` and `updatedAt` cannot be set',
  },
);

export const PetSchema = Type.Object(
  {
    id: idSchema('Unique identifier, assigned by the service; ids only grow'),
    ...seedFields,
    status: Type.Ref(PetStatusSchema),
    published: Type.Boolean({ description: publishedDescription }),
    ...profileValues,
    attributes: flags(petAttributeNames, attributesDescription),
    goodWith: flags(petGoodWithNames, goodWithDescription),
    tags: tagsSchema(`${tagsRule}; empty when none`),
    photos: Type.Array(Type.Ref(PhotoSchema), {
      description:
        'Photos of the animal in position order, the primary first; empty when none. Added, moved and removed ' +
        'through `/pets/{petId}/photos` (docs/photos.md)',
    }),
    createdAt: timestamp('When the animal was added (RFC 3339, UTC)'),
    updatedAt: timestamp('When the animal last changed, by an edit, a photo or an order (RFC 3339, UTC)'),
    etag: Type.String({
      maxLength: 48,
      description:
        'The strong entity tag of the animal as returned, the one its `ETag` header carries: send it as ' +
        '`If-Match` to edit it only if nobody changed it since (docs/pets.md). Any change moves it, a photo too',
    }),
  },
  {
    $id: 'Pet',
    additionalProperties: false,
    description: 'An animal as returned: every field is present, `null` where nothing is known',
  },
);

export type NewPet = Static<typeof NewPetSchema>;
export type PetPatch = Static<typeof PetPatchSchema>;
export type Pet = Static<typeof PetSchema>;
