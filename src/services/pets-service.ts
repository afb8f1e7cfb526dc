// Use cases on pets: create (at most once per Idempotency-Key), fetch one, and list a page with a cursor to the next.
import type { Transaction } from 'kysely';
import { CursorCodec } from '../domain/cursor.js';
import { requestFingerprint } from '../domain/idempotency.js';
import { defaultPageSize, defaultPetStatus, type NewPet, type Pet, type PetStatus } from '../domain/pet.js';
import { ApiError } from '../errors/api-error.js';
import type { Database, PetRow } from '../store/schema.js';
import type { Store } from '../store/store.js';
import { findPetById, insertPet, listPetsAfter } from '../store/repositories/pets-repository.js';
import { readSetting } from '../store/repositories/settings-repository.js';
import { ReadCache } from './read-cache.js';
import type { Idempotency, IdempotencyScope, IdempotentOutcome } from './idempotency.js';

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
  /** Creates the pet unless the Idempotency-Key already has an outcome, which is replayed instead. */
  createIdempotently(newPet: NewPet, scope: IdempotencyScope): Promise<IdempotentOutcome<Pet>>;
  get(id: number): Promise<Pet>;
  list(input: ListPetsInput): Promise<PetPage>;
}

/** Pages kept in memory (SQLite only), each at most 100 pets: a few megabytes at most. */
const cachedPages = 1000;

const toPet = (row: PetRow): Pet => ({
  id: row.id,
  name: row.name,
  categoryId: row.category_id,
  status: row.status,
});

export async function createPetsService(
  store: Store,
  idempotency: Idempotency,
  clock: () => number = Date.now,
): Promise<PetsService> {
  const cursors = new CursorCodec(await readSetting(store.db, 'cursor_secret'));
  const pages = new ReadCache<PetPage>(store, cachedPages);

  const insert = async (db: Store['db'] | Transaction<Database>, { name, categoryId, status }: NewPet) =>
    toPet(
      await insertPet(db, {
        name,
        category_id: categoryId,
        status: status ?? defaultPetStatus,
        created_at: clock(),
      }),
    );

  return {
    create: (newPet) => insert(store.db, newPet),

    createIdempotently(newPet, scope) {
      // The body as validated (name trimmed), in a fixed order: field order and white space do not matter.
      const fingerprint = requestFingerprint('createPet', [newPet.name, newPet.categoryId, newPet.status]);
      return idempotency.run(scope, fingerprint, async (trx) => ({
        status: 201,
        body: await insert(trx, newPet),
      }));
    },

    async get(id) {
      const row = await findPetById(store.db, id);
      if (!row) throw new ApiError('pet_not_found', id);
      return toPet(row);
    },

    list: ({ status, limit = defaultPageSize, cursor }) =>
      // Keyed by the cursor as sent: a cached page skips checking its signature too.
      pages.get(`${status ?? ''}|${limit}|${cursor ?? ''}`, () => readPage(status, limit, cursor)),
  };

  async function readPage(status: PetStatus | undefined, limit: number, cursor: string | undefined) {
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
    const nextCursor = rows.length > limit && last ? cursors.encode({ afterId: last.id, status }) : undefined;
    return { pets, nextCursor };
  }
}
