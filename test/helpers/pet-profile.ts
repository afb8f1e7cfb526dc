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
 * Holds that `pet` has the seed's `fields`, the unknown profile, and the service's timestamps of a creation
 * (RFC 3339 UTC, updatedAt = createdAt).
 */
export function assertNewPet(pet: Pet, fields: Pick<Pet, 'name' | 'categoryId' | 'status'>): void {
  assert.match(pet.createdAt, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
  assert.deepEqual(pet, {
    id: pet.id,
    ...fields,
    ...unknownProfile,
    createdAt: pet.createdAt,
    updatedAt: pet.createdAt,
  });
}
