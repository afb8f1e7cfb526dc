// `/console/animals/new`: taking in an animal, with its photos in the same form (a file input a phone offers
// as its camera). The fields are checked by the API's own schema (NewPetSchema) and the photos by their
// number, size and type before anything is written; the animal is then created through the pets service,
// as `POST /v1/pets` does, and its photos added through the photos service. A refused form comes back with
// every value as typed; only the chosen files must be chosen again, as no browser keeps them. So does a form
// sent after its session ended, once signed in again.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { defaultPetStatus, defaultPublished, type NewPet } from '../../domain/pet.js';
import { allows } from '../../domain/scopes.js';
import { ApiError } from '../../errors/api-error.js';
import { animalErrors, animalFields, patchOf, valuesOf, type AnimalValues } from './animal-form.js';
import { catalogueListsOf } from './catalogue-lists.js';
import { AnimalFields, PhotoPicker, photoPickerField } from './animal-fields.js';
import type { AnimalPage } from './animal-page.js';
import { seeOther, sendForbidden, type ConsoleContext } from './console-page.js';
import { csrfField } from './csrf.js';
import { errorOn, sendFormPage, serviceRefusal, SubmitButton, type Refusal } from './form-page.js';
import { photosField } from './photo-form-body.js';
import { addPhotos, checkPhotos, type PhotoLimits } from './photo-uploads.js';

export const intakePath = '/console/animals/new';

/** A new animal's form as it first shows: the API's defaults, and the first species chosen. */
const blankValues = (firstCategoryId: number | undefined): AnimalValues => ({
  categoryId: firstCategoryId === undefined ? '' : String(firstCategoryId),
  status: defaultPetStatus,
  published: defaultPublished ? 'yes' : '',
});

export function intakeRoutes(scope: FastifyInstance, context: ConsoleContext, page: AnimalPage): void {
  const { pets, photos, catalog, speed } = scope.services;
  const limits: PhotoLimits = { perPet: scope.config.photosPerPet, bytes: scope.config.photoUploadLimit };
  const m = context.messages.console.intake;

  async function show(
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    values: AnimalValues | undefined,
    refusal: Refusal,
    photosChosen = false,
    info?: string,
  ) {
    const { categories, breeds } = await catalogueListsOf(catalog, speed.view(true));
    const fields = animalFields(context.messages, categories);
    return sendFormPage(
      context,
      request,
      reply,
      status,
      m.title,
      refusal,
      <>
        {info && <p class="notice done">{info}</p>}
        <form method="post" action={intakePath} enctype="multipart/form-data" class="application" novalidate>
          <input type="hidden" name={csrfField} value={request.signedIn!.csrfToken} />
          <AnimalFields
            messages={context.messages}
            fields={fields}
            values={values ?? blankValues(categories[0]?.id)}
            errors={refusal.errors}
            breeds={breeds}
          />
          <PhotoPicker
            messages={context.messages}
            limits={limits}
            error={errorOn(refusal.errors, photosField)}
            chooseAgain={photosChosen}
          />
          <SubmitButton label={m.button} />
        </form>
      </>,
    );
  }

  // Sent after the session ended, the form comes back filled once signed in again: its texts only, since
  // the photos were not kept for a request of no one's.
  context.resumable.push({
    path: /^\/console\/animals\/new$/,
    async resume(request, reply, _path, values) {
      if (!allows(request.signedIn!.scopes, 'createPet')) return sendForbidden(context, request, reply);
      return show(request, reply, 200, values, { errors: [] }, false, m.resumed);
    },
  });

  scope.get('/animals/new', async (request, reply) => {
    if (!allows(request.signedIn!.scopes, 'createPet')) return sendForbidden(context, request, reply);
    return show(request, reply, 200, undefined, { errors: [] });
  });

  scope.post('/animals/new', { config: { takesPhotos: true } }, async (request, reply) => {
    if (!allows(request.signedIn!.scopes, 'createPet')) return sendForbidden(context, request, reply);
    const values = request.body as AnimalValues;
    const fields = animalFields(context.messages, await catalog.listCategories(speed.view(true)));
    const newPet = patchOf(values);
    const errors = animalErrors('intake', fields, newPet, context.messages);
    const checked = await checkPhotos(request.photoParts, limits.perPet, limits, context.messages);
    if ('error' in checked)
      errors.push({ field: photoPickerField(context.messages), message: checked.error });
    const chosen = (request.photoParts?.files.length ?? 0) > 0;
    if (errors.length > 0) return show(request, reply, 400, values, { errors }, chosen);
    let created;
    try {
      created = await pets.create(newPet as unknown as NewPet);
    } catch (error) {
      if (!(error instanceof ApiError) || error.status >= 500) throw error;
      return show(request, reply, error.status, values, serviceRefusal(fields, error), chosen);
    }
    const photosToAdd = 'photos' in checked ? checked.photos : [];
    const { failures } = await addPhotos(photos, created.id, photosToAdd, limits, context.messages);
    if (failures.length === 0) return seeOther(reply, `/console/animals/${created.id}?done=created`);
    // The animal is saved; the photos the service refused are named, to be chosen again on its page.
    const tagged = (await page.found(String(created.id)))!;
    const field = photoPickerField(context.messages);
    return page.show(request, reply, 201, {
      ...tagged,
      values: valuesOf(tagged.pet),
      info: context.messages.console.animal.created(tagged.pet.name),
      notice: context.messages.console.photos.failed(failures.length),
      errors: failures.map((failure) => ({ field, message: failure.message })),
    });
  });
}
