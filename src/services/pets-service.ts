// Use cases on pets: create, fetch one, and list a page with a cursor to the next.
import { CursorCodec } from '../domain/cursor.js';
import { defaultPageSize, defaultPetStatus, type NewPet, type Pet, type PetStatus } from '../domain/pet.js';
import { ApiError } from '../errors/api-error.js';
import type { PetRow } from '../store/schema.js';
import type { Store } from '../store/store.js';
import { findPetById, insertPet, listPetsAfter } from '../store/repositories/pets-repository.js';
import { readSetting } from '../store/repositories/settings-repository.js';

export interface PetPage {
  pets: Pet[];
  /** Cursor that continues the listing, when more pets may follow. */
  nextCursor: string | undefined;
}

export interface ListPetsInput {
  status?: PetStatus;
  limit?: number;
  cursor?: string;
}

export interface PetsService {
  create(newPet: NewPet): Promise<Pet>;
  get(id: number): Promise<Pet>;
  list(input: ListPetsInput): Promise<PetPage>;
}

const toPet = (row: PetRow): Pet => ({
  id: row.id,
  name: row.name,
  categoryId: row.category_id,
  status: row.status,
});

export async function createPetsService(store: Store, clock: () => number = Date.now): Promise<PetsService> {
  const cursors = new CursorCodec(await readSetting(store.db, 'cursor_secret'));

  return {
    async create({ name, categoryId, status }) {
      const row = await insertPet(store.db, {
        name,
        category_id: categoryId,
        status: status ?? defaultPetStatus,
        created_at: clock(),
      });
      return toPet(row);
    },

    async get(id) {
      const row = await findPetById(store.db, id);
      if (!row) throw new ApiError('pet_not_found', id);
      return toPet(row);
    },

    async list({ status, limit = defaultPageSize, cursor }) {
      let afterId = 0;
      if (cursor !== undefined) {
        const decoded = cursors.decode(cursor, status);
        if (!decoded.ok) throw new ApiError('invalid_cursor', decoded.reason);
        afterId = decoded.position.afterId;
      }
      // One row more than asked tells whether a next page exists without a second query.
      const rows = await listPetsAfter(store.db, { status, afterId, limit: limit + 1 });
      const pets = rows.slice(0, limit).map(toPet);
      const last = pets.at(-1);
      const nextCursor =
        rows.length > limit && last ? cursors.encode({ afterId: last.id, status }) : undefined;
      return { pets, nextCursor };
    },
  };
}
