// `/console/animals/{id}`: one animal's form, for an edit. The form carries the ETag of the animal as it was
// opened, and a save is made only while the animal is still that one: if anyone changed it since (another
// volunteer, the API, an order), nothing is saved, the form comes back with the user's own values and the
// saved values beside them, and "Save mine anyway" saves over them knowingly. Saving goes through the pets
// service, as `PATCH /v1/pets/{petId}` does, with its rules and its events.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Pet } from '../../domain/pet.js';
import { maxSafeId } from '../../domain/resource-id.js';
import { allows } from '../../domain/scopes.js';
import { ApiError } from '../../errors/api-error.js';
import { Field } from '../components/form-fields.js';
import type { FormField } from '../public/application-fields.js';
import type { FieldError } from '../public/application-errors.js';
import { animalErrors, animalFields, patchOf, valuesOf, type AnimalValues } from './animal-form.js';
import { seeOther, sendForbidden, sendNotFound, type ConsoleContext } from './console-page.js';
import { csrfField } from './csrf.js';
import { fieldWords, sendFormPage, SubmitButton, type Refusal } from './form-page.js';

interface AnimalView extends Refusal {
  pet: Pet;
  etag: string;
  values: AnimalValues;
  /** The saved values that differ from the user's, after a conflict. */
  theirs?: AnimalValues | undefined;
  saved?: boolean;
  /** Said above the form: it came back through a new sign-in, unsaved. */
  info?: string;
}

const idOf = (param: string) =>
  /^[1-9][0-9]{0,15}$/.test(param) && Number(param) <= maxSafeId ? Number(param) : undefined;

export function animalRoutes(scope: FastifyInstance, context: ConsoleContext): void {
  const { pets, catalog, speed } = scope.services;
  const m = context.messages.console.animal;
  const words = fieldWords(context.messages);

  async function found(param: string) {
    const id = idOf(param);
    if (id === undefined) return undefined;
    try {
      return await pets.get(id);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'pet_not_found') return undefined;
      throw error;
    }
  }

  const notFound = (request: FastifyRequest, reply: FastifyReply) => sendNotFound(context, request, reply);

  async function show(request: FastifyRequest, reply: FastifyReply, status: number, view: AnimalView) {
    const fields = animalFields(context.messages, await catalog.listCategories(speed.view(true)));
    const shownValue = (field: FormField) => view.theirs?.[field.name];
    return sendFormPage(
      context,
      request,
      reply,
      status,
      m.title(view.pet.name),
      view,
      <>
        {view.saved && <p class="notice done">{m.saved(view.pet.name)}</p>}
        {view.info && <p class="notice done">{view.info}</p>}
        {view.pet.published && view.pet.status !== 'sold' && (
          <p class="link-line">
            <a href={`/adopt/pets/${view.pet.id}`}>{m.publicPage}</a>
          </p>
        )}
        <form method="post" action={`/console/animals/${view.pet.id}`} class="application" novalidate>
          <input type="hidden" name={csrfField} value={request.signedIn!.csrfToken} />
          <input type="hidden" name="etag" value={view.etag} />
          {fields.map((field) => (
            <>
              <Field
                field={field}
                value={view.values[field.name] ?? ''}
                error={view.errors.find((e) => e.field.name === field.name)?.message}
                words={words}
              />
              {shownValue(field) !== undefined && (
                <p class="hint theirs">{m.now(shownValue(field) || m.empty)}</p>
              )}
            </>
          ))}
          <SubmitButton label={view.theirs ? m.saveMine : m.save} />
          {view.theirs && (
            <p class="link-line">
              <a href={`/console/animals/${view.pet.id}`}>{m.startFromTheirs}</a>
            </p>
          )}
        </form>
      </>,
    );
  }

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
    const saved = (request.query as Record<string, string | undefined>).done === 'saved';
    return show(request, reply, 200, { ...tagged, values: valuesOf(tagged.pet), errors: [], saved });
  });

  scope.post<{ Params: { id: string } }>('/animals/:id', async (request, reply) => {
    const tagged = await found(request.params.id);
    if (!tagged) return notFound(request, reply);
    const signedIn = request.signedIn!;
    if (!allows(signedIn.scopes, 'updatePet')) return sendForbidden(context, request, reply);
    const values = request.body as AnimalValues;
    const fields = animalFields(context.messages, await catalog.listCategories(speed.view(true)));
    const patch = patchOf(values);
    const errors = animalErrors(fields, patch, context.messages);
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
      // A rule the schema cannot see (the breed list, an open order): beside its field when it names one.
      const field = fields.find((f) => new RegExp(`\\b${f.name}\\b`).test(error.message));
      const refusal: FieldError[] = field ? [{ field, message: error.message }] : [];
      return refuse(error.status, field ? { errors: refusal } : { errors: [], notice: error.message });
    }
    return seeOther(reply, `/console/animals/${tagged.pet.id}?done=saved`);
  });
}
