// The filters and sorts of the pet listing as the SDK takes them (each value typed, a list as an array, a time
// as a Date), and the query string the service reads: comma lists and RFC 3339 times (docs/search.md).
import type { components, paths } from './openapi-types.js';

type Pet = components['schemas']['Pet'];
/** The query of `GET /pets`, as the OpenAPI document types it: every value a string. */
export type PetsQuery = NonNullable<paths['/pets']['get']['parameters']['query']>;

export type PetSex = NonNullable<Pet['sex']>;
export type PetAge = NonNullable<Pet['age']>;
export type PetSize = NonNullable<Pet['size']>;
export type PetCoat = NonNullable<Pet['coat']>;
/** A name of `goodWith`: `children`, `dogs` or `cats`. */
export type PetGoodWithName = keyof Pet['goodWith'];
/** A name of `attributes`: `spayedNeutered`, `houseTrained`, `vaccinated` or `specialNeeds`. */
export type PetAttributeName = keyof Pet['attributes'];
/** The order of a listing, ties broken by id: `id` (the default), `updatedAt`, `-updatedAt`, `-createdAt`, `name`. */
export type PetSort = NonNullable<PetsQuery['sort']>;

/** One value, or a list of them; an empty list is the same as none. */
type OneOrMore<T> = T | readonly T[];

/** What the animals listed must be: every filter given applies (AND); a list is any of its values (OR). */
export interface PetFilters {
  status?: Pet['status'];
  /** `true`: only the animals the public pages show; `false`: only those they do not. */
  published?: boolean;
  /** An animal's id, or any of a list of at most 20. */
  id?: OneOrMore<number>;
  /** A category, or any of a list of at most 20. */
  categoryId?: OneOrMore<number>;
  /** A breed's name in any case, or any of a list of at most 20. A name cannot hold a comma. */
  breed?: OneOrMore<string>;
  sex?: OneOrMore<PetSex>;
  age?: OneOrMore<PetAge>;
  size?: OneOrMore<PetSize>;
  coat?: OneOrMore<PetCoat>;
  /** Whom the animal is known to get on with: every one named (`['cats', 'dogs']`: both). */
  goodWith?: OneOrMore<PetGoodWithName>;
  /** Facts about its care that are true: every one named. */
  attributes?: OneOrMore<PetAttributeName>;
  /** Tags it carries, in any case: every one named. */
  tag?: OneOrMore<string>;
  /** Words of its name, breed, colour, tags or description; the last also as a prefix (`tab` finds Tabby). */
  q?: string;
  /** Only animals changed at or after this time: a Date, or an RFC 3339 string with an offset. */
  updatedSince?: Date | string;
}

const commaList = (value: OneOrMore<string | number> | undefined): string | undefined => {
  const values = [value ?? []].flat();
  return values.length > 0 ? values.join(',') : undefined;
};

function instantOf(time: Date | string | undefined): string | undefined {
  if (!(time instanceof Date)) return time;
  if (Number.isNaN(time.getTime())) throw new TypeError('updatedSince is a Date that holds no time');
  return time.toISOString();
}

export interface ListPetsOptions extends PetFilters {
  /** The order: `id` (the default), `updatedAt` (oldest change first), `-updatedAt`, `-createdAt`, `name`. */
  sort?: PetSort;
  /** Animals per page, 1 to 100 (default 20). */
  limit?: number;
  /** Where to start: the `nextCursor` (or `resumeCursor`) of an earlier page with the same filters and sort. */
  cursor?: string;
}

/** The query string of the options: lists as comma lists, a Date in RFC 3339, the rest as given. */
export function petsQuery(options: ListPetsOptions): PetsQuery {
  const { id, categoryId, breed, sex, age, size, coat, goodWith, attributes, tag, updatedSince, ...rest } =
    options;
  return {
    ...rest,
    id: commaList(id),
    categoryId: commaList(categoryId),
    breed: commaList(breed),
    sex: commaList(sex),
    age: commaList(age),
    size: commaList(size),
    coat: commaList(coat),
    goodWith: commaList(goodWith),
    attributes: commaList(attributes),
    tag: commaList(tag),
    updatedSince: instantOf(updatedSince),
  };
}
