// The benchmark's pets: a deterministic mix of 60% available, 25% pending and 15% sold, spread evenly by id
// so that every page of a filtered listing is as dense as any other. Each carries a full profile, as a
// shelter's record does, made from its id alone: every seeded database, baseline and peer holds the same one.
// Their words are spread as a shelter's are, for the search rows: some in every other pet ("friendly"), the
// town each came from on a long tail, down to towns named by about one pet in 10,000.
import type { Pet, PetStatus } from '../../src/domain/pet.js';
import { petAges, petCoats, petSexes, petSizes, type PetAge } from '../../src/domain/pet-profile-values.js';
import { fieldColumns, type PetFieldColumns, type PetFields } from '../../src/services/pet-record.js';
import {
  petWordsOf,
  tagRowsOf,
  type SearchedFields,
} from '../../src/store/repositories/pet-terms-repository.js';
import type { PetTermRow } from '../../src/store/schema.js';
import type { PetWords } from '../../src/store/word-index.js';

/** When the pets were added: fixed, so that pets seeded in different runs carry the same times. */
const seededAt = Date.UTC(2026, 0, 1);

const names = ['Rex', 'Bella', 'Milo', 'Luna', 'Max', 'Daisy', 'Oscar', 'Coco', 'Charlie', 'Nala'];
/**
 * Breeds by category: of the starter catalogue's lists for 1 Dog and 2 Cat, in their spelling (the breed rule
 * holds a creation to them), and a shelter's usual ones for the other categories, which have no list.
 */
const breedsOf: Record<number, readonly string[]> = {
  1: ['Labrador Retriever', 'German Shepherd Dog', 'Beagle', 'Border Collie', 'Staffordshire Bull Terrier'],
  2: ['Domestic Short Hair', 'Maine Coon', 'Siamese', 'Domestic Long Hair'],
  3: ['Holland Lop', 'Lionhead'],
  4: ['Cockatiel', 'Budgerigar'],
  5: ['Guinea Pig', 'Hamster'],
  6: ['Quarter Horse'],
  7: ['Bearded Dragon'],
  8: ['Pygmy Goat'],
};
/** The breed of categories 9 to 12, which the catalogue does not hold. */
const unlistedBreed = ['Mixed Breed'];
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
  'Our staff describe them as friendly, curious and a little goofy at times.',
  'Needs a daily walk and some play time, but is calm and quiet around the house.',
];

/**
 * Towns a pet came from: every start with every end, 1,024 names, none the start of another (no start is the
 * start of another start, nor any end of another end), so that a search for one finds only its own pets.
 */
const townStarts = (
  'Ash Bridge Brook Clay Cold East Fair Glen Green Hart High Holly Kings Lang Little Long ' +
  'Mill New North Red Rose Sand Shep South Stan Stone Thorn West White Wood'
).split(' ');
const townEnds = (
  'bury by caster combe dale den don field ford gate hall ham haven hill hurst ington ' +
  'kirk leigh ley low marsh mere minster moor mouth ness port stead stow thorpe ton wick'
).split(' ');
const towns = townStarts.flatMap((start) => townEnds.map((end) => start + end));

/**
 * How often each town is named falls as 1 / its rank (Zipf's law, as words in text do): the first about one
 * pet in 7.5, the last about one in 7,700. Each bound is where a town's share ends in [0, 1).
 */
const townBounds = (() => {
  const weights = towns.map((_, rank) => 1 / (rank + 1));
  const total = weights.reduce((sum, w) => sum + w, 0);
  let sum = 0;
  return weights.map((w) => (sum += w / total));
})();

/** The golden ratio's fraction: its multiples by 1, 2, 3... fill [0, 1) evenly, so shares hold for any count. */
const spread = (Math.sqrt(5) - 1) / 2;

function townOf(id: number): string {
  const draw = (id * spread) % 1;
  const index = townBounds.findIndex((bound) => draw < bound);
  return towns[index < 0 ? towns.length - 1 : index]!;
}

/** Words to search for: one in about half the pets' descriptions, and the rarest town. */
export const searchedWords = { common: 'friendly', rare: towns.at(-1)!.toLowerCase() };

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
  const lead = `${name} is from ${townOf(id)}. ${chosen.slice(0, 2).join(' ')}`;
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
  const time = new Date(seededAt + id).toISOString();
  return { id, ...seedRecord(id), photos: [], createdAt: time, updatedAt: time, etag: `"${id}.1"` };
}

/** The fields of the pet with this id, all but those the service sets: what a shelter sends to create it. */
export function seedRecord(id: number): PetFields {
  const name = `${names[id % names.length]} ${id}`;
  const age = cycle(petAges, id);
  const categoryId = 1 + (id % 12);
  return {
    name,
    categoryId,
    status: statusOf(id),
    // Every one on the pages, as a shelter's animals nearly all are: the pages' rows list them all.
    published: true,
    // Apart from the size (which follows id / 12), so that both vary within a category.
    breed: cycle(breedsOf[categoryId] ?? unlistedBreed, Math.floor(id / 48)),
    mixedBreed: id % 3 === 0,
    sex: cycle(petSexes, id),
    age,
    birthDate: birthDateOf(id, age),
    // Apart from the category (1 + id % 12), so that filtering by both narrows as a shelter's data would.
    size: cycle(petSizes, Math.floor(id / 12)),
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

/** The searched fields of a seeded row. */
const searchedFields = ({
  id,
  name,
  breed,
  color,
  description,
  tags,
}: ReturnType<typeof seedRow>): SearchedFields => ({
  id,
  name,
  breed: breed ?? null,
  color: color ?? null,
  description: description ?? null,
  tags: tags ?? '[]',
});

/** The word index entry of a seeded row: exactly the one the service writes when it creates the pet. */
export const seedWords = (row: ReturnType<typeof seedRow>): PetWords => petWordsOf(searchedFields(row));

/** The tag rows of a seeded row, likewise. */
export const seedTags = (row: ReturnType<typeof seedRow>): PetTermRow[] => tagRowsOf(searchedFields(row));
