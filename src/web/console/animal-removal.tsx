// Removing an animal from the console (staff and admin: `removePet`): a confirmation page that names it,
// then the removal through the pets service, as `DELETE /v1/pets/{petId}` does, and back to the animals.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Pet } from '../../domain/pet.js';
import { allows } from '../../domain/scopes.js';
import { ApiError } from '../../errors/api-error.js';
import type { AnimalPage } from './animal-page.js';
import { sendConsolePage, seeOther, sendForbidden, type ConsoleContext } from './console-page.js';
import { csrfField } from './csrf.js';

/** Where the animals list says that one was removed. */
export const removedNotice = 'removed';

export function removalRoutes(scope: FastifyInstance, context: ConsoleContext, page: AnimalPage): void {
  const { pets } = scope.services;
  const m = context.messages.console.remove;

  /** The confirmation page; while an order is open, it says why the animal cannot be removed yet. */
  async function confirmation(request: FastifyRequest, reply: FastifyReply, status: number, pet: Pet) {
    const openOrder = await pets.openOrderId(pet.id);
    return sendConsolePage(
      context,
      request,
      reply,
      openOrder === undefined ? status : 409,
      m.title(pet.name),
      <>
        <h1>{m.title(pet.name)}</h1>
        {openOrder === undefined ? (
          <>
            <p>{m.text(pet.name)}</p>
            <form method="post" action={`/console/animals/${pet.id}/remove`} class="confirm">
              <input type="hidden" name={csrfField} value={request.signedIn!.csrfToken} />
              <button type="submit" class="button warning">
                {m.button(pet.name)}
              </button>
              <a href={`/console/animals/${pet.id}`}>{m.cancel}</a>
            </form>
          </>
        ) : (
          <>
            <p class="notice">{m.openOrder(pet.name, openOrder)}</p>
            <p class="link-line">
              <a href={`/console/animals/${pet.id}`}>{m.back(pet.name)}</a>
            </p>
          </>
        )}
      </>,
    );
  }

  scope.get<{ Params: { id: string } }>('/animals/:id/remove', async (request, reply) => {
    const tagged = await page.found(request.params.id);
    if (!tagged) return page.notFound(request, reply);
    if (!allows(request.signedIn!.scopes, 'removePet')) return sendForbidden(context, request, reply);
    return confirmation(request, reply, 200, tagged.pet);
  });

  scope.post<{ Params: { id: string } }>('/animals/:id/remove', async (request, reply) => {
    const tagged = await page.found(request.params.id);
    if (!tagged) return page.notFound(request, reply);
    if (!allows(request.signedIn!.scopes, 'removePet')) return sendForbidden(context, request, reply);
    try {
      await pets.remove(tagged.pet.id);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'pet_has_open_order')
        return confirmation(request, reply, 409, tagged.pet);
      // Removed meanwhile, by another tab or the API: what was asked is done.
      if (!(error instanceof ApiError && error.code === 'pet_not_found')) throw error;
    }
    return seeOther(reply, `/console?done=${removedNotice}`);
  });
}
