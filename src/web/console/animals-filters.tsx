// The animals list's GET form: every filter and order of `GET /v1/pets`, plus whether the animal is on the
// website, read leniently from the address (an unknown value is "any", so a hand-edited or old link still
// shows a list) into the same PetFilter the API builds, over the same closed sets, name folding and word
// rule. The everyday filters show; the rest wait under "More filters", which opens when one of them is set.
import type { Category } from '../../domain/category.js';
import { caseKey } from '../../domain/case-key.js';
import { maxQueryLength, type PetFilter, type PetSort } from '../../domain/pet-listing.js';
import {
  breedLimits,
  petAges,
  petAttributeNames,
  petCoats,
  petGoodWithNames,
  petSexes,
  petSizes,
  tagLimits,
} from '../../domain/pet-profile-values.js';
import { petStatuses } from '../../domain/pet.js';
import { idOfText } from '../../domain/resource-id.js';
import { queryWords } from '../../domain/search-words.js';
import type { Messages } from '../messages/en.js';

type Query = Record<string, string | string[] | undefined>;

/** The list's orders, by the words the address uses. */
export const consoleSorts = {
  newest: '-createdAt',
  name: 'name',
  changed: '-updatedAt',
  unchanged: 'updatedAt',
  id: 'id',
} as const satisfies Record<string, PetSort>;
type ConsoleSort = keyof typeof consoleSorts;

/** The single-choice filters, each a select of its closed set, and the texts, by their address names. */
const choices = {
  status: petStatuses,
  published: ['true', 'false'],
  sex: petSexes,
  age: petAges,
  size: petSizes,
  coat: petCoats,
} as const;
type Choice = keyof typeof choices;

export interface AnimalsQuery {
  q: string;
  categoryId: string;
  breed: string;
  tag: string;
  choices: Record<Choice, string>;
  goodWith: string[];
  attributes: string[];
  sort: ConsoleSort;
  cursor: string | undefined;
}

const one = (query: Query, name: string) => {
  const value = query[name];
  return ((Array.isArray(value) ? value[0] : value) ?? '').trim();
};
const many = (query: Query, name: string, allowed: readonly string[]) => {
  const value = query[name];
  const given = (Array.isArray(value) ? value : value === undefined ? [] : [value]).flatMap((v) =>
    v.split(','),
  );
  return allowed.filter((name) => given.includes(name));
};

export function readQuery(query: Query): AnimalsQuery {
  const category = one(query, 'categoryId');
  const sort = one(query, 'sort');
  return {
    q: one(query, 'q').slice(0, maxQueryLength),
    categoryId: idOfText(category) === undefined ? '' : category,
    breed: one(query, 'breed').slice(0, breedLimits.maxLength),
    tag: one(query, 'tag').slice(0, tagLimits.maxLength),
    choices: Object.fromEntries(
      Object.entries(choices).map(([name, values]) => {
        const given = one(query, name);
        return [name, (values as readonly string[]).includes(given) ? given : ''];
      }),
    ) as Record<Choice, string>,
    goodWith: many(query, 'goodWith', petGoodWithNames),
    attributes: many(query, 'attributes', petAttributeNames),
    sort: Object.hasOwn(consoleSorts, sort) ? (sort as ConsoleSort) : 'newest',
    cursor: one(query, 'cursor') || undefined,
  };
}

export function filterOf(form: AnimalsQuery): PetFilter {
  const filter: PetFilter = {};
  const { status, published, sex, age, size, coat } = form.choices;
  if (form.q !== '') filter.words = queryWords(form.q);
  if (form.categoryId !== '') filter.categoryIds = [Number(form.categoryId)];
  if (form.breed !== '') filter.breeds = [caseKey(form.breed)];
  if (form.tag !== '') filter.tags = [caseKey(form.tag)];
  if (status) filter.status = status as NonNullable<PetFilter['status']>;
  if (published) filter.published = published === 'true';
  if (sex) filter.sexes = [sex as (typeof petSexes)[number]];
  if (age) filter.ages = [age as (typeof petAges)[number]];
  if (size) filter.sizes = [size as (typeof petSizes)[number]];
  if (coat) filter.coats = [coat as (typeof petCoats)[number]];
  if (form.goodWith.length > 0) filter.goodWith = form.goodWith as NonNullable<PetFilter['goodWith']>;
  if (form.attributes.length > 0) filter.attributes = form.attributes as NonNullable<PetFilter['attributes']>;
  return filter;
}

