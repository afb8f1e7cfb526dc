// The benchmark's pets: a deterministic mix of 60% available, 25% pending and 15% sold, spread evenly by id
// so that every page of a filtered listing is as dense as any other. Each carries a full profile, as a
// shelter's record does, made from its id alone: every seeded database, baseline and peer holds the same one.
import type { Pet, PetStatus } from '../../src/domain/pet.js';
import { petAges, petCoats, petSexes, petSizes, type PetAge } from '../../src/domain/pet-profile-values.js';
import { fieldColumns, type PetFieldColumns } from '../../src/services/pet-record.js';

/** When the pets were added: fixed, so that pets seeded in different runs carry the same times. */
const seededAt = Date.UTC(2026, 0, 1);

const names = ['Rex', 'Bella', 'Milo', 'Luna', 'Max', 'Daisy', 'Oscar', 'Coco', 'Charlie', 'Nala'];
const breeds = [
  'Labrador Retriever',
  'Domestic Shorthair',
  'German Shepherd Dog',
  'Maine Coon',
  'Beagle',
  'Siamese',
  'Border Collie',
  'Holland Lop',
  'Staffordshire Bull Terrier',
  'Domestic Longhair',
];
const colors = ['Black', 'Brown and white', 'Grey tabby', 'Golden', 'Black and tan', 'Cream', 'Tricolor'];
const tagPool = ['playful', 'quiet home', 'good on a leash', 'cuddly', 'shy at first', 'loves walks', 'calm'];
/** Sentences a description is made of, about 80 characters each, chosen and ordered by the id. */
const sentences = [
  'Found as a stray in the spring, now settled in foster care and ready for a home.',
  'Walks well on a leash and waits politely at doors and at feeding time every day.',
  'Enjoys long afternoon naps in the sun and a gentle brush once the day is done.',
  'Has met the resident cats in foster care without any fuss, from a careful distance.',
  'Would do best with a family who can spend a few weeks helping them settle in.',
  'Loves squeaky toys, puzzle feeders and anything that ends with a tasty reward.',
  'Came to the shelter when their owner moved abroad, through no fault of their own.',
  'Is learning basic commands quickly, with treats and a lot of patient praise.',
  'Our staff describe them as curious, affectionate and a little goofy at times.',
  'Needs a daily walk and some play time, but is calm and quiet around the house.',
];

/** Status of the pet with this id: 12 in 20 available, 5 pending, 3 sold. */
export function statusOf(id: number): PetStatus {
  const slot = id % 20;
  return slot < 12 ? 'available' : slot < 17 ? 'pending' : 'sold';
}

const cycle = <T>(values: readonly T[], id: number, step = 1): T => values[(id * step) % values.length]!;

/** 3 to 7 sentences, about 250 to 580 characters; every third has a second paragraph, as staff write them. */
function descriptionOf(id: number, name: string): string {
  const count = 3 + (id % 5);
  const chosen = Array.from({ length: count }, (_, i) => cycle(sentences, id + i, 3));
  const lead = `${name} is one of our favourites. ${chosen.slice(0, 2).join(' ')}`;
  const rest = chosen.slice(2).join(' ');
  return `${lead}${id % 3 === 0 ? '\n\n' : ' '}${rest}`;
}

/** A birth date that fits the age group, a few years before the pets were added. */
function birthDateOf(id: number, age: PetAge): string {
  const year = { baby: 2025, young: 2024, adult: 2020, senior: 2014 }[age];
  const twoDigits = (n: number) => String(n).padStart(2, '0');
  return `${year}-${twoDigits(1 + (id % 12))}-${twoDigits(1 + (id % 28))}`;
}

/** The pet with this id, as the API answers it: every field of the profile known, 0 to 4 tags. */
export function seedPet(id: number): Pet {
  const name = `${names[id % names.length]} ${id}`;
  const age = cycle(petAges, id);
  const time = new Date(seededAt + id).toISOString();
  return {
    id,
    name,
    categoryId: 1 + (id % 12),
    status: statusOf(id),
    breed: cycle(breeds, id, 7),
    mixedBreed: id % 3 === 0,
    sex: cycle(petSexes, id),
    age,
    birthDate: birthDateOf(id, age),
    size: cycle(petSizes, id, 3),
    color: cycle(colors, id, 5),
    coat: cycle(petCoats, id, 5),
    description: descriptionOf(id, name),
    attributes: {
      spayedNeutered: id % 4 !== 0,
      houseTrained: id % 3 !== 1,
      vaccinated: id % 5 !== 0,
      specialNeeds: id % 11 === 0,
    },
    goodWith: { children: id % 2 === 0, dogs: id % 3 !== 2, cats: id % 5 < 2 },
    tags: Array.from({ length: id % 5 }, (_, i) => cycle(tagPool, id + i)),
    photos: [],
    createdAt: time,
    updatedAt: time,
  };
}

/** The row of a pet, every column the service writes on create, for the seeders of both backends. */
export const seedRow = (
  pet: Pet,
): PetFieldColumns & { id: number; created_at: number; updated_at: number } => ({
  id: pet.id,
  ...fieldColumns(pet),
  created_at: Date.parse(pet.createdAt),
  updated_at: Date.parse(pet.updatedAt),
});
