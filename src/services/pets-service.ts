// Use cases on pets: create (at most once per Idempotency-Key, with its event), fetch one, list a page with a
// cursor to the next, edit by merge patch (with its ETag), and remove.
import type { Transaction } from 'kysely';
import { CursorCodec } from '../domain/cursor.js';
import { requestFingerprint } from '../domain/idempotency.js';
import { defaultPageSize } from '../domain/page.js';
import type { NewPet, Pet, PetPatch } from '../domain/pet.js';
import type { PetFilter, PetSort } from '../domain/pet-listing.js';
import { brokenProfileRule } from '../domain/pet-profile-rules.js';
import { satisfies, type IfMatch } from '../domain/if-match.js';
import { ApiError } from '../errors/api-error.js';
import { leftOut } from '../left-out.js';
import type { Database } from '../store/schema.js';
import type { Store } from '../store/store.js';
import { appendEvents, type NewEvent } from '../store/repositories/events-repository.js';
import { deletePetTerms, insertPetTerms } from '../store/repositories/pet-terms-repository.js';
import {
  changeTime,
  findOpenOrderId,
  findPetById,
  findPetsByIds,
  insertPets,
  updatePetAt,
} from '../store/repositories/pets-repository.js';
import { eachAlone } from '../store/savepoint.js';
import { readSetting } from '../store/repositories/settings-repository.js';
import type { Speed, VersionView } from '../speed/index.js';
import { listingIdentity, readPetPage, type PetPage } from './pet-pages.js';
import type { Idempotency, IdempotencyScope, IdempotentOutcome } from './idempotency.js';
import {
  changedFields,
  creationFingerprintValues,
  fieldColumns,
  mergePatch,
  newPetFields,
  patchFingerprintValues,
  petEtag,
  searchedFieldNames,
  toPet,
} from './pet-record.js';

export type { PetPage };

export interface ListPetsInput {
  filter?: PetFilter;
  sort?: PetSort;
  limit?: number;
  cursor?: string;
}

/** A pet and its strong ETag, which changes with every change to it. */
export interface TaggedPet {
  pet: Pet;
  etag: string;
}

export interface PetChange {
  id: number;
  patch: PetPatch;
  /** Applies the patch only while the pet's ETag is one of these; undefined: whatever it is (last writer wins). */
  ifMatch: IfMatch | undefined;
}

export interface PetsService {
  create(newPet: NewPet): Promise<Pet>;
  /** Creates the pet unless the Idempotency-Key already has an outcome, which is replayed instead. */
  createIdempotently(newPet: NewPet, scope: IdempotencyScope): Promise<IdempotentOutcome<Pet>>;
  get(id: number): Promise<TaggedPet>;
  /** `version` is the request's view of the versions (Speed.view), if it has one. */
  list(input: ListPetsInput, version?: VersionView): Promise<PetPage>;
  /** Merges a patch into the pet (RFC 7396), with its `pet.updated` event when it changed anything. */
  update(change: PetChange): Promise<TaggedPet>;
  updateIdempotently(change: PetChange, scope: IdempotencyScope): Promise<IdempotentOutcome<TaggedPet>>;
  /** Removes the pet, leaving a tombstone that its events and orders still name. */
  remove(id: number): Promise<void>;
}

/** Pages kept in memory (where a data version exists), each at most 100 pets: a few megabytes at most. */
const cachedPages = 1000;

/** Whether an error refuses one change alone (answered with it) rather than its whole group. */
const isRefusal = (error: unknown) => error instanceof ApiError;

