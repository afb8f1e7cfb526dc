// The animals of one page of the list: those available first, then those whose adoption is pending, each
// section read as `GET /v1/pets` reads it (the pets service's list, through its caches), one after the other
// with the API's keyset cursors. Unpublished, sold and removed animals are in neither.
import type { Pet } from '../../domain/pet.js';
import type { PetsService } from '../../services/pets-service.js';
import type { VersionView } from '../../speed/index.js';
import { filterOf, listSorts, type ListForm, type ListSection } from './list-form.js';

/** Animals on one page. */
export const listPageSize = 20;

export interface ListedPets {
  pets: Pet[];
  /** Where the next page starts, when more animals follow. */
  next: { section: ListSection; cursor: string | undefined } | undefined;
}

export async function listPets(pets: PetsService, form: ListForm, view: VersionView): Promise<ListedPets> {
  const sort = listSorts[form.sort];
  const read = (section: ListSection, limit: number, cursor: string | undefined) =>
    pets.list({ filter: filterOf(form, section), sort, limit, cursor }, view);

  if (form.section === 'pending') {
    const page = await read('pending', listPageSize, form.cursor);
    return {
      pets: page.pets,
      next: page.nextCursor ? { section: 'pending', cursor: page.nextCursor } : undefined,
    };
  }
  const available = await read('available', listPageSize, form.cursor);
  if (available.nextCursor) {
    return { pets: available.pets, next: { section: 'available', cursor: available.nextCursor } };
  }
  const room = listPageSize - available.pets.length;
  // A full page of the last available animals: the pending ones start the next page, if there are any.
  if (room === 0) {
    const probe = await read('pending', 1, undefined);
    return {
      pets: available.pets,
      next: probe.pets.length > 0 ? { section: 'pending', cursor: undefined } : undefined,
    };
  }
  const pending = await read('pending', room, undefined);
  return {
    pets: [...available.pets, ...pending.pets],
    next: pending.nextCursor ? { section: 'pending', cursor: pending.nextCursor } : undefined,
  };
}
