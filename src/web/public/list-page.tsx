// `GET /adopt`: the animals for adoption, 20 a page, with the filter form and a "Next page" link.
import type { Category } from '../../domain/category.js';
import { FilterForm } from '../components/filter-form.js';
import { PetCard } from '../components/pet-card.js';
import type { Messages } from '../messages/en.js';
import { useSiteLinks } from '../components/site-links.js';
import { isFiltered, listHref, type ListForm } from './list-form.js';
import type { ListedPets } from './list-pets.js';

/** Cards of the first row load at once; those below wait until scrolled near. */
const firstRow = 4;

export interface ListPageProps {
  messages: Messages;
  form: ListForm;
  categories: Category[];
  listed: ListedPets;
}

export function ListPage({ messages, form, categories, listed }: ListPageProps) {
  const m = messages.list;
  const { to } = useSiteLinks();
  const filtered = isFiltered(form);
  const later = form.cursor !== undefined || form.section !== 'available';
  return (
    <>
      <h1>{m.title}</h1>
      <p class="intro">{m.intro}</p>
      <FilterForm form={form} categories={categories} messages={messages} filtered={filtered} />
      <section aria-labelledby="results-heading">
        <h2 id="results-heading" class="visually-hidden">
          {m.results}
        </h2>
        {listed.pets.length === 0 ? (
          filtered ? (
            <div class="none">
              <h2>{m.noneTitle}</h2>
              <p>{m.noneText}</p>
              <p>
                <a class="button" href={to('/adopt')}>
                  {m.clear}
                </a>
              </p>
            </div>
          ) : (
            // No filter to blame: the shelter has no published animal to show.
            <div class="none">
              <h2>{m.emptyTitle}</h2>
              <p>{m.emptyText}</p>
            </div>
          )
        ) : (
          <ul class="cards">
            {listed.pets.map((pet, index) => (
              <PetCard pet={pet} messages={messages} lazy={index >= firstRow} />
            ))}
          </ul>
        )}
        {(listed.next || later) && (
          <nav class="pager" aria-label={m.results}>
            {later && <a href={to(listHref(form))}>{m.first}</a>}
            {listed.next && (
              <a href={to(listHref(form, listed.next))} rel="next">
                {m.next}
              </a>
            )}
          </nav>
        )}
      </section>
    </>
  );
}
