// The shelter's own details, as the API takes and returns them (validation, serialization, the OpenAPI
// document and the TypeScript types at once): one record per deployment, shown by the public pages.
import { Type, type Static } from '@sinclair/typebox';
import { noControlCharacters, noControlCharactersButNewline } from './control-characters.js';
import { nullable } from './nullable.js';
import { PhotoSchema } from './photo.js';

const line = (maxLength: number, description: string, example: string) =>
  Type.String({
    minLength: 1,
    maxLength,
    ...noControlCharacters,
    'x-trimmed': true,
    description: `${description}: 1 to ${maxLength} characters, no control characters`,
    examples: [example],
  });

const text = (maxLength: number, description: string, example: string) =>
  Type.String({
    minLength: 1,
    maxLength,
    ...noControlCharactersButNewline,
    'x-trimmed': true,
    description: `${description}: 1 to ${maxLength} characters; newlines are kept`,
    examples: [example],
  });

/** The fields a client sets, each nullable: `null` is "none given". */
const detailFields = {
  name: nullable(
    line(100, 'The shelter’s name, shown in the pages’ header and title', 'Hillside Animal Rescue'),
  ),
  intro: nullable(
    text(500, 'A short introduction, shown on the list page', 'Dogs, cats and rabbits near Leeds.'),
  ),
  email: nullable(
    Type.String({
      format: 'email',
      maxLength: 254,
      'x-trimmed': true,
      description: 'Where adopters write to',
      examples: ['hello@hillside.example'],
    }),
  ),
  phone: nullable(line(40, 'A telephone number, as it should be shown', '+44 113 496 0000')),
  address: nullable(text(300, 'The postal address', '1 Hill Road\nLeeds LS1 1AA')),
  website: nullable(
    Type.String({
      format: 'uri',
      maxLength: 2000,
      pattern: '^https?://',
      'x-pattern-rule': 'must be an http or https URL',
      'x-trimmed': true,
      description: 'The shelter’s own website: an http or https URL of at most 2000 characters',
      examples: ['https://hillside.example'],
    }),
  ),
  openingHours: nullable(text(300, 'When the shelter is open, as it should be shown', 'Tue–Sat 10:00–16:00')),
  accentColour: nullable(
    Type.String({
      pattern: '^#[0-9a-fA-F]{6}$',
      'x-pattern-rule': 'must be a colour written #rrggbb',
      minLength: 7,
      maxLength: 7,
      description:
        'The pages’ accent colour, `#rrggbb`, for links and buttons: its contrast on white must be at least ' +
        '4.5:1 (WCAG 2.2 AA), or it is refused with the ratio named. Stored in lower case',
      examples: ['#1d5fa8'],
    }),
  ),
};

export type ShelterField = keyof typeof detailFields;

export const ShelterSchema = Type.Object(
  {
    ...detailFields,
    // A union, not `nullable`: a reference has no type of its own to widen.
    logo: Type.Union([Type.Ref(PhotoSchema), Type.Null()], {
      description:
        'The shelter’s logo, uploaded with `PUT /shelter/logo` through the photos’ pipeline and served ' +
        'without a key as photos are (its `position` is always 0); `null` while there is none',
    }),
    updatedAt: nullable(
      Type.String({
        format: 'date-time',
        description: 'When the details last changed (RFC 3339, UTC); `null` until they first do',
      }),
    ),
  },
  {
    $id: 'Shelter',
    additionalProperties: false,
    description: 'The shelter’s own details, shown by the public pages; a field never given is `null`',
  },
);

export const ShelterChangesSchema = Type.Partial(Type.Object(detailFields), {
  $id: 'ShelterChanges',
  additionalProperties: false,
  description:
    'A JSON Merge Patch (RFC 7396) of the shelter’s details: a field left out is unchanged, `null` clears it; ' +
    'unknown fields are rejected',
});

export type Shelter = Static<typeof ShelterSchema>;
export type ShelterChanges = Static<typeof ShelterChangesSchema>;
