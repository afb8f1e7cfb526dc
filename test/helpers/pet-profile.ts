// The profile of an animal added with its name and category alone, as every answer gives it: every field
// present and unknown (docs/pets.md).
import assert from 'node:assert/strict';
import type { Pet } from '@petstore/client';

export const unknownProfile = {
  breed: null,
  mixedBreed: null,
  sex: null,
  age: null,
  birthDate: null,
  size: null,
  color: null,
  coat: null,
  description: null,
  attributes: { spayedNeutered: null, houseTrained: null, vaccinated: null, specialNeeds: null },
  goodWith: { children: null, dogs: null, cats: null },
  tags: [],
} satisfies Partial<Pet>;

/**
 * Holds that `pet` has the seed's `fields`, is published (the default), the unknown profile, no photos, and the service's timestamps of a
 * creation (RFC 3339 UTC, updatedAt = createdAt).
 */
export function assertNewPet(pet: Pet, fields: Pick<Pet, 'name' | 'categoryId' | 'status'>): void {
  assert.match(pet.createdAt, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
  assert.match(pet.etag, /^"[^"]+"$/, 'a strong entity tag');
  assert.deepEqual(pet, {
    id: pet.id,
    ...fields,
    published: true,
    ...unknownProfile,
    photos: [],
    createdAt: pet.createdAt,
    updatedAt: pet.createdAt,
    etag: pet.etag,
  });
}

/** The header row of a CSV export: the fields in the API's order, a column per flag. */
export const csvHeader =
  'id,name,categoryId,status,published,breed,mixedBreed,sex,age,birthDate,size,color,coat,description,' +
  'attributes.spayedNeutered,attributes.houseTrained,attributes.vaccinated,attributes.specialNeeds,' +
  'goodWith.children,goodWith.dogs,goodWith.cats,tags,photos,createdAt,updatedAt';

/**
 * An animal with every field of its profile known, in values that test a CSV's quoting and separators. Its
 * breed is in no breed list: give it a category without one.
 */
export const fullProfile = {
  breed: 'Beagle, "lemon"',
  mixedBreed: false,
  sex: 'male',
  age: 'young',
  birthDate: '2024-03-02',
  size: 'medium',
  color: 'Tricolour',
  coat: 'short',
  description: ' A happy beagle.\nNeeds a garden; "loves" walks,\nand cats|dogs. ',
  attributes: { spayedNeutered: true, houseTrained: false, vaccinated: true, specialNeeds: null },
  goodWith: { children: true, dogs: null, cats: false },
  tags: ['playful', 'cats|dogs', 'back\\slash'],
} satisfies Partial<Pet>;
