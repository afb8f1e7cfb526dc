// `/console`: the animals, as the API lists them (the pets service, through its caches), published or not:
// every filter and order of `GET /v1/pets` and "on the website" (animals-filters.tsx), and pages by keyset
// cursor.
// A table on a wide screen, cards on a phone (the stylesheet's `.animals`).
import type { FastifyInstance } from 'fastify';
import type { Pet } from '../../domain/pet.js';
import { ApiError } from '../../errors/api-error.js';
import type { Messages } from '../messages/en.js';
import { allows } from '../../domain/scopes.js';
import { removedNotice } from './animal-removal.js';
import { consoleSorts, filterOf, Filters, linkWith, readQuery } from './animals-filters.js';
import { sendConsolePage, type ConsoleContext } from './console-page.js';
import { PhotoCell } from './summary-row.js';
import { createFragmentCache } from './fragment-cache.js';
import { intakePath } from './intake.js';

const pageSize = 25;
const dayMs = 86_400_000;

const daysSince = (pet: Pet, now: number) =>
  Math.max(0, Math.floor((now - Date.parse(pet.createdAt)) / dayMs));

function Row({ pet, m, species, days }: { pet: Pet; m: Messages['console']; species: string; days: number }) {
  const c = m.animals.columns;
  const photo = pet.photos[0];
  return (
    <tr>
      <PhotoCell photo={photo} none={m.animals.noPhoto} />
      <td data-label={c.name}>
        <a href={`/console/animals/${pet.id}`}>{pet.name}</a>
      </td>
      <td data-label={c.species}>{species}</td>
      <td data-label={c.breed}>{pet.breed ?? ''}</td>
      <td data-label={c.status}>{m.statuses[pet.status]}</td>
      <td data-label={c.published}>{pet.published ? m.animals.yes : m.animals.no}</td>
      <td data-label={c.days}>{days}</td>
    </tr>
  );
}

export function animalsRoutes(scope: FastifyInstance, context: ConsoleContext, clock: () => number): void {
  const m = context.messages.console;
  const { pets, catalog, speed } = scope.services;
  // A few pages' rows, and the filter forms of the lists most asked for.
  const rows = createFragmentCache(2000);
  const filterForms = createFragmentCache(200);

  scope.get('/', async (request, reply) => {
    const query = request.query as Record<string, string | string[] | undefined>;
    const form = readQuery(query);
    const removed = query.done === removedNotice;
    const view = speed.view(true);
    const listing = {
      filter: filterOf(form),
      sort: consoleSorts[form.sort],
      limit: pageSize,
      cursor: form.cursor,
    };
    const [categories, page] = await Promise.all([
      catalog.listCategories(view),
      pets.list(listing, view).catch((error: unknown) => {
        // A cursor of another listing (the filters changed under it) starts again from the first page.
        if (error instanceof ApiError && error.code === 'invalid_cursor')
          return pets.list({ ...listing, cursor: undefined }, view);
        throw error;
      }),
    ]);
    const speciesOf = (id: number) =>
      categories.find((c) => c.id === id)?.name ?? context.messages.unknownSpecies(id);
    const c = m.animals.columns;
    const now = clock();
    return sendConsolePage(
      context,
      request,
      reply,
      200,
      m.animals.title,
      <>
        {removed && <p class="notice done">{m.remove.removed}</p>}
        <h1>{m.animals.title}</h1>
        {allows(request.signedIn!.scopes, 'createPet') && (
          <p class="link-line">
            <a href={intakePath} class="button">
              {m.intake.add}
            </a>
          </p>
        )}
        <div
          dangerouslySetInnerHTML={{
            __html: filterForms(JSON.stringify([{ ...form, cursor: undefined }, categories]), () => (
              <Filters messages={context.messages} form={form} categories={categories} />
            )),
          }}
        />
        {page.pets.length === 0 ? (
          <p class="none">{m.animals.none}</p>
        ) : (
          <table class="animals">
            <thead>
              <tr>
                <th scope="col">{c.photo}</th>
                <th scope="col">{c.name}</th>
                <th scope="col">{c.species}</th>
                <th scope="col">{c.breed}</th>
                <th scope="col">{c.status}</th>
                <th scope="col">{c.published}</th>
                <th scope="col">{c.days}</th>
              </tr>
            </thead>
            <tbody
              // Each row as it was rendered while the pet, its species' name and its days here are the same.
              dangerouslySetInnerHTML={{
                __html: page.pets
                  .map((pet) => {
                    const species = speciesOf(pet.categoryId);
                    const days = daysSince(pet, now);
                    return rows(`${pet.id}|${pet.updatedAt}|${days}|${species}`, () => (
                      <Row pet={pet} m={m} species={species} days={days} />
                    ));
                  })
                  .join(''),
              }}
            />
          </table>
        )}
        {page.nextCursor && (
          <p class="pager">
            <a href={linkWith(form, page.nextCursor)}>{m.animals.next}</a>
          </p>
        )}
      </>,
    );
  });
}
