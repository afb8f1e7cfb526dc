// The columns of a pets CSV file, which export writes and import reads: a pet's fields in the API's order,
// with `attributes` and `goodWith` as a column per flag (`goodWith.cats`), so that a spreadsheet can sort and
// filter on them, and `tags` in one cell, separated by `|`. An empty cell is a field not known (null).
// `createdAt` and `updatedAt` are written for the reader; an import leaves them to the service, which sets them.
// `photos` holds the URLs of the photos' full size, the primary first, separated by `|` (no URL holds one):
// for the reader too, since an import cannot copy a photo from a URL.
import type { Pet } from '@petstore/client';
import { petAttributeNames, petGoodWithNames } from '../../domain/pet-profile-values.js';

type Body = Record<string, unknown>;

interface Column {
  name: string;
  /** The pet's cell. */
  write(pet: Pet): string;
  /** Puts the cell's value into the body the row sends; absent where an import takes nothing from it. */
  read?(body: Body, cell: string): void;
}

const textOf = (value: string | number | boolean | null): string => (value === null ? '' : String(value));

/**
 * `true` and `false` (any case) are booleans and an empty cell is null; anything else is sent as it is, so
 * that the service's own validation words the error.
 */
const flagOf = (cell: string): unknown => {
  const word = cell.trim().toLowerCase();
  return word === '' ? null : word === 'true' ? true : word === 'false' ? false : cell;
};

/** Tags joined by `|`, a `|` or `\` within a tag escaped by a `\`: any tag comes back as it went. */
const tagsCell = (tags: string[]): string => tags.map((tag) => tag.replace(/[\\|]/g, '\\$&')).join('|');

/** The tags of a cell, spaces around each dropped: `playful | quiet home`. */
const tagsOf = (cell: string): string[] =>
  (cell.match(/(?:\\.|[^\\|])+/g) ?? [])
    .map((tag) => tag.replace(/\\(.)/g, '$1').trim())
    .filter((tag) => tag !== '');

type Scalar = 'breed' | 'sex' | 'age' | 'birthDate' | 'size' | 'color' | 'coat' | 'description';

const text = (name: Scalar): Column => ({
  name,
  write: (pet) => textOf(pet[name]),
  read: (body, cell) => void (body[name] = cell === '' ? null : cell),
});

/** A column per flag of `group`, named `group.flag`. */
const flagColumns = (group: 'attributes' | 'goodWith', flags: readonly string[]): Column[] =>
  flags.map((flag) => ({
    name: `${group}.${flag}`,
    write: (pet) => textOf((pet[group] as Record<string, boolean | null>)[flag] ?? null),
    read: (body, cell) => void (((body[group] ??= {}) as Body)[flag] = flagOf(cell)),
  }));

export const petColumns: readonly Column[] = [
  // The id an export gives a row: import matches it against the pets that exist (--on-existing).
  { name: 'id', write: (pet) => String(pet.id) },
  { name: 'name', write: (pet) => pet.name, read: (body, cell) => void (body.name = cell) },
  {
    name: 'categoryId',
    write: (pet) => String(pet.categoryId),
    read: (body, cell) => void (body.categoryId = /^\s*\d+\s*$/.test(cell) ? Number(cell) : cell),
  },
  // Empty: the default of a new pet (available), and no change to an existing one.
  { name: 'status', write: (pet) => pet.status, read: (body, cell) => void (cell && (body.status = cell)) },
  // Empty: the default of a new pet (published), and no change to an existing one.
  {
    name: 'published',
    write: (pet) => String(pet.published),
    read: (body, cell) => void (cell.trim() && (body.published = flagOf(cell))),
  },
  text('breed'),
  {
    name: 'mixedBreed',
    write: (pet) => textOf(pet.mixedBreed),
    read: (body, cell) => void (body.mixedBreed = flagOf(cell)),
  },
  text('sex'),
  text('age'),
  text('birthDate'),
  text('size'),
  text('color'),
  text('coat'),
  text('description'),
  ...flagColumns('attributes', petAttributeNames),
  ...flagColumns('goodWith', petGoodWithNames),
  {
    name: 'tags',
    write: (pet) => tagsCell(pet.tags),
    read: (body, cell) => void (body.tags = cell.trim() === '' ? null : tagsOf(cell)),
  },
  { name: 'photos', write: (pet) => pet.photos.map((photo) => photo.urls.full).join('|') },
  { name: 'createdAt', write: (pet) => pet.createdAt },
  { name: 'updatedAt', write: (pet) => pet.updatedAt },
];

const columnOf = new Map(petColumns.map((column) => [column.name, column]));

/** The body a CSV row sends, from its cells by column name: the cells of the columns it has, no others. */
export function bodyOfCells(cells: Record<string, string>): Body {
  const body: Body = {};
  for (const [name, cell] of Object.entries(cells)) columnOf.get(name)?.read?.(body, cell);
  return body;
}
