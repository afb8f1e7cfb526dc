// The query of `GET /v1/pets`: its schema (validation and OpenAPI: every parameter with its values), and the
// filter and sort it asks for. A list parameter is comma-separated, an OR of its values; parameters combine
// with AND. Each value set is checked by its schema's pattern, whose message names the parameter.
import { Type, type Static } from '@sinclair/typebox';
import { caseKey } from '../../domain/case-key.js';
import { noControlCharacters } from '../../domain/control-characters.js';
import { cursorLength } from '../../domain/cursor.js';
import {
  listingDigestLength,
  maxInstantLength,
  maxListValues,
  maxQueryLength,
  petSorts,
  type PetFilter,
} from '../../domain/pet-listing.js';
import { nameLimits, PetStatusSchema } from '../../domain/pet.js';
import {
  petAges,
  petAttributeNames,
  petCoats,
  petGoodWithNames,
  petSexes,
  petSizes,
  tagLimits,
} from '../../domain/pet-profile-values.js';
import { maxSafeId } from '../../domain/resource-id.js';
import { maxFoldedBytesPerCharacter, queryWords } from '../../domain/search-words.js';
import { ApiError } from '../../errors/api-error.js';
import { pageCursorQuery, pageLimitQuery } from '../../http/page-link.js';

const listed = (values: readonly string[]) => values.map((value) => `\`${value}\``).join(', ');

/**
 * The bounds of a comma list of 1 to `maxListValues` values, each matching `value` and at most `longest`
 * characters long.
 */
const listBounds = (value: string, longest: number) => ({
  maxLength: maxListValues * (longest + 1) - 1,
  pattern: `^${value}(,${value}){0,${maxListValues - 1}}$`,
});

const longestOf = (values: readonly string[]) => Math.max(...values.map((value) => value.length));

/** A comma list of values of a closed set. */
const setList = (values: readonly string[], description: string) =>
  Type.Optional(
    Type.String({
      ...listBounds(`(${values.join('|')})`, longestOf(values)),
      'x-pattern-rule': `must be one or more of ${values.join(', ')} (at most ${maxListValues}), separated by commas`,
      description: `${description}: one or more of ${listed(values)}, separated by commas`,
    }),
  );

/** A comma list of free text, each value 1 to `maxLength` characters (once trimmed: checked by filterOf). */
const textList = (maxLength: number, description: string) =>
  Type.Optional(
    Type.String({
      minLength: 1,
      ...listBounds('[^,]+', maxLength),
      'x-pattern-rule': `must be one or more values (at most ${maxListValues}) separated by commas, none empty`,
      description,
    }),
  );

/** The digits of an id, without a leading zero; past 2^53-1 it is refused by filterOf. */
const idDigits = `[1-9][0-9]{0,${String(maxSafeId).length - 1}}`;

/**
 * The longest cursor of a pet listing: after the largest id, sorted by the longest name's folded key (the
 * longest sort key), bound to a digest of the filters (services/pet-pages.ts).
 */
const maxPetCursorLength = cursorLength({
  afterId: maxSafeId,
  key: 'x'.repeat(nameLimits.maxLength * maxFoldedBytesPerCharacter),
  filters: [`#${'x'.repeat(listingDigestLength)}`],
});

