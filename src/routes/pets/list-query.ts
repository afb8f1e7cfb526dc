// The query of `GET /v1/pets`: its schema (validation and OpenAPI: every parameter with its values), and the
// filter and sort it asks for. A list parameter is comma-separated, an OR of its values; parameters combine
// with AND. Each value set is checked by its schema's pattern, whose message names the parameter.
import { Type, type Static } from '@sinclair/typebox';
import { caseKey } from '../../domain/case-key.js';
import { maxListValues, maxQueryLength, petSorts, type PetFilter } from '../../domain/pet-listing.js';
import { PetStatusSchema } from '../../domain/pet.js';
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
import { queryWords } from '../../domain/search-words.js';
import { ApiError } from '../../errors/api-error.js';
import { pageCursorQuery, pageLimitQuery } from '../../http/page-link.js';

const listed = (values: readonly string[]) => values.map((value) => `\`${value}\``).join(', ');

/** A comma list of values of a closed set. */
const setList = (values: readonly string[], description: string) =>
  Type.Optional(
    Type.String({
      pattern: `^(${values.join('|')})(,(${values.join('|')}))*$`,
      'x-pattern-rule': `must be one or more of ${values.join(', ')}, separated by commas`,
      description: `${description}: one or more of ${listed(values)}, separated by commas`,
    }),
  );

/** A comma list of free text, each value 1 to `maxLength` characters. */
const textList = (maxLength: number, description: string) =>
  Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: maxListValues * (maxLength + 1),
      pattern: '^[^,]+(,[^,]+)*$',
      'x-pattern-rule': 'must be one or more values separated by commas, none empty',
      description,
    }),
  );

export const ListPetsQuery = Type.Object(
  {
    limit: pageLimitQuery('animals'),
    status: Type.Optional(Type.Ref(PetStatusSchema, { description: 'Only animals with this status' })),
    categoryId: Type.Optional(
      Type.String({
        pattern: '^[1-9][0-9]{0,15}(,[1-9][0-9]{0,15})*$',
        'x-pattern-rule': 'must be one or more category ids separated by commas',
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
        description:
          'Words searched in the name, breed, colour, tags and description: every word must match a word of the ' +
          'animal, the last also as the start of one (`tab` finds Tabby); any case, accents ignored (docs/search.md)',
        examples: ['tabby', 'calm older dog'],
      }),
    ),
    updatedSince: Type.Optional(
      Type.String({
        format: 'date-time',
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
    cursor: pageCursorQuery('filters and `sort`'),
  },
  { additionalProperties: false },
);
export type ListPetsQueryValues = Static<typeof ListPetsQuery>;

const split = (value: string) => value.split(',').map((part) => part.trim());

/** The values of a list parameter, at most `maxListValues` of them. */
function valuesOf(name: string, value: string | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  const values = split(value);
  if (values.length > maxListValues) {
    throw new ApiError(
      'validation_failed',
      `${name} lists ${values.length} values; at most ${maxListValues}`,
    );
  }
  return [...new Set(values)];
}

/** The filter the query asks for; a rule its schema cannot state is a 400 naming the parameter. */
export function filterOf(query: ListPetsQueryValues): PetFilter {
  const filter: PetFilter = {};
  if (query.status) filter.status = query.status;
  const categoryIds = valuesOf('categoryId', query.categoryId)?.map(Number);
  if (categoryIds?.some((id) => id > maxSafeId)) {
    throw new ApiError('validation_failed', `categoryId must be at most ${maxSafeId} (2^53-1)`);
  }
  if (categoryIds) filter.categoryIds = categoryIds;
  const breeds = valuesOf('breed', query.breed);
  if (breeds?.some((breed) => breed.length === 0 || breed.length > 100)) {
    throw new ApiError('validation_failed', 'breed must list names of 1 to 100 characters');
  }
  if (breeds) filter.breeds = breeds.map(caseKey);
  // The values of these were checked by their schemas' patterns.
  const sets = {
    sexes: ['sex', query.sex],
    ages: ['age', query.age],
    sizes: ['size', query.size],
    coats: ['coat', query.coat],
    goodWith: ['goodWith', query.goodWith],
    attributes: ['attributes', query.attributes],
  } as const;
  for (const [field, [name, value]] of Object.entries(sets)) {
    const values = valuesOf(name, value);
    if (values) Object.assign(filter, { [field]: values });
  }
  const tags = valuesOf('tag', query.tag);
  if (tags?.some((tag) => tag.length === 0 || tag.length > tagLimits.maxLength)) {
    throw new ApiError('validation_failed', `tag must list tags of 1 to ${tagLimits.maxLength} characters`);
  }
  if (tags) filter.tags = tags.map(caseKey);
  if (query.q !== undefined) filter.words = queryWords(query.q);
  if (query.updatedSince !== undefined) filter.updatedSince = Date.parse(query.updatedSince);
  return filter;
}
