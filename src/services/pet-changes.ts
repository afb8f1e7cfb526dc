// Edits (merge patches) and removals of pets, each group of them in one transaction (writes.ts): one read of
// the group's pets, one of the breed rule for its edits, one change time, a conditional write per change,
// then the search index's net difference and every event, each in one statement. Refusals come before a
// change's write, so a refused change leaves nothing behind and needs no savepoint.
import type { Transaction } from 'kysely';
import { satisfies, type IfMatch } from '../domain/if-match.js';
import type { Pet, PetPatch } from '../domain/pet.js';
import type { Photo } from '../domain/photo.js';
import { brokenProfileRule } from '../domain/pet-profile-rules.js';
import { ApiError, isRefusal } from '../errors/api-error.js';
import { changePetTerms } from '../store/repositories/pet-terms-repository.js';
import {
  findOpenOrderId,
  findPetById,
  findPetsByIds,
  updatePetAt,
} from '../store/repositories/pets-repository.js';
import { eachAlone, type ItemEnding } from '../store/savepoint.js';
import type { Database, PetRow } from '../store/schema.js';
import type { WordIndex } from '../store/word-index.js';
import { groupBreedRule } from './breed-rule.js';
import type { PetPhotos } from './pet-photos.js';
import { changedFields, fieldColumns, mergePatch, petEtag, searchedFieldNames, toPet } from './pet-record.js';
import type { GroupContext } from './writes.js';

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

/** An edit, or a removal (no patch). */
export type PetEditOrRemoval = PetChange | { id: number; patch?: undefined };

export interface PetChangeOptions {
  clock: () => number;
  /** Whether changes keep the search index (always, but for a benchmark: src/left-out.ts). */
  searchIndex: boolean;
  /** The store's word index, which the search index keeps the words in. */
  wordIndex: WordIndex;
  /** The pets' photos: an edited pet is answered with them, a removed one loses them. */
  petPhotos: PetPhotos;
}

/** What the changes of one group share while they are made. */
interface Group {
  trx: Transaction<Database>;
  now: number;
  /** Each pet as the group last left it; absent once removed (or when it never existed). */
  rows: Map<number, PetRow>;
  /** Each pet whose searched text the group changed, as it was before the group. */
  searchedBefore: Map<number, PetRow>;
  /** The context of each change: its events name the change's actor. */
  contextOf: GroupContext<PetEditOrRemoval>['for'];
  /** A new pet's breed as the breed rule keeps it, read for the whole group at once (breed-rule.ts). */
  breedOf: (categoryId: number, breed: string) => Promise<string>;
  petPhotos: PetPhotos;
  /** The photos of the pets the group edits, read once: an edit answers with them and changes none. */
  photos: Map<number, Photo[]>;
}

/** The breeds a group's edits would give their pets, as the pets are read: what the breed rule is asked. */
const breedsAsked = (changes: readonly PetEditOrRemoval[], rows: Map<number, PetRow>) =>
  changes.flatMap((change) => {
    const row = rows.get(change.id);
    if (!change.patch || !row || (change.patch.breed === undefined && change.patch.categoryId === undefined))
      return [];
    const categoryId = change.patch.categoryId ?? Number(row.category_id);
    const breed = change.patch.breed === undefined ? row.breed : change.patch.breed;
    return [{ categoryId, breed }];
  });

/** Makes a group's changes in `trx` (writes.ts), and returns each one's ending, in order. */
export async function changePets(
  trx: Transaction<Database>,
  changes: readonly PetEditOrRemoval[],
  { changeTime, for: contextOf }: GroupContext<PetEditOrRemoval>,
  { clock, searchIndex, wordIndex, petPhotos }: PetChangeOptions,
): Promise<ItemEnding<TaggedPet | undefined>[]> {
  const ids = [...new Set(changes.map((change) => change.id))];
  const rows = new Map((await findPetsByIds(trx, ids)).map((row) => [Number(row.id), row]));
  const edited = [...new Set(changes.flatMap((change) => (change.patch ? [change.id] : [])))];
  const group: Group = {
    trx,
    now: await changeTime(),
    rows,
    searchedBefore: new Map(),
    contextOf,
    breedOf: await groupBreedRule(trx, breedsAsked(changes, rows)),
    petPhotos,
    photos: edited.length > 0 ? await petPhotos.of(trx, edited) : new Map(),
  };
  const endings = await eachAlone(
    [...changes],
    (change) => (change.patch ? update(group, change, clock) : remove(group, change)),
    isRefusal,
  );
  if (searchIndex) {
    await changePetTerms(
      trx,
      wordIndex,
      [...group.searchedBefore].map(([id, before]) => ({ before, after: group.rows.get(id) })),
    );
  }
  return endings;
}

