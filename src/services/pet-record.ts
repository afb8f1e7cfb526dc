// A pet between its two shapes: the row the store keeps and the Pet the API answers, and the merge of a
// patch (RFC 7396) into a pet, with the names of the fields it changed.
import {
  defaultPetStatus,
  defaultPublished,
  PetPatchSchema,
  type NewPet,
  type Pet,
  type PetPatch,
} from '../domain/pet.js';
import { caseKey } from '../domain/case-key.js';
import { foldText } from '../domain/search-words.js';
import type { Photo } from '../domain/photo.js';
import type { NewPetRow, PetRow } from '../store/schema.js';

/** The fields a client may write: a Pet without what the service sets (its photos have operations of their own). */
export type PetFields = Omit<Pet, 'id' | 'createdAt' | 'updatedAt' | 'photos' | 'etag'>;

/** The columns of a pet that hold its fields and the keys derived from them, as written on create and on every edit. */
export type PetFieldColumns = Omit<NewPetRow, 'id' | 'created_at' | 'updated_at' | 'revision' | 'removed_at'>;

const fromFlag = (value: number | null): boolean | null => (value === null ? null : value === 1);
const toFlag = (value: boolean | null | undefined): number | null =>
  value === null || value === undefined ? null : Number(value);
const time = (ms: number) => new Date(Number(ms)).toISOString();

/** A pet row as the API returns it, with its photos in position order. */
export const toPet = (row: PetRow, photos: Photo[]): Pet => ({
  id: Number(row.id),
  name: row.name,
  categoryId: Number(row.category_id),
  status: row.status,
  published: row.published === 1,
  breed: row.breed,
  mixedBreed: fromFlag(row.mixed_breed),
  sex: row.sex,
  age: row.age,
  birthDate: row.birth_date,
  size: row.size,
  color: row.color,
  coat: row.coat,
  description: row.description,
  attributes: {
    spayedNeutered: fromFlag(row.spayed_neutered),
    houseTrained: fromFlag(row.house_trained),
    vaccinated: fromFlag(row.vaccinated),
    specialNeeds: fromFlag(row.special_needs),
  },
  goodWith: {
    children: fromFlag(row.good_with_children),
    dogs: fromFlag(row.good_with_dogs),
    cats: fromFlag(row.good_with_cats),
  },
  tags: JSON.parse(row.tags) as string[],
  photos,
  createdAt: time(row.created_at),
  updatedAt: time(row.updated_at),
  etag: petEtag(row),
});

/** The strong ETag of a pet as `row` holds it: it changes with every change, an order's included. */
export const petEtag = (row: Pick<PetRow, 'id' | 'revision'>): string => `"${row.id}.${row.revision}"`;

/** The ETag of a pet just created, at its first revision: the same on a replay of its creation. */
export const createdPetEtag = (id: number): string => petEtag({ id, revision: 1 });

/** A new pet's fields, with every one it left out unknown. */
export const newPetFields = (newPet: NewPet): PetFields => ({
  name: newPet.name,
  categoryId: newPet.categoryId,
  status: newPet.status ?? defaultPetStatus,
  published: newPet.published ?? defaultPublished,
  breed: newPet.breed ?? null,
  mixedBreed: newPet.mixedBreed ?? null,
  sex: newPet.sex ?? null,
  age: newPet.age ?? null,
  birthDate: newPet.birthDate ?? null,
  size: newPet.size ?? null,
  color: newPet.color ?? null,
  coat: newPet.coat ?? null,
  description: newPet.description ?? null,
  attributes: {
    spayedNeutered: newPet.attributes?.spayedNeutered ?? null,
    houseTrained: newPet.attributes?.houseTrained ?? null,
    vaccinated: newPet.attributes?.vaccinated ?? null,
    specialNeeds: newPet.attributes?.specialNeeds ?? null,
  },
  goodWith: {
    children: newPet.goodWith?.children ?? null,
    dogs: newPet.goodWith?.dogs ?? null,
    cats: newPet.goodWith?.cats ?? null,
  },
  tags: newPet.tags ?? [],
});

