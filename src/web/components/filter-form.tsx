// The list's filters: a plain GET form, so that its address can be shared and it works without JavaScript.
// Each field has a visible label; the values are the API's own (`GET /v1/pets`).
import type { Category } from '../../domain/category.js';
import { petAges, petGoodWithNames, petSexes, petSizes } from '../../domain/pet-profile-values.js';
import { maxQueryLength } from '../../domain/pet-listing.js';
import type { Messages } from '../messages/en.js';
import type { ListForm } from '../public/list-form.js';
import { embedParam, useSiteLinks } from './site-links.js';

export interface FilterFormProps {
  form: ListForm;
  categories: Category[];
  messages: Messages;
  filtered: boolean;
}

interface Choice {
  value: string;
  label: string;
}

function Select({
  name,
  label,
  choices,
  chosen,
  any,
}: {
  name: string;
  label: string;
  choices: Choice[];
  chosen: string | undefined;
  any: string;
}) {
  const id = `filter-${name}`;
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <select id={id} name={name}>
        <option value="">{any}</option>
        {choices.map(({ value, label: text }) => (
          <option value={value} selected={value === chosen}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

export function FilterForm({ form, categories, messages, filtered }: FilterFormProps) {
  const m = messages.list;
  const labelled = <T extends string>(values: readonly T[], words: Record<T, string>): Choice[] =>
    values.map((value) => ({ value, label: words[value] }));
  const closedSets = [
    ['age', labelled(petAges, messages.ages)],
    ['size', labelled(petSizes, messages.sizes)],
    ['sex', labelled(petSexes, messages.sexes)],
  ] as const;
  const { embedded, to } = useSiteLinks();
  return (
    <form class="filters" method="get" action="/adopt" role="search" aria-labelledby="filters-heading">
      {/* A GET form's answer is its fields alone: the embedded view is one of them. */}
      {embedded && <input type="hidden" name={embedParam.name} value={embedParam.value} />}
      <h2 id="filters-heading">{m.filters}</h2>
      <div class="fields">
        <Select
          name="categoryId"
          label={m.species}
          any={m.any}
          chosen={form.categoryId === undefined ? undefined : String(form.categoryId)}
          choices={categories.map(({ id, name }) => ({ value: String(id), label: name }))}
        />
        {closedSets.map(([name, choices]) => (
          <Select name={name} label={m[name]} any={m.any} chosen={form[name]} choices={choices} />
        ))}
        <div class="field">
          <fieldset>
            <legend>{m.goodWith}</legend>
            <div class="checks">
              {petGoodWithNames.map((name) => (
                <label class="check">
                  <input
                    type="checkbox"
                    name="goodWith"
                    value={name}
                    checked={form.goodWith.includes(name)}
                  />
                  {messages.goodWithNames[name]}
                </label>
              ))}
            </div>
          </fieldset>
        </div>
        <div class="field">
          <label for="filter-q">{m.search}</label>
          <span class="hint" id="filter-q-hint">
            {m.searchHint}
          </span>
          <input
            type="search"
            id="filter-q"
            name="q"
            value={form.q}
            maxLength={maxQueryLength}
            aria-describedby="filter-q-hint"
          />
        </div>
        <Select
          name="sort"
          label={m.sort}
          any={m.newest}
          chosen={form.sort === 'newest' ? undefined : form.sort}
          choices={[{ value: 'name', label: m.byName }]}
        />
      </div>
      <div class="actions">
        <button class="button" type="submit">
          {m.apply}
        </button>
        {filtered && <a href={to('/adopt')}>{m.clear}</a>}
      </div>
    </form>
  );
}
