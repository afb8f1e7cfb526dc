// A pet's facts in the words of the message catalogue: the same wording on its card and on its page.
import type { Pet } from '../../domain/pet.js';
import type { Messages } from '../messages/en.js';

/** The breed, "mixed breed", or nothing when neither is known. */
export function breedOf(pet: Pet, messages: Messages): string | undefined {
  if (pet.breed !== null) return pet.mixedBreed ? messages.pet.mixedOf(pet.breed) : pet.breed;
  return pet.mixedBreed ? messages.pet.mixedBreed : undefined;
}

/** The card's one line: breed, age, sex and size, each where known. */
export function summaryOf(pet: Pet, messages: Messages): string {
  return [
    breedOf(pet, messages),
    pet.age && messages.ages[pet.age],
    pet.sex && messages.sexes[pet.sex],
    pet.size && messages.sizes[pet.size],
  ]
    .filter(Boolean)
    .join(' · ');
}

/** Yes, no or not known. */
export const knownWord = (value: boolean | null, messages: Messages): string =>
  value === null ? messages.known.unknown : value ? messages.known.yes : messages.known.no;
