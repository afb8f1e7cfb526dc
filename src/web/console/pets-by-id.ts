// The animals a console page names by id (an order's, an application's), as each is now; one removed is
// left out, and the page names it by its id.
import type { Pet } from '../../domain/pet.js';
import { ApiError } from '../../errors/api-error.js';
import type { PetsService } from '../../services/pets-service.js';

export async function petsById(
  pets: Pick<PetsService, 'get'>,
  ids: Iterable<number | null | undefined>,
): Promise<Map<number, Pet>> {
  const found = new Map<number, Pet>();
  const wanted = new Set([...ids].filter((id): id is number => typeof id === 'number'));
  await Promise.all(
    [...wanted].map(async (id) => {
      try {
        found.set(id, (await pets.get(id)).pet);
      } catch (error) {
        if (!(error instanceof ApiError && error.code === 'pet_not_found')) throw error;
      }
    }),
  );
  return found;
}