/** The address of the list with this form, at `cursor`. */
export function linkWith(form: AnimalsQuery, cursor: string): string {
  const params = new URLSearchParams();
  for (const name of ['q', 'categoryId', 'breed', 'tag'] as const)
    if (form[name] !== '') params.set(name, form[name]);
  for (const [name, value] of Object.entries(form.choices)) if (value !== '') params.set(name, value);
  if (form.goodWith.length > 0) params.set('goodWith', form.goodWith.join(','));
  if (form.attributes.length > 0) params.set('attributes', form.attributes.join(','));
  if (form.sort !== 'newest') params.set('sort', form.sort);
  params.set('cursor', cursor);
  return `/console?${params}`;
}

/** Whether one of the filters under "More filters" is set, so that it shows open. */
const moreSet = (form: AnimalsQuery) =>
  form.breed !== '' ||
  form.tag !== '' ||
  ['sex', 'age', 'size', 'coat'].some((name) => form.choices[name as Choice] !== '') ||
  form.goodWith.length > 0 ||
  form.attributes.length > 0;

interface SelectProps {
  id: string;
  label: string;
  value: string;
  any: string;
  options: Array<{ value: string; label: string }>;
}

function Select({ id, label, value, any, options }: SelectProps) {
  return (
    <div class="field">
      <label for={`f-${id}`}>{label}</label>
      <select id={`f-${id}`} name={id}>
        <option value="">{any}</option>
        {options.map((option) => (
          <option value={option.value} selected={value === option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function Checks({
  legend,
  name,
  chosen,
  words,
}: {
  legend: string;
  name: string;
  chosen: string[];
  words: Record<string, string>;
}) {
  return (
    <fieldset class="field">
      <legend>{legend}</legend>
      <div class="checks">
        {Object.entries(words).map(([value, label]) => (
          <label class="check" for={`f-${name}-${value}`}>
            <input
              type="checkbox"
              id={`f-${name}-${value}`}
              name={name}
              value={value}
              checked={chosen.includes(value)}
            />
            {label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export function Filters({
  messages,
  form,
  categories,
}: {
  messages: Messages;
  form: AnimalsQuery;
  categories: readonly Category[];
}) {
  const m = messages.console;
  const a = m.animals;
  const f = m.animal.fields;
  const words = <T extends string>(values: readonly T[], names: Record<T, string>) =>
    values.map((value) => ({ value, label: names[value] }));
  const choice = (name: Choice, label: string, options: SelectProps['options']) => (
    <Select id={name} label={label} value={form.choices[name]} any={a.any} options={options} />
  );
  return (
    <form method="get" action="/console" class="filters" role="search">
      <div class="fields">
        <div class="field">
          <label for="f-q">{a.search}</label>
          <input type="search" id="f-q" name="q" value={form.q} maxLength={maxQueryLength} />
        </div>
        <Select
          id="categoryId"
          label={f.species}
          value={form.categoryId}
          any={a.any}
          options={categories.map((c) => ({ value: String(c.id), label: c.name }))}
        />
        {choice('status', a.columns.status, words(petStatuses, m.statuses))}
        {choice('published', a.columns.published, [
          { value: 'true', label: a.yes },
          { value: 'false', label: a.no },
        ])}
        <Select
          id="sort"
          label={a.sort}
          value={form.sort}
          any={a.sorts.newest}
          options={(Object.keys(consoleSorts) as ConsoleSort[])
            .filter((sort) => sort !== 'newest')
            .map((sort) => ({ value: sort, label: a.sorts[sort] }))}
        />
      </div>
      <details class="more-filters" open={moreSet(form)}>
        <summary>{a.more}</summary>
        <div class="fields">
          <div class="field">
            <label for="f-breed">{f.breed}</label>
            <input
              type="text"
              id="f-breed"
              name="breed"
              value={form.breed}
              maxLength={breedLimits.maxLength}
            />
          </div>
          <div class="field">
            <label for="f-tag">{a.tag}</label>
            <input type="text" id="f-tag" name="tag" value={form.tag} maxLength={tagLimits.maxLength} />
          </div>
          {choice('sex', f.sex, words(petSexes, messages.sexes))}
          {choice('age', f.age, words(petAges, messages.ages))}
          {choice('size', f.size, words(petSizes, messages.sizes))}
          {choice('coat', f.coat, words(petCoats, messages.coats))}
        </div>
        <Checks legend={a.goodWith} name="goodWith" chosen={form.goodWith} words={messages.goodWithNames} />
        <Checks legend={a.care} name="attributes" chosen={form.attributes} words={messages.attributeNames} />
      </details>
      <div class="actions">
        <button type="submit" class="button">
          {a.filter}
        </button>
      </div>
    </form>
  );
}
