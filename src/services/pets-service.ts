// Use cases on pets: create (at most once per Idempotency-Key, with its event), fetch one, list a page with a
// cursor to the next, edit by merge patch (with its ETag), and remove.
import type { Transaction } from 'kysely';
import { CursorCodec } from '../domain/cursor.js';
import { requestFingerprint } from '../domain/idempotency.js';
import { defaultPageSize } from '../domain/page.js';
import { defaultPublished, type NewPet, type Pet } from '../domain/pet.js';
import type { PetFilter, PetSort } from '../domain/pet-listing.js';
import { brokenProfileRule } from '../domain/pet-profile-rules.js';
import { ApiError, isRefusal } from '../errors/api-error.js';
import { leftOut } from '../left-out.js';
import type { Database } from '../store/schema.js';
import type { Store } from '../store/store.js';
import { insertPetTerms } from '../store/repositories/pet-terms-repository.js';
import {
  findOpenOrderId,
  findPetCreationTime,
  findPetsByIds,
  insertPets,
} from '../store/repositories/pets-repository.js';
import { readSetting } from '../store/repositories/settings-repository.js';
import { eachAlone, type ItemEnding } from '../store/savepoint.js';
import type { Speed, VersionView } from '../speed/index.js';
import { listingIdentity, readPetPage, type PetPage } from './pet-pages.js';
import type { IdempotencyScope, IdempotentOutcome } from './idempotency.js';
import type { PetPhotos } from './pet-photos.js';
import { groupBreedRule } from './breed-rule.js';
import { changePets, type PetChange, type PetEditOrRemoval, type TaggedPet } from './pet-changes.js';
import type { GroupContext, Writes } from './writes.js';
import {
  creationFingerprintValues,
  createdPetEtag,
  fieldColumns,
  newPetFields,
  patchFingerprintValues,
  petEtag,
  toPet,
} from './pet-record.js';

export type { PetPage };

export interface ListPetsInput {
  filter?: PetFilter;
  sort?: PetSort;
  limit?: number;
  cursor?: string;
}

export type { PetChange, TaggedPet };

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
  /** The id of the pet's open order (placed or approved), which alone may then move its status. */
  openOrderId(id: number): Promise<number | undefined>;
}

/** Pages kept in memory (where a data version exists), each at most 100 pets: a few megabytes at most. */
const cachedPages = 1000;

