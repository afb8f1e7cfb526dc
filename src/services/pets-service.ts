// Use cases on pets: create (at most once per Idempotency-Key, with its event), fetch one, and list a page
// with a cursor to the next.
import type { Transaction } from 'kysely';
import { CursorCodec } from '../domain/cursor.js';
import { requestFingerprint } from '../domain/idempotency.js';
import { defaultPageSize } from '../domain/page.js';
import { defaultPetStatus, type NewPet, type Pet, type PetStatus } from '../domain/pet.js';
import { ApiError } from '../errors/api-error.js';
import { leftOut } from '../left-out.js';
import type { Database, PetRow } from '../store/schema.js';
import type { Store } from '../store/store.js';
import { appendEvents } from '../store/repositories/events-repository.js';
import { findPetsByIds, insertPets, listPetsAfter } from '../store/repositories/pets-repository.js';
import { readSetting } from '../store/repositories/settings-repository.js';
import type { Speed, VersionView } from '../speed/index.js';
import { readKeysetPage } from './keyset-page.js';
import type { Idempotency, IdempotencyScope, IdempotentOutcome } from './idempotency.js';

export interface PetPage {
  pets: Pet[];
  /** Cursor that continues the listing, when more pets followed at the time of the read. */
  nextCursor: string | undefined;
  /** The page size asked for, or the default one: the links keep it. */
  limit: number;
  /**
   * On the last page (no next cursor): the cursor a tailing client resumes from later, after the last pet
   * it has seen (or where it started, on an empty page). It sees every pet created since, none twice.
   */
  resumeCursor: string | undefined;
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
  /** `version` is the request's view of the versions (Speed.view), if it has one. */
  list(input: ListPetsInput, version?: VersionView): Promise<PetPage>;
}

/** Pages kept in memory (where a data version exists), each at most 100 pets: a few megabytes at most. */
const cachedPages = 1000;

/** A pet row as the API returns it. */
export const toPet = (row: PetRow): Pet => ({
  id: row.id,
  name: row.name,
  categoryId: row.category_id,
  status: row.status,
});

export async function createPetsService(
  store: Store,
  idempotency: Idempotency,
  speed: Speed,
  clock: () => number = Date.now,
): Promise<PetsService> {
  const events = !leftOut.eventOutbox;
  const cursors = new CursorCodec(await readSetting(store.db, 'cursor_secret'));
  const pages = speed.cache<PetPage>('data', cachedPages);
  const petsById = speed.turnBatch(async (ids: number[]) => {
    const rows = await findPetsByIds(store.db, ids);
    return new Map(rows.map((row) => [row.id, row]));
  });

  /**
   * Inserts pets and their `pet.created` events; `trx` has called `store.serializeAppends` first. One
   * statement for the pets and one for the events however many there are, so that a group of creations
   * costs PostgreSQL a few round trips rather than two per pet.
   */
  const insertAll = async (trx: Transaction<Database>, newPets: NewPet[]) => {
    const now = clock();
    const rows = await insertPets(
      trx,
      newPets.map(({ name, categoryId, status }) => ({
        name,
        category_id: categoryId,
        status: status ?? defaultPetStatus,
        created_at: now,
      })),
    );
    const pets = rows.map(toPet);
    if (!events) return pets;
    await appendEvents(
      trx,
      pets.map((pet) => ({ type: 'pet.created', data: pet, createdAt: now })),
    );
    return pets;
  };

  // Creations without an Idempotency-Key share transactions (Speed.groupCommit); each still gets its own id,
  // event and acknowledgement, only after the commit, and the version moves before any is acknowledged.
  const insertTogether = speed.groupCommit((newPets: NewPet[]) =>
    store.db.transaction().execute(async (trx) => {
      // First in the transaction: ids then commit in order, so no cursor passes one that commits later.
      await store.serializeAppends(trx);
      return insertAll(trx, newPets);
    }),
  );

  // Keyed creations are grouped too (idempotency.ts), with the same two inserts for the whole group.
  const createKeyed = idempotency.useCase(async (trx, newPets: NewPet[]) =>
    (await insertAll(trx, newPets)).map((pet) => ({ value: { status: 201, body: pet } })),
  );

  return {
    // Announced per creation, outside the group: the next group's transaction need not wait for it, and the
    // announcements of one group share one advance (src/speed/coalesce.ts).
    create: (newPet) => speed.write('data', () => insertTogether(newPet)),

    createIdempotently(newPet, scope) {
      // The body as validated (name trimmed), in a fixed order: field order and white space do not matter.
      const fingerprint = requestFingerprint('createPet', [newPet.name, newPet.categoryId, newPet.status]);
      // A replay is announced too: it may acknowledge a creation whose first answer was a 503.
      return speed.write('data', () => createKeyed(scope, fingerprint, newPet));
    },

    async get(id) {
      const row = await petsById(id);
      if (!row) throw new ApiError('pet_not_found', id);
      return toPet(row);
    },

    list: ({ status, limit = defaultPageSize, cursor }, version) =>
      // Keyed by the cursor as sent: a cached page skips checking its signature too.
      pages.read(`${status ?? ''}|${limit}|${cursor ?? ''}`, () => readPage(status, limit, cursor), version),
  };

  async function readPage(status: PetStatus | undefined, limit: number, cursor: string | undefined) {
    const { items, nextCursor, resumeCursor } = await readKeysetPage(
      cursors,
      { filter: status, limit, cursor },
      (afterId, rows) => listPetsAfter(store.db, { status, afterId, limit: rows }),
      toPet,
    );
    return { pets: items, nextCursor, resumeCursor, limit };
  }
}