export async function createPetsService(
  store: Store,
  idempotency: Idempotency,
  speed: Speed,
  clock: () => number = Date.now,
): Promise<PetsService> {
  const events = !leftOut.eventOutbox;
  const searchIndex = !leftOut.searchIndex;
  const cursors = new CursorCodec(await readSetting(store.db, 'cursor_secret'));
  const pages = speed.cache<PetPage>('data', cachedPages);
  const petsById = speed.turnBatch(async (ids: number[]) => {
    const rows = await findPetsByIds(store.db, ids);
    return new Map(rows.map((row) => [row.id, row]));
  });

  /**
   * Inserts pets, their search index and their `pet.created` events; `trx` has called
   * `store.serializeAppends` first. One statement for the pets, one for their words (for most groups) and one
   * for the events however many there are, so that a group of creations costs PostgreSQL a few round trips
   * rather than several per pet.
   */
  const insertAll = async (trx: Transaction<Database>, newPets: NewPet[]) => {
    const now = await changeTime(trx, clock());
    const rows = await insertPets(
      trx,
      newPets.map((newPet) => ({ ...fieldColumns(newPetFields(newPet)), created_at: now, updated_at: now })),
    );
    if (searchIndex) await insertPetTerms(trx, rows);
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

  /**
   * One edit, inside `trx`, which took the append turn first. Every refusal (no such pet, a stale ETag, an
   * open order, a breed not in the list) comes before the one write, so a refused edit leaves nothing behind.
   * The write is conditional on the revision read: should another transaction change the pet in between,
   * the edit starts again from the pet as it now is, or, with `If-Match`, is refused. Its event is added to
   * `written`, which the group appends in one statement once every change is made.
   */
  async function updateIn(
    trx: Transaction<Database>,
    { id, patch, ifMatch }: PetChange,
    written: NewEvent[],
  ): Promise<TaggedPet> {
    for (;;) {
      const row = await findPetById(trx, id);
      if (!row) throw new ApiError('pet_not_found', id);
      if (!satisfies(ifMatch, petEtag(row))) throw new ApiError('precondition_failed', id, petEtag(row));
      const before = toPet(row);
      const after = mergePatch(before, patch);
      const changes = changedFields(before, after);
      if (changes.length === 0) return { pet: before, etag: petEtag(row) };
      const broken = brokenProfileRule(
        { birthDate: changes.includes('birthDate') ? after.birthDate : null, tags: after.tags },
        clock(),
      );
      if (broken) throw new ApiError('validation_failed', broken);
      if (changes.includes('status')) await refuseWithOpenOrder(trx, id);
      const now = await changeTime(trx, clock());
      const updated = await updatePetAt(trx, id, row.revision, { ...fieldColumns(after), updated_at: now });
      if (!updated) continue;
      if (searchIndex && changes.some((field) => searchedFieldNames.includes(field))) {
        await deletePetTerms(trx, [id]);
        await insertPetTerms(trx, [updated]);
      }
      const pet = toPet(updated);
      written.push({ type: 'pet.updated', data: pet, changes, createdAt: now });
      return { pet, etag: petEtag(updated) };
    }
  }

  /** Removes the pet inside `trx`, as updateIn edits one. */
  async function removeIn(trx: Transaction<Database>, id: number, written: NewEvent[]): Promise<undefined> {
    for (;;) {
      const row = await findPetById(trx, id);
      if (!row) throw new ApiError('pet_not_found', id);
      await refuseWithOpenOrder(trx, id);
      const now = await changeTime(trx, clock());
      if (!(await updatePetAt(trx, id, row.revision, { removed_at: now, updated_at: now }))) continue;
      await deletePetTerms(trx, [id]);
      written.push({ type: 'pet.removed', data: { id }, createdAt: now });
      return undefined;
    }
  }

  /** Refuses a new pet that breaks a rule its schema cannot state. */
  function refuseBrokenRules(newPet: NewPet) {
    const broken = brokenProfileRule(newPet, clock());
    if (broken) throw new ApiError('validation_failed', broken);
  }

  async function refuseWithOpenOrder(trx: Transaction<Database>, id: number) {
    const orderId = await findOpenOrderId(trx, id);
    if (orderId !== undefined) throw new ApiError('pet_has_open_order', id, orderId);
  }

  type Change = PetChange | { id: number; patch?: undefined };
  const changeIn = (trx: Transaction<Database>, change: Change, written: NewEvent[]) =>
    change.patch ? updateIn(trx, change, written) : removeIn(trx, change.id, written);

  /**
   * A group's changes, each alone (a refused one wrote nothing, so it needs no savepoint), then all their
   * events in one statement, as a group of creations appends its own.
   */
  async function changeAll<C, T>(
    trx: Transaction<Database>,
    changes: C[],
    work: (change: C, written: NewEvent[]) => Promise<T>,
  ) {
    const written: NewEvent[] = [];
    const endings = await eachAlone(changes, (change) => work(change, written), isRefusal);
    if (events && written.length > 0) await appendEvents(trx, written);
    return endings;
  }

  // Edits and removals without an Idempotency-Key share transactions (Speed.groupCommit), as creations do:
  // one refused is answered with its error while the others commit.
  const changeTogether = speed.groupCommit((changes: Change[]) =>
    store.db.transaction().execute(async (trx) => {
      // First: the changes append events, whose ids must commit in order.
      await store.serializeAppends(trx);
      return changeAll(trx, changes, (change, written) => changeIn(trx, change, written));
    }),
  );

  // Keyed edits are grouped too (idempotency.ts).
  const updateKeyed = idempotency.useCase(async (trx, changes: PetChange[]) =>
    (await changeAll(trx, changes, (change, written) => updateIn(trx, change, written))).map((ending) =>
      'error' in ending ? ending : { value: { status: 200, body: ending.value } },
    ),
  );

  return {
    // Announced per creation, outside the group: the next group's transaction need not wait for it, and the
    // announcements of one group share one advance (src/speed/coalesce.ts).
    create(newPet) {
      refuseBrokenRules(newPet);
      return speed.write('data', () => insertTogether(newPet));
    },

    createIdempotently(newPet, scope) {
      refuseBrokenRules(newPet);
      const fingerprint = requestFingerprint('createPet', creationFingerprintValues(newPet));
      // A replay is announced too: it may acknowledge a creation whose first answer was a 503.
      return speed.write('data', () => createKeyed(scope, fingerprint, newPet));
    },

    async get(id) {
      const row = await petsById(id);
      if (!row) throw new ApiError('pet_not_found', id);
      return { pet: toPet(row), etag: petEtag(row) };
    },

    async update(change) {
      const ending = await speed.write('data', () => changeTogether(change));
      if ('error' in ending) throw ending.error;
      return ending.value as TaggedPet;
    },

    updateIdempotently(change, scope) {
      const fingerprint = requestFingerprint('updatePet', [
        change.id,
        patchFingerprintValues(change.patch),
        change.ifMatch,
      ]);
      return speed.write('data', () => updateKeyed(scope, fingerprint, change));
    },

    async remove(id) {
      const ending = await speed.write('data', () => changeTogether({ id }));
      if ('error' in ending) throw ending.error;
    },

    list({ filter = {}, sort = 'id', limit = defaultPageSize, cursor }, version) {
      // Keyed by the listing and the cursor as sent: a cached page skips checking its signature too.
      const key = `${listingIdentity(filter, sort) ?? ''}|${limit}|${cursor ?? ''}`;
      return pages.read(key, () => readPetPage(store, cursors, { filter, sort, limit, cursor }), version);
    },
  };
}
