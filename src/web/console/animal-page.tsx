// `/console/animals/{id}`: one animal's page. Its form, for an edit, carries the ETag of the animal as it
// was opened, and a save is made only while the animal is still that one: if anyone changed it since
// (another volunteer, the API, an order), nothing is saved, the form comes back with the user's own values
// and the saved values beside them, and "Save mine anyway" saves over them knowingly. Beside the form: the
// buttons that publish or take it off the website, its photos (photos.tsx), the way to remove it, and its
// recent changes (recent-changes.tsx).
// Saving goes through the pets service, as `PATCH /v1/pets/{petId}` does, with its rules and its events.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Pet } from '../../domain/pet.js';
import { idOfText } from '../../domain/resource-id.js';
import { allows } from '../../domain/scopes.js';
import { ApiError } from '../../errors/api-error.js';
import type { TaggedPet } from '../../services/pet-changes.js';
import { animalErrors, animalFields, patchOf, valuesOf, type AnimalValues } from './animal-form.js';
import { catalogueListsOf } from './catalogue-lists.js';
import { AnimalFields } from './animal-fields.js';
import { seeOther, sendErrorPage, sendForbidden, sendNotFound, type ConsoleContext } from './console-page.js';
import { adoptionPath } from './adoptions.js';
import { csrfField } from './csrf.js';
import { sendFormPage, serviceRefusal, SubmitButton, type Refusal } from './form-page.js';
import { PhotosSection, type PhotosSectionProps } from './photos-section.js';
import { recentChanges } from './recent-changes.js';

export interface AnimalView extends Refusal {
  pet: Pet;
  etag: string;
  values: AnimalValues;
  /** The saved values that differ from the user's, after a conflict. */
  theirs?: AnimalValues | undefined;
  /** Said above the page: what the last change did, or that the form came back through a new sign-in. */
  info?: string | undefined;
  /** Photos were chosen in a form that came back: the browser dropped them. */
  photosChosen?: boolean;
}

export interface AnimalPage {
  /** The animal of a path's id, or undefined for none (a malformed id included). */
  found(param: string): Promise<TaggedPet | undefined>;
  show(request: FastifyRequest, reply: FastifyReply, status: number, view: AnimalView): Promise<FastifyReply>;
  notFound(request: FastifyRequest, reply: FastifyReply): FastifyReply;
}

/** What the last change said, from the `done` of the redirect after it. */
function doneNotice(context: ConsoleContext, pet: Pet, query: Record<string, string | undefined>) {
  const m = context.messages.console;
  const count = Number(query.count ?? '1');
  const notices: Record<string, string> = {
    saved: m.animal.saved(pet.name),
    created: m.animal.created(pet.name),
    published: m.animal.published(pet.name),
    unpublished: m.animal.unpublished(pet.name),
    added: m.photos.added(Number.isSafeInteger(count) && count > 0 ? count : 1),
    moved: m.photos.moved,
    removed: m.photos.removed,
  };
  return Object.hasOwn(notices, query.done ?? '') ? notices[query.done!] : undefined;
}

export function animalPage(scope: FastifyInstance, context: ConsoleContext): AnimalPage {
  const { pets, catalog, speed } = scope.services;
  const { photosPerPet, photoUploadLimit } = scope.config;
  const m = context.messages.console.animal;

  async function found(param: string) {
    const id = idOfText(param);
    if (id === undefined) return undefined;
    try {
      return await pets.get(id);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'pet_not_found') return undefined;
      throw error;
    }
  }

  async function show(request: FastifyRequest, reply: FastifyReply, status: number, view: AnimalView) {
    const signedIn = request.signedIn!;
    const { pet } = view;
    const [openOrder, { categories, breeds }, changes] = await Promise.all([
      pets.openOrderId(pet.id),
      catalogueListsOf(catalog, speed.view(true)),
      recentChanges(scope, context.messages, signedIn.scopes, pet.id),
    ]);
    const fields = animalFields(context.messages, categories).filter(
      // While an order is open, the order alone moves the status: the page says so instead.
      (field) => openOrder === undefined || field.name !== 'status',
    );
    const photos: PhotosSectionProps = {
      messages: context.messages,
      pet,
      csrfToken: signedIn.csrfToken,
      canChange: allows(signedIn.scopes, 'uploadPhoto'),
      limits: { perPet: photosPerPet, bytes: photoUploadLimit },
      errors: view.errors,
      chooseAgain: view.photosChosen ?? false,
    };
    return sendFormPage(
      context,
      request,
      reply,
      status,
      m.title(pet.name),
      view,
      <>
        {view.info && <p class="notice done">{view.info}</p>}
        <div class="animal-actions">
          <p class="published-state">{pet.published ? m.onWebsite : m.offWebsite}</p>
          {pet.published && pet.status !== 'sold' && (
            <p class="link-line">
              <a href={`/adopt/pets/${pet.id}`}>{m.publicPage}</a>
            </p>
          )}
          {allows(signedIn.scopes, 'updatePet') && (
            <form method="post" action={`/console/animals/${pet.id}/publish`}>
              <input type="hidden" name={csrfField} value={signedIn.csrfToken} />
              <input type="hidden" name="published" value={pet.published ? 'no' : 'yes'} />
              <button type="submit" class="button secondary">
                {pet.published ? m.unpublish : m.publish}
              </button>
            </form>
          )}
          {allows(signedIn.scopes, 'removePet') && (
            <p class="link-line">
              <a href={`/console/animals/${pet.id}/remove`} class="warning-link">
                {m.remove(pet.name)}
              </a>
            </p>
          )}
        </div>
        <h2>{m.details}</h2>
        {openOrder !== undefined && (
          <div class="notice">
            <p>{m.openOrder(openOrder, context.messages.console.statuses[pet.status])}</p>
            {allows(signedIn.scopes, 'approveOrder') && (
              <p>
                <a href={adoptionPath(openOrder)}>{m.seeAdoption(openOrder)}</a>
              </p>
            )}
          </div>
        )}
        <form method="post" action={`/console/animals/${pet.id}`} class="application" novalidate>
          <input type="hidden" name={csrfField} value={signedIn.csrfToken} />
          <input type="hidden" name="etag" value={view.etag} />
          <AnimalFields
            messages={context.messages}
            fields={fields}
            values={view.values}
            errors={view.errors}
            theirs={view.theirs}
            breeds={breeds}
          />
          <SubmitButton label={view.theirs ? m.saveMine : m.save} />
          {view.theirs && (
            <p class="link-line">
              <a href={`/console/animals/${pet.id}`}>{m.startFromTheirs}</a>
            </p>
          )}
        </form>
        <PhotosSection {...photos} />
        {changes}
      </>,
    );
  }

  return { found, show, notFound: (request, reply) => sendNotFound(context, request, reply) };
}