export async function createPetsService(
  store: Store,
  writes: Writes,
  speed: Speed,
  petPhotos: PetPhotos,
  clock: () => number = Date.now,
): Promise<PetsService> {
  const searchIndex = !leftOut.searchIndex;
  const changeOptions = { clock, searchIndex, wordIndex: store.wordIndex, petPhotos };
  const cursors = new CursorCodec(await readSetting(store.db, 'cursor_secret'));
  const pages = speed.cache<PetPage>('data', cachedPages);
  // The photos are read after the rows: should a photo change land in between, the ETag names the revision
  // before it, so an If-Match with it is refused (412) rather than applied to a pet not as it was read.
  const petsById = speed.turnBatch(async (ids: number[]) => {
    const rows = await findPetsByIds(store.db, ids);
    const photos = await petPhotos.of(
      store.db,
      rows.map((row) => row.id),
    );
    return new Map(
      rows.map((row) => [row.id, { pet: toPet(row, photos.get(row.id) ?? []), etag: petEtag(row) }]),
    );
  });

  /**
   * Inserts a group of new pets, their search index and their `pet.created` events (writes.ts): one statement
   * for the pets, one for their words (for most groups) and the one of the events however many there are, so
   * that a group of creations costs PostgreSQL a few round trips rather than several per pet. A pet whose
   * breed its category's list does not hold is refused alone, before anything is written.
   */
  const insertAll = async (
    trx: Transaction<Database>,
    newPets: NewPet[],
    context: GroupContext<NewPet>,
  ): Promise<ItemEnding<Pet>[]> => {
    const allFields = newPets.map(newPetFields);
    const breedOf = await groupBreedRule(trx, allFields);
    // The breed in its category's list's spelling; a pet whose breed the list does not hold is refused alone.
    const fields = await eachAlone(
      allFields,
      async (pet) => (pet.breed === null ? pet : { ...pet, breed: await breedOf(pet.categoryId, pet.breed) }),
      isRefusal,
    );
    const acceptedInputs = newPets.filter((_, i) => 'value' in fields[i]!);
    const accepted = fields.flatMap((ending) => ('value' in ending ? [ending.value] : []));
    if (accepted.length === 0) return fields as ItemEnding<Pet>[];
    const now = await context.changeTime();
    const rows = await insertPets(
      trx,
      accepted.map((pet) => ({ ...fieldColumns(pet), created_at: now, updated_at: now })),
    );
    if (searchIndex) await insertPetTerms(trx, store.wordIndex, rows);
    const pets = rows.map((row) => toPet(row, []));
    pets.forEach((pet, i) =>
      context.for(acceptedInputs[i]!).emit({ type: 'pet.created', data: pet, createdAt: now }),
    );
    let next = 0;
    return fields.map((ending) => ('error' in ending ? ending : { value: pets[next++]! }));
  };

  // Creations share transactions, keyed or not: each still gets its own id, event and acknowledgement, only
  // after the commit, and the version moves before any is acknowledged.
  const creations = writes.grouped('data', insertAll, 201);

  /**
   * A stored first answer in the shape answers have now. An answer stored before the profile existed (a
   * retry within the key's 24 hours across an upgrade) holds the seed's four fields only: it is completed as
   * it would have been, with an unknown profile, no photos, and the pet's creation time for both times.
   */
  async function inTodaysShape(stored: Pet): Promise<Pet> {
    const kept: Partial<Pet> = stored;
    // Stored before answers carried their ETag: the one a creation answers, whenever it is replayed.
    const etag = createdPetEtag(stored.id);
    // Stored before pets had `published`: every pet was on the pages then, as a creation still is by default.
    const published = kept.published ?? defaultPublished;
    if (kept.createdAt !== undefined && kept.photos !== undefined) return { ...stored, published, etag };
    const createdAt = new Date(await findPetCreationTime(store.db, stored.id)).toISOString();
    const { id, name, categoryId, status } = stored;
    const fields = newPetFields({ name, categoryId, status });
    return { id, ...fields, photos: [], createdAt, updatedAt: createdAt, etag };
  }

  /** Refuses a new pet that breaks a rule its schema cannot state. */
  function refuseBrokenRules(newPet: NewPet) {
    const broken = brokenProfileRule(newPet, clock());
    if (broken) throw new ApiError('validation_failed', broken);
  }

  // Edits and removals share transactions, as creations do: one refused is answered with its error while
  // the others commit.
  const changes = writes.grouped(
    'data',
    (trx, group: PetEditOrRemoval[], context) => changePets(trx, group, context, changeOptions),
    200,
  );

  return {
    create(newPet) {
      refuseBrokenRules(newPet);
      return creations.run(newPet);
    },

    async createIdempotently(newPet, scope) {
      refuseBrokenRules(newPet);
      const fingerprint = requestFingerprint('createPet', creationFingerprintValues(newPet));
      const outcome = await creations.runIdempotently(newPet, scope, fingerprint);
      return outcome.replayed ? { ...outcome, body: await inTodaysShape(outcome.body) } : outcome;
    },

    async get(id) {
      const tagged = await petsById(id);
      if (!tagged) throw new ApiError('pet_not_found', id);
      return tagged;
    },

    openOrderId: (id) => findOpenOrderId(store.db, id),

    async update(change) {
      return (await changes.run(change))!;
    },

    async updateIdempotently(change, scope) {
      const fingerprint = requestFingerprint('updatePet', [
        change.id,
        patchFingerprintValues(change.patch),
        change.ifMatch,
      ]);
      const outcome = await (changes.runIdempotently(change, scope, fingerprint) as Promise<
        IdempotentOutcome<TaggedPet>
      >);
      // An edit's answer stored before answers carried their ETag gets the one stored beside it; one stored
      // before pets had `published` was of a pet on the pages, as every pet was then.
      const { pet, etag } = outcome.body;
      const published = (pet as Partial<Pet>).published ?? defaultPublished;
      return outcome.replayed ? { ...outcome, body: { etag, pet: { ...pet, published, etag } } } : outcome;
    },

    async remove(id) {
      await changes.run({ id });
    },

    list({ filter = {}, sort = 'id', limit = defaultPageSize, cursor }, version) {
      // Keyed by the listing and the cursor as sent: a cached page skips checking its signature too.
      const key = `${listingIdentity(filter, sort) ?? ''}|${limit}|${cursor ?? ''}`;
      return pages.read(
        key,
        () => readPetPage(store, cursors, { filter, sort, limit, cursor }, petPhotos),
        version,
      );
    },
  };
}