export const ListPetsQuery = Type.Object(
  {
    limit: pageLimitQuery('animals'),
    status: Type.Optional(Type.Ref(PetStatusSchema, { description: 'Only animals with this status' })),
    published: Type.Optional(
      Type.Boolean({
        description:
          '`true`: only the animals the public pages show; `false`: only those they do not. Exactly `true` ' +
          'or `false`',
      }),
    ),
    id: Type.Optional(
      Type.String({
        ...listBounds(idDigits, String(maxSafeId).length),
        'x-pattern-rule': `must be one or more pet ids (at most ${maxListValues}) separated by commas`,
        description:
          `Only the animals with these ids (at most ${maxListValues}, separated by commas). With one id, the ` +
          'non-deprecated way to read one animal and its `etag` for an edit with `If-Match` (docs/pets.md)',
        examples: ['7', '7,8'],
      }),
    ),
    categoryId: Type.Optional(
      Type.String({
        ...listBounds(idDigits, String(maxSafeId).length),
        'x-pattern-rule': `must be one or more category ids (at most ${maxListValues}) separated by commas`,
        description: `Only animals of this category, or of any of a list of at most ${maxListValues}, separated by commas`,
        examples: ['1', '1,2'],
      }),
    ),
    breed: textList(
      100,
      `Only animals of this breed (any case), or of any of a list of at most ${maxListValues}`,
    ),
    sex: setList(petSexes, 'Only animals of these sexes'),
    age: setList(petAges, 'Only animals of these age groups'),
    size: setList(petSizes, 'Only animals of these sizes'),
    coat: setList(petCoats, 'Only animals with these coats'),
    goodWith: setList(petGoodWithNames, 'Only animals known to be good with every one of these'),
    attributes: setList(petAttributeNames, 'Only animals for which every one of these is true'),
    tag: textList(tagLimits.maxLength, 'Only animals that carry every one of these tags (any case)'),
    q: Type.Optional(
      Type.String({
        maxLength: maxQueryLength,
        ...noControlCharacters,
        description:
          'Words searched in the name, breed, colour, tags and description: every word must match a word of the ' +
          'animal, the last also as the start of one (`tab` finds Tabby); any case, accents ignored (docs/search.md)',
        examples: ['tabby', 'calm older dog'],
      }),
    ),
    updatedSince: Type.Optional(
      Type.String({
        format: 'date-time',
        maxLength: maxInstantLength,
        description: 'RFC 3339 instant: only animals whose `updatedAt` is at or after it',
        examples: ['2026-11-01T00:00:00Z'],
      }),
    ),
    sort: Type.Optional(
      Type.Unsafe<(typeof petSorts)[number]>({
        type: 'string',
        enum: [...petSorts],
        default: 'id',
        description:
          'Order of the listing, ties broken by id: `id` (ascending, the default), `updatedAt` (oldest change ' +
          'first, for syncing), `-updatedAt` (newest change first), `-createdAt` (newest arrival first), `name`',
      }),
    ),
    cursor: pageCursorQuery('filters and `sort`', maxPetCursorLength),
  },
  { additionalProperties: false },
);
export type ListPetsQueryValues = Static<typeof ListPetsQuery>;

const split = (value: string) => value.split(',').map((part) => part.trim());

/** The distinct values of a list parameter (its schema bounds how many). */
function valuesOf(value: string | undefined): string[] | undefined {
  return value === undefined ? undefined : [...new Set(split(value))];
}

/** The ids of an id list parameter; one past 2^53-1 is a 400 naming the parameter. */
function idsOf(value: string | undefined, parameter: string): number[] | undefined {
  const ids = valuesOf(value)?.map(Number);
  if (ids?.some((id) => id > maxSafeId)) {
    throw new ApiError('validation_failed', `${parameter} must be at most ${maxSafeId} (2^53-1)`);
  }
  return ids;
}

/** The filter the query asks for; a rule its schema cannot state is a 400 naming the parameter. */
export function filterOf(query: ListPetsQueryValues): PetFilter {
  const filter: PetFilter = {};
  if (query.status) filter.status = query.status;
  if (query.published !== undefined) filter.published = query.published;
  const ids = idsOf(query.id, 'id');
  if (ids) filter.ids = ids;
  const categoryIds = idsOf(query.categoryId, 'categoryId');
  if (categoryIds) filter.categoryIds = categoryIds;
  const breeds = valuesOf(query.breed);
  if (breeds?.some((breed) => breed.length === 0 || breed.length > 100)) {
    throw new ApiError('validation_failed', 'breed must list names of 1 to 100 characters');
  }
  if (breeds) filter.breeds = breeds.map(caseKey);
  // The values of these were checked by their schemas' patterns.
  const sets = {
    sexes: query.sex,
    ages: query.age,
    sizes: query.size,
    coats: query.coat,
    goodWith: query.goodWith,
    attributes: query.attributes,
  } as const;
  for (const [field, value] of Object.entries(sets)) {
    const values = valuesOf(value);
    if (values) Object.assign(filter, { [field]: values });
  }
  const tags = valuesOf(query.tag);
  if (tags?.some((tag) => tag.length === 0 || tag.length > tagLimits.maxLength)) {
    throw new ApiError('validation_failed', `tag must list tags of 1 to ${tagLimits.maxLength} characters`);
  }
  if (tags) filter.tags = tags.map(caseKey);
  if (query.q !== undefined) filter.words = queryWords(query.q);
  if (query.updatedSince !== undefined) filter.updatedSince = Date.parse(query.updatedSince);
  return filter;
}