export function animalRoutes(scope: FastifyInstance, context: ConsoleContext, page: AnimalPage): void {
  const { pets, catalog, speed } = scope.services;
  const m = context.messages.console.animal;
  const { found, show, notFound } = page;

  context.resumable.push({
    path: /^\/console\/animals\/[1-9][0-9]{0,15}$/,
    async resume(request, reply, path, values) {
      const tagged = await found(path.split('/').pop()!);
      if (!tagged) return notFound(request, reply);
      // The ETag the form was opened with, so that a change made meanwhile is still caught at the save.
      const etag = values.etag ?? tagged.etag;
      return show(request, reply, 200, { pet: tagged.pet, etag, values, errors: [], info: m.resumed });
    },
  });

  scope.get<{ Params: { id: string } }>('/animals/:id', async (request, reply) => {
    const tagged = await found(request.params.id);
    if (!tagged) return notFound(request, reply);
    const info = doneNotice(context, tagged.pet, request.query as Record<string, string | undefined>);
    return show(request, reply, 200, { ...tagged, values: valuesOf(tagged.pet), errors: [], info });
  });

  scope.post<{ Params: { id: string } }>('/animals/:id', async (request, reply) => {
    const tagged = await found(request.params.id);
    if (!tagged) return notFound(request, reply);
    const signedIn = request.signedIn!;
    if (!allows(signedIn.scopes, 'updatePet')) return sendForbidden(context, request, reply);
    const values = request.body as AnimalValues;
    const fields = animalFields(context.messages, await catalog.listCategories(speed.view(true)));
    const patch = patchOf(values);
    const errors = animalErrors('edit', fields, patch, context.messages);
    // A refusal keeps the form's own ETag, so that a later save is still checked against what it opened.
    const refuse = (status: number, refusal: Refusal) =>
      show(request, reply, status, { pet: tagged.pet, etag: values.etag ?? '', values, ...refusal });
    if (errors.length > 0) return refuse(400, { errors });
    try {
      await pets.update({ id: tagged.pet.id, patch: patch as never, ifMatch: [values.etag ?? ''] });
    } catch (error) {
      if (!(error instanceof ApiError) || error.status >= 500) throw error;
      if (error.code === 'precondition_failed') {
        const now = valuesOf(tagged.pet);
        const theirs = Object.fromEntries(
          Object.entries(now).filter(([name, value]) => (values[name] ?? '') !== value),
        );
        return show(request, reply, 409, {
          ...tagged,
          values,
          theirs,
          errors: [],
          notice: m.conflict,
        });
      }
      return refuse(error.status, serviceRefusal(fields, error));
    }
    return seeOther(reply, `/console/animals/${tagged.pet.id}?done=saved`);
  });

  scope.post<{ Params: { id: string } }>('/animals/:id/publish', async (request, reply) => {
    const tagged = await found(request.params.id);
    if (!tagged) return notFound(request, reply);
    if (!allows(request.signedIn!.scopes, 'updatePet')) return sendForbidden(context, request, reply);
    const published = (request.body as Record<string, string | undefined>).published;
    if (published !== 'yes' && published !== 'no') return sendErrorPage(context, request, reply, 400);
    // One field, merged alone: whatever else changed meanwhile stays as it is.
    await pets.update({ id: tagged.pet.id, patch: { published: published === 'yes' }, ifMatch: undefined });
    return seeOther(
      reply,
      `/console/animals/${tagged.pet.id}?done=${published === 'yes' ? 'published' : 'unpublished'}`,
    );
  });
}
