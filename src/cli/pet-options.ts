// The options that describe an animal on `pets add` and `pets update`, and the body they make. A value of a
// closed set (status, sex, age, size, coat, the names of the flags) is checked here, from the domain's lists,
// which load no TypeBox; the service checks the rest (lengths, dates, tags), and its message names the field.
import { InvalidArgumentError, Option, type Command } from 'commander';
import type { PetPatch, PetStatus } from '@petstore/client';
import {
  petAges,
  petAttributeNames,
  petCoats,
  petGoodWithNames,
  petSexes,
  petSizes,
} from '../domain/pet-profile-values.js';
import { petStatuses } from '../domain/pet-status.js';
import { usageError } from './cli-error.js';
import { positiveInteger, trueOrFalse } from './option-parsers.js';

/** The profile's fields: each has an option of its own, and `--clear` may name it. */
const profileFields = [
  'breed',
  'mixedBreed',
  'sex',
  'age',
  'birthDate',
  'size',
  'color',
  'coat',
  'description',
  'attributes',
  'goodWith',
  'tags',
] as const satisfies ReadonlyArray<keyof PetPatch>;
type ProfileField = (typeof profileFields)[number];

/** What the options give, under commander's names for them (`--good-with` is `goodWith`). */
export type PetFlags = Pick<PetPatch, Exclude<ProfileField, 'attributes' | 'goodWith'>> & {
  name?: string;
  category?: number;
  status?: PetStatus;
  published?: boolean;
  attributes?: Record<string, boolean | null>;
  goodWith?: Record<string, boolean | null>;
  clear?: ProfileField[];
};

const flagValues: Record<string, boolean | null> = { true: true, false: false, unknown: null };

/** `children=true,cats=unknown`: each name one of `names`, each value true, false or unknown (null). */
const flagList =
  (names: readonly string[]) =>
  (text: string, earlier: Record<string, boolean | null> = {}): Record<string, boolean | null> => {
    const flags = { ...earlier };
    for (const pair of text.split(',')) {
      const [name = '', value = ''] = pair.split('=').map((part) => part.trim());
      if (!names.includes(name))
        throw new InvalidArgumentError(`'${name}' is not one of ${names.join(', ')}.`);
      const flag = flagValues[value];
      if (flag === undefined)
        throw new InvalidArgumentError(`Give ${name}=true, ${name}=false or ${name}=unknown.`);
      flags[name] = flag;
    }
    return flags;
  };

/** `playful,quiet home`: the tags, appended to those of an earlier --tags; an empty value gives none. */
const tagList = (text: string, earlier: string[] = []): string[] => [
  ...earlier,
  ...text
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag !== ''),
];

const seedFields = ['name', 'category', 'categoryId', 'status'];
const camelCase = (name: string) => name.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());

/** `breed,good-with`: fields of the profile, by their names in the API or as options. */
const fieldList = (text: string, earlier: ProfileField[] = []): ProfileField[] => [
  ...earlier,
  ...text.split(',').map((word) => {
    const name = camelCase(word.trim());
    if (seedFields.includes(name))
      throw new InvalidArgumentError(`${word.trim()} cannot be cleared: every pet has one.`);
    if (!(profileFields as readonly string[]).includes(name))
      throw new InvalidArgumentError(`'${word.trim()}' is not one of ${profileFields.join(', ')}.`);
    return name as ProfileField;
  }),
];

/** The options of the profile, which `add` and `update` share. */
const profileOptions = (): Option[] => [
  new Option('--breed <breed>', 'Breed; where the category has a breed list, one of it (any case)'),
  new Option('--mixed-breed <true|false>', 'Whether the animal is of mixed breed').argParser(trueOrFalse),
  new Option('--sex <sex>', 'Sex').choices(petSexes),
  new Option('--age <age>', 'Age group').choices(petAges),
  new Option('--birth-date <YYYY-MM-DD>', 'Date of birth, from 1900-01-01 to today'),
  new Option('--size <size>', 'Size when grown').choices(petSizes),
  new Option('--color <color>', 'Colour, 1 to 50 characters'),
  new Option('--coat <coat>', 'Coat length or type').choices(petCoats),
  new Option('--description <text>', 'Free text, up to 10,000 characters; newlines are kept'),
  new Option(
    '--attributes <flags>',
    `Facts about its care, e.g. vaccinated=true,specialNeeds=false (${petAttributeNames.join(', ')}: ` +
      'true, false or unknown)',
  ).argParser(flagList(petAttributeNames)),
  new Option(
    '--good-with <flags>',
    `Whom it gets on with, e.g. children=true,cats=false (${petGoodWithNames.join(', ')}: true, false or unknown)`,
  ).argParser(flagList(petGoodWithNames)),
  new Option('--tags <tags>', 'Tags, separated by commas: at most 10, each 1 to 30 characters').argParser(
    tagList,
  ),
];

/** Adds the options of a new animal to `pets add`: a name and a category, then the optional rest. */
export function withNewPetOptions(command: Command): Command {
  command
    .requiredOption('--name <name>', 'Name of the animal')
    .requiredOption('--category <id>', 'Category id', positiveInteger('--category'))
    .addOption(new Option('--status <status>', 'Status (default available)').choices(petStatuses))
    .addOption(
      new Option(
        '--published <true|false>',
        'Whether the public adoption pages show it (default true)',
      ).argParser(trueOrFalse),
    );
  for (const option of profileOptions()) command.addOption(option);
  return command;
}

/** Adds the options of a change to `pets update`: any field, and `--clear` for those to forget. */
export function withPetChangeOptions(command: Command): Command {
  command
    .option('--name <name>', 'New name')
    .option('--category <id>', 'New category id', positiveInteger('--category'))
    .addOption(
      new Option('--status <status>', 'New status; only while the pet has no open order').choices(
        petStatuses,
      ),
    )
    .addOption(
      new Option('--published <true|false>', 'Whether the public adoption pages show it').argParser(
        trueOrFalse,
      ),
    );
  for (const option of profileOptions()) command.addOption(option);
  return command
    .addOption(
      new Option(
        '--clear <fields>',
        'Fields to forget (made unknown), separated by commas, e.g. breed,good-with; name, category and ' +
          'status cannot be',
      ).argParser(fieldList),
    )
    .addOption(
      new Option(
        '--if-match <etag>',
        'Change the pet only if its ETag (as `pets get` shows it) is still this one; otherwise nothing changes',
      ).argParser(entityTag),
    );
}

/** An ETag as typed on a command line, whose shell may have taken its quotes away: `42.3` is `"42.3"`. */
const entityTag = (text: string): string => {
  const tag = text.trim();
  return /^(\*|(W\/)?".*")$/.test(tag) ? tag : `"${tag}"`;
};

/**
 * The body the options make: the fields given, and `null` for each field to clear. A field both given and
 * cleared is refused rather than one of them dropped.
 */
export function petBodyOf(flags: PetFlags): PetPatch {
  const body: Record<string, unknown> = {};
  if (flags.name !== undefined) body.name = flags.name;
  if (flags.category !== undefined) body.categoryId = flags.category;
  if (flags.status !== undefined) body.status = flags.status;
  if (flags.published !== undefined) body.published = flags.published;
  for (const field of profileFields) if (flags[field] !== undefined) body[field] = flags[field];
  for (const field of flags.clear ?? []) {
    if (body[field] !== undefined && body[field] !== null)
      throw usageError(`--clear ${field} and a value for ${field}: give one or the other`);
    body[field] = null;
  }
  return body as PetPatch;
}
