// The options that choose animals on `pets list` and `pets export`: the listing's filters (docs/search.md). A
// value is checked here, before anything is sent, against the domain's sets and limits, which load no
// TypeBox; a list is comma-separated, and a flag given twice adds to it.
import { InvalidArgumentError, Option, type Command } from 'commander';
import type { PetFilters, PetstoreClient } from '@petstore/client';
import { maxListValues, maxQueryLength } from '../domain/pet-listing.js';
import {
  breedLimits,
  petAges,
  petAttributeNames,
  petCoats,
  petGoodWithNames,
  petSexes,
  petSizes,
  tagLimits,
  type PetAge,
  type PetCoat,
  type PetSex,
  type PetSize,
} from '../domain/pet-profile-values.js';
import { petStatuses, type PetStatus } from '../domain/pet-status.js';
import { instant, trueOrFalse } from './option-parsers.js';
import { categoryIdsOf, type CategoryRef } from './category-names.js';

/** What the options give, under commander's names for them (`--good-with` is `goodWith`). */
export interface PetFilterFlags {
  status?: PetStatus;
  published?: boolean;
  /** Ids, or names, which `petFiltersFor` looks up. */
  category?: CategoryRef[];
  breed?: string[];
  sex?: PetSex[];
  age?: PetAge[];
  size?: PetSize[];
  coat?: PetCoat[];
  goodWith?: Array<(typeof petGoodWithNames)[number]>;
  attributes?: Array<(typeof petAttributeNames)[number]>;
  tag?: string[];
  q?: string;
  /** Unix epoch milliseconds. */
  updatedSince?: number;
}

/** A parser of a comma list whose every value `check` reads (or refuses, saying why), added to `earlier`. */
const commaList =
  <T>(check: (value: string) => T) =>
  (text: string, earlier: readonly T[] = []): T[] => {
    const values = [...earlier, ...text.split(',').map((value) => check(value.trim()))];
    if (values.length > maxListValues)
      throw new InvalidArgumentError(`Give at most ${maxListValues} values, not ${values.length}.`);
    return values;
  };

const oneOf =
  <T extends string>(names: readonly T[]) =>
  (value: string): T => {
    if (!(names as readonly string[]).includes(value))
      throw new InvalidArgumentError(`'${value}' is not one of ${names.join(', ')}.`);
    return value as T;
  };

const text =
  ({ minLength, maxLength }: { minLength: number; maxLength: number }) =>
  (value: string): string => {
    if (value.length < minLength || value.length > maxLength)
      throw new InvalidArgumentError(
        `Each value is ${minLength} to ${maxLength} characters; '${value}' is not.`,
      );
    return value;
  };

/** A category's id (a positive whole number) or its name. */
const category = (value: string): CategoryRef => {
  if (!/^\d+$/.test(value)) {
    if (value === '') throw new InvalidArgumentError('Give a category name or id, not an empty one.');
    return value;
  }
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id < 1)
    throw new InvalidArgumentError(`'${value}' is not a category id (a positive whole number).`);
  return id;
};

/**
 * `--status`: the API's statuses, and `adopted` for `sold`, the word a shelter uses for it (the API keeps the
 * spec's `sold`).
 */
const statusWords = [...petStatuses, 'adopted'] as PetStatus[];
const status = (value: string): PetStatus => (value === 'adopted' ? 'sold' : oneOf(statusWords)(value));

const words = (value: string): string => {
  if (value.length > maxQueryLength)
    throw new InvalidArgumentError(`Give at most ${maxQueryLength} characters, not ${value.length}.`);
  return value;
};

/** `--size small,medium`: values of the closed set `names` of the field the flag is named after. */
const setOption = (field: string, names: readonly string[]) =>
  new Option(
    `--${field} <values>`,
    `Only pets whose ${field} is one of these, separated by commas: ${names.join(', ')}`,
  ).argParser(commaList(oneOf(names)));

/** Adds the filters to a command: each optional; given together, a pet must pass every one. */
export function withPetFilterOptions(command: Command): Command {
  const options = [
    new Option(
      '--status <status>',
      `Only pets with this status: ${petStatuses.join(', ')}; adopted is taken for sold`,
    ).argParser(status),
    new Option(
      '--published <true|false>',
      'Only pets the public adoption pages show (true), or only those they do not (false)',
    ).argParser(trueOrFalse),
    new Option(
      '--category <categories>',
      'Only pets of one of these categories, names (any case) or ids separated by commas: dog,cat or 1,2',
    ).argParser(commaList(category)),
    new Option(
      '--breed <names>',
      'Only pets of one of these breeds (any case), separated by commas',
    ).argParser(commaList(text(breedLimits))),
    setOption('sex', petSexes),
    setOption('age', petAges),
    setOption('size', petSizes),
    setOption('coat', petCoats),
    new Option(
      '--good-with <names>',
      `Only pets known to be good with every one of these: ${petGoodWithNames.join(', ')}`,
    ).argParser(commaList(oneOf(petGoodWithNames))),
    new Option(
      '--attributes <names>',
      `Only pets for which every one of these is true: ${petAttributeNames.join(', ')}`,
    ).argParser(commaList(oneOf(petAttributeNames))),
    new Option('--tag <tags>', 'Only pets that carry every one of these tags (any case)').argParser(
      commaList(text(tagLimits)),
    ),
    new Option(
      '--q <words>',
      'Words of the name, breed, colour, tags or description; the last also as a prefix (tab finds Tabby)',
    ).argParser(words),
    new Option(
      '--updated-since <time>',
      'Only pets changed at or after this RFC 3339 time, e.g. 2026-11-01T00:00:00Z',
    ).argParser(instant),
  ];
  for (const option of options) command.addOption(option);
  return command;
}

/** The SDK's filters of the flags given, category names looked up as `client` sees them. */
export const petFiltersFor = async (client: PetstoreClient, flags: PetFilterFlags): Promise<PetFilters> => ({
  status: flags.status,
  published: flags.published,
  categoryId: flags.category && (await categoryIdsOf(client, flags.category)),
  breed: flags.breed,
  sex: flags.sex,
  age: flags.age,
  size: flags.size,
  coat: flags.coat,
  goodWith: flags.goodWith,
  attributes: flags.attributes,
  tag: flags.tag,
  q: flags.q,
  updatedSince: flags.updatedSince === undefined ? undefined : new Date(flags.updatedSince),
});