/**
 * One edit. The write is conditional on the revision read: should another transaction have changed the pet
 * since, the edit starts again from the pet as it now is, or, with `If-Match`, is refused.
 */
async function update(group: Group, change: PetChange, clock: () => number): Promise<TaggedPet> {
  const { id, patch, ifMatch } = change;
  for (;;) {
    const row = group.rows.get(id);
    if (!row) throw new ApiError('pet_not_found', id);
    if (!satisfies(ifMatch, petEtag(row))) throw new ApiError('precondition_failed', id, petEtag(row));
    const before = toPet(row, group.photos.get(id) ?? []);
    const after = mergePatch(before, patch);
    // A new breed, or a new category for the breed, must pass the category's breed list (in its spelling).
    if (after.breed !== null && (patch.breed !== undefined || patch.categoryId !== undefined)) {
      after.breed = await group.breedOf(after.categoryId, after.breed);
    }
    const changes = changedFields(before, after);
    if (changes.length === 0) return { pet: before, etag: petEtag(row) };
    const broken = brokenProfileRule(
      { birthDate: changes.includes('birthDate') ? after.birthDate : null, tags: after.tags },
      clock(),
    );
    if (broken) throw new ApiError('validation_failed', broken);
    if (changes.includes('status')) await refuseWithOpenOrder(group.trx, id);
    const updated = await updatePetAt(group.trx, id, row.revision, {
      ...fieldColumns(after),
      updated_at: group.now,
    });
    if (!(await written(group, id, row, updated))) continue;
    if (changes.some((field) => searchedFieldNames.includes(field)) && !group.searchedBefore.has(id)) {
      group.searchedBefore.set(id, row);
    }
    const pet = toPet(updated!, before.photos);
    group.contextOf(change).emit({ type: 'pet.updated', data: pet, changes, createdAt: group.now });
    return { pet, etag: petEtag(updated!) };
  }
}

/** One removal: the pet becomes a tombstone, and its index rows go. */
async function remove(group: Group, removal: PetEditOrRemoval): Promise<undefined> {
  const { id } = removal;
  for (;;) {
    const row = group.rows.get(id);
    if (!row) throw new ApiError('pet_not_found', id);
    await refuseWithOpenOrder(group.trx, id);
    const change = { removed_at: group.now, updated_at: group.now };
    if (!(await written(group, id, row, await updatePetAt(group.trx, id, row.revision, change)))) continue;
    await group.petPhotos.removeAllOf(group.trx, id);
    if (!group.searchedBefore.has(id)) group.searchedBefore.set(id, row);
    group.rows.delete(id);
    group.contextOf(removal).emit({ type: 'pet.removed', data: { id }, createdAt: group.now });
    return undefined;
  }
}

/**
 * Whether a conditional write went through, keeping the group's copy of the pet current either way: the
 * written row, or (when another transaction changed it since it was read) the row as it now is.
 */
async function written(group: Group, id: number, read: PetRow, updated: PetRow | undefined) {
  if (updated) {
    group.rows.set(id, updated);
    return true;
  }
  const current = await findPetById(group.trx, id);
  if (current) group.rows.set(id, current);
  else group.rows.delete(id);
  if (current && current.revision === read.revision) throw new Error(`pet ${id} could not be written`);
  return false;
}

async function refuseWithOpenOrder(trx: Transaction<Database>, id: number) {
  const orderId = await findOpenOrderId(trx, id);
  if (orderId !== undefined) throw new ApiError('pet_has_open_order', id, orderId);
}
