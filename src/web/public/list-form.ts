// The list's GET form as values: what the address asks for, read leniently (an unknown value is "any", so a
// hand-edited or old link still shows a list), and the same PetFilter that `GET /v1/pets` builds from its
// query, over the same closed sets and word rule (src/domain/).
import { maxQueryLength, type PetFilter, type PetSort } from '../../domain/pet-listing.js';
import {
  petAges,
  petGoodWithNames,
  petSexes,
  petSizes,
  type PetAge,
  type PetSex,
  type PetSize,
} from '../../domain/pet-profile-values.js';
import { maxSafeId } from '../../domain/resource-id.js';
import { queryWords } from '../../domain/search-words.js';

export type GoodWithName = (typeof petGoodWithNames)[number];
export const listSorts = { newest: '-createdAt', name: 'name' } as const satisfies Record<string, PetSort>;
export type ListSort = keyof typeof listSorts;

/** The two parts of the list, in order: animals available, then those whose adoption is pending. */
export type ListSection = 'available' | 'pending';

export interface ListForm {
  categoryId: number | undefined;
  age: PetAge | undefined;
  size: PetSize | undefined;
  sex: PetSex | undefined;
  goodWith: GoodWithName[];
  q: string;
  sort: ListSort;
  /** Where the page starts: a section, and the API's cursor within it (none: its start). */
  section: ListSection;
  cursor: string | undefined;
}

type Query = Record<string, string | string[] | undefined>;

const first = (value: string | string[] | undefined): string =>
  (Array.isArray(value) ? value[0] : value)?.trim() ?? '';
const all = (value: string | string[] | undefined): string[] =>
  (Array.isArray(value) ? value : value === undefined ? [] : [value]).flatMap((v) => v.split(','));

const oneOf = <T extends string>(values: readonly T[], value: string): T | undefined =>
  (values as readonly string[]).includes(value) ? (value as T) : undefined;

export function readListForm(query: Query): ListForm {
  const category = first(query.categoryId);
  const categoryId = /^[1-9][0-9]{0,15}$/.test(category) ? Number(category) : undefined;
  const cursor = first(query.cursor);
  return {
    categoryId: categoryId !== undefined && categoryId <= maxSafeId ? categoryId : undefined,
    age: oneOf(petAges, first(query.age)),
    size: oneOf(petSizes, first(query.size)),
    sex: oneOf(petSexes, first(query.sex)),
    goodWith: petGoodWithNames.filter((name) => all(query.goodWith).includes(name)),
    q: first(query.q).slice(0, maxQueryLength),
    sort: first(query.sort) === 'name' ? 'name' : 'newest',
    section: first(query.section) === 'pending' ? 'pending' : 'available',
    cursor: cursor === '' ? undefined : cursor,
  };
}

/** Whether the form narrows the list at all (the order aside). */
export const isFiltered = (form: ListForm): boolean =>
  form.categoryId !== undefined ||
  form.age !== undefined ||
  form.size !== undefined ||
  form.sex !== undefined ||
  form.goodWith.length > 0 ||
  form.q !== '';

/** The filter of `GET /v1/pets` for one section of the list: of the published animals alone. */
export function filterOf(form: ListForm, section: ListSection): PetFilter {
  const filter: PetFilter = { status: section, published: true };
  if (form.categoryId !== undefined) filter.categoryIds = [form.categoryId];
  if (form.age) filter.ages = [form.age];
  if (form.size) filter.sizes = [form.size];
  if (form.sex) filter.sexes = [form.sex];
  if (form.goodWith.length > 0) filter.goodWith = form.goodWith;
  // An empty box is no filter; words as the API reads `q` (a box of punctuation alone matches nothing).
  if (form.q !== '') filter.words = queryWords(form.q);
  return filter;
}

/**
 * The address of the list with the form's values (empty ones left out, so that links stay short), starting
 * at `start`: the shareable URL of a filtered list, and of its next page.
 */
export function listHref(
  form: ListForm,
  start: { section: ListSection; cursor: string | undefined } = { section: 'available', cursor: undefined },
): string {
  const params = new URLSearchParams();
  if (form.categoryId !== undefined) params.set('categoryId', String(form.categoryId));
  if (form.age) params.set('age', form.age);
  if (form.size) params.set('size', form.size);
  if (form.sex) params.set('sex', form.sex);
  for (const name of form.goodWith) params.append('goodWith', name);
  if (form.q !== '') params.set('q', form.q);
  if (form.sort !== 'newest') params.set('sort', form.sort);
  if (start.section !== 'available') params.set('section', start.section);
  if (start.cursor !== undefined) params.set('cursor', start.cursor);
  const query = params.toString();
  return query === '' ? '/adopt' : `/adopt?${query}`;
}
