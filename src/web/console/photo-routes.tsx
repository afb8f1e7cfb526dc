// The routes of an animal's photos in the console: add several at once (a multipart form), move one, and
// remove one after a confirmation page. Each goes through the photos service, as the API's photo
// operations do, and comes back to the animal's page at the photo it changed.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { allows } from '../../domain/scopes.js';
import { ApiError } from '../../errors/api-error.js';
import type { TaggedPet } from '../../services/pet-changes.js';
import { sizeOf } from '../components/photo-size.js';
import { valuesOf } from './animal-form.js';
import { photoPickerField } from './animal-fields.js';
import type { AnimalPage } from './animal-page.js';
import {
  sendConsolePage,
  seeOther,
  sendErrorPage,
  sendForbidden,
  type ConsoleContext,
} from './console-page.js';
import { csrfField } from './csrf.js';
import { addPhotos, checkPhotos, type PhotoLimits } from './photo-uploads.js';

type PhotoParams = { Params: { id: string; photoId: string } };

export function photoRoutes(scope: FastifyInstance, context: ConsoleContext, page: AnimalPage): void {
  const { photos } = scope.services;
  const limits: PhotoLimits = { perPet: scope.config.photosPerPet, bytes: scope.config.photoUploadLimit };
  const p = context.messages.console.photos;
  const { found, show, notFound } = page;

  /** The animal and, for a photo's route, its photo and place; a reply instead when there is none or the role may not. */
  async function target(
    request: FastifyRequest<{ Params: { id: string; photoId?: string } }>,
    reply: FastifyReply,
    operation: 'uploadPhoto' | 'movePhoto' | 'removePhoto',
  ) {
    const tagged = await found(request.params.id);
    const index = tagged?.pet.photos.findIndex((photo) => photo.id === request.params.photoId) ?? -1;
    if (!tagged || (request.params.photoId !== undefined && index < 0))
      return { reply: notFound(request, reply) };
    if (!allows(request.signedIn!.scopes, operation))
      return { reply: sendForbidden(context, request, reply) };
    return { tagged, index };
  }

  const pageOf = (tagged: TaggedPet) => `/console/animals/${tagged.pet.id}`;

  scope.post<{ Params: { id: string } }>(
    '/animals/:id/photos',
    { config: { takesPhotos: true } },
    async (request, reply) => {
      const hit = await target(request, reply, 'uploadPhoto');
      if ('reply' in hit) return hit.reply;
      const { tagged } = hit;
      const view = { ...tagged, values: valuesOf(tagged.pet) };
      const room = Math.max(0, limits.perPet - tagged.pet.photos.length);
      const checked = await checkPhotos(request.photoParts, room, limits, context.messages);
      const field = photoPickerField(context.messages);
      if ('error' in checked)
        return show(request, reply, 400, { ...view, errors: [{ field, message: checked.error }] });
      if (checked.photos.length === 0)
        return show(request, reply, 400, { ...view, errors: [{ field, message: p.choose }] });
      const { added, failures } = await addPhotos(
        photos,
        tagged.pet.id,
        checked.photos,
        limits,
        context.messages,
      );
      if (failures.length === 0) return seeOther(reply, `${pageOf(tagged)}?done=added&count=${added}#photos`);
      // Some were added: the page shows them, and names each that was not.
      const now = (await found(request.params.id)) ?? tagged;
      return show(request, reply, added > 0 ? 200 : 400, {
        ...now,
        values: valuesOf(now.pet),
        info: added > 0 ? p.added(added) : undefined,
        notice: p.failed(failures.length),
        errors: failures.map((failure) => ({ field, message: failure.message })),
      });
    },
  );

  scope.post<PhotoParams>('/animals/:id/photos/:photoId/move', async (request, reply) => {
    const hit = await target(request, reply, 'movePhoto');
    if ('reply' in hit) return hit.reply;
    const position = (request.body as Record<string, string | undefined>).position ?? '';
    if (!/^[0-9]{1,3}$/.test(position)) return sendErrorPage(context, request, reply, 400);
    await photos.move(hit.tagged.pet.id, request.params.photoId, Number(position));
    return seeOther(reply, `${pageOf(hit.tagged)}?done=moved#photo-${request.params.photoId}`);
  });

  scope.get<PhotoParams>('/animals/:id/photos/:photoId/remove', async (request, reply) => {
    const hit = await target(request, reply, 'removePhoto');
    if ('reply' in hit) return hit.reply;
    const { tagged, index } = hit;
    const photo = tagged.pet.photos[index]!;
    const title = p.removeTitle(index + 1, tagged.pet.name);
    return sendConsolePage(
      context,
      request,
      reply,
      200,
      title,
      <>
        <h1>{title}</h1>
        <img
          src={photo.urls.medium}
          alt={`${tagged.pet.name}, ${p.photo(index + 1, tagged.pet.photos.length)}`}
          {...sizeOf(photo, 'medium')}
        />
        <p>{p.removeText}</p>
        <form method="post" action={`${pageOf(tagged)}/photos/${photo.id}/remove`} class="confirm">
          <input type="hidden" name={csrfField} value={request.signedIn!.csrfToken} />
          <button type="submit" class="button warning">
            {p.removeButton}
          </button>
          <a href={`${pageOf(tagged)}#photo-${photo.id}`}>{p.cancel}</a>
        </form>
      </>,
    );
  });

  scope.post<PhotoParams>('/animals/:id/photos/:photoId/remove', async (request, reply) => {
    const hit = await target(request, reply, 'removePhoto');
    if ('reply' in hit) return hit.reply;
    try {
      await photos.remove(hit.tagged.pet.id, request.params.photoId);
    } catch (error) {
      // Removed meanwhile, by another tab or the API: what was asked is done.
      if (!(error instanceof ApiError && error.code === 'photo_not_found')) throw error;
    }
    return seeOther(reply, `${pageOf(hit.tagged)}?done=removed#photos`);
  });
}