/** The columns that hold `fields`: every one, so that one statement shape serves every write. */
export const fieldColumns = (fields: PetFields): PetFieldColumns => ({
  name: fields.name,
  category_id: fields.categoryId,
  status: fields.status,
  published: Number(fields.published),
  breed: fields.breed,
  mixed_breed: toFlag(fields.mixedBreed),
  sex: fields.sex,
  age: fields.age,
  birth_date: fields.birthDate,
  size: fields.size,
  color: fields.color,
  coat: fields.coat,
  description: fields.description,
  spayed_neutered: toFlag(fields.attributes.spayedNeutered),
  house_trained: toFlag(fields.attributes.houseTrained),
  vaccinated: toFlag(fields.attributes.vaccinated),
  special_needs: toFlag(fields.attributes.specialNeeds),
  good_with_children: toFlag(fields.goodWith.children),
  good_with_dogs: toFlag(fields.goodWith.dogs),
  good_with_cats: toFlag(fields.goodWith.cats),
  tags: JSON.stringify(fields.tags),
  name_key: foldText(fields.name),
  breed_key: fields.breed === null ? null : caseKey(fields.breed),
});

/**
 * `pet` with `patch` merged in (RFC 7396): a field left out stays, `null` clears it, and the flags of
 * `attributes` and `goodWith` merge one by one (their `null` clears every flag). The schema has already
 * refused `null` for the fields that cannot be cleared.
 */
export function mergePatch(pet: PetFields, patch: PetPatch): PetFields {
  const merged = { ...pet };
  for (const [field, value] of Object.entries(patch) as Array<[keyof PetPatch, unknown]>) {
    if (value === undefined) continue;
    if (field === 'attributes' || field === 'goodWith') {
      const flags = { ...pet[field] } as Record<string, boolean | null>;
      for (const name of Object.keys(flags)) {
        const flag = value === null ? null : (value as Record<string, boolean | null | undefined>)[name];
        if (flag !== undefined) flags[name] = flag;
      }
      (merged as Record<string, unknown>)[field] = flags;
    } else if (field === 'tags') {
      merged.tags = (value as string[] | null) ?? [];
    } else {
      (merged as Record<string, unknown>)[field] = value;
    }
  }
  return merged;
}

/** The fields a client writes, in the order of the patch's schema. */
const fieldNames = Object.keys(PetPatchSchema.properties) as Array<keyof PetFields>;

const seedFieldNames: ReadonlyArray<keyof PetFields> = ['name', 'categoryId', 'status'];
const profileFieldNames = fieldNames.filter((field) => !seedFieldNames.includes(field));

/** A value with the fields of any object in it in name order: the same however the client ordered them. */
const canonical = (value: unknown): unknown =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? Object.keys(value)
        .sort()
        .map((key) => [key, (value as Record<string, unknown>)[key]])
    : value;

/** The fields of `body` among `names` that it sends (a `null` included), each with its canonical value. */
const sentFields = (body: Partial<Record<keyof PetFields, unknown>>, names: ReadonlyArray<keyof PetFields>) =>
  names.filter((field) => body[field] !== undefined).map((field) => [field, canonical(body[field])]);

/**
 * What two creations must share to be the same request for an Idempotency-Key: the body as validated, in a
 * fixed order, so that field order and white space do not matter while leaving a field out and sending its
 * default still differ. A body with no profile gives the fingerprint it gave before profiles existed, so a key
 * remembered across an upgrade still replays.
 */
export function creationFingerprintValues(newPet: NewPet): unknown[] {
  const seed = [newPet.name, newPet.categoryId, newPet.status];
  const profile = sentFields(newPet, profileFieldNames);
  return profile.length === 0 ? seed : [...seed, profile];
}

/** A patch's fields as it sends them, in a fixed order, as creationFingerprintValues gives a creation's. */
export const patchFingerprintValues = (patch: PetPatch): unknown[] => sentFields(patch, fieldNames);

/** The fields `q` searches: a change to one of them indexes the pet again. */
export const searchedFieldNames: ReadonlyArray<keyof PetFields> = [
  'name',
  'breed',
  'color',
  'tags',
  'description',
];

/** The names of the fields whose value differs between `before` and `after`. */
export const changedFields = (before: PetFields, after: PetFields): Array<keyof PetFields> =>
  fieldNames.filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]));
