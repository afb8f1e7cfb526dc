// A small corpus for the SDK's and the CLI's searches: two dozen animals whose profiles vary along every
// filter, each value drawn from a fixed seed so that no two filters pick out the same animals. The tests work
// out what a search should find from it.
import type { NewPet, Pet } from '@petstore/client';

/** The corpus's categories; none has a breed list, and the tests write nothing else to them. */
export const corpusCategories = [3, 4, 5];

const names = [
  'Tabby',
  'Biscuit',
  'Zoé',
  'Pepper',
  'Mango',
  'Shadow',
  'Tiger',
  'Olive',
  'Ash',
  'Pip',
  'Juno',
  'Rue',
];

/** A generator of the same numbers in [0, 1) on every run (mulberry32). */
function seeded(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const random = seeded(36);
const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)]!;

/** The animals, to be created in this order. */
export const searchCorpus: NewPet[] = Array.from({ length: 24 }, (_, i) => ({
  name: `${names[i % names.length]}${i < names.length ? '' : ' II'}`,
  categoryId: corpusCategories[i % 3]!,
  breed: pick(['Lop', 'Rex', 'Angora', 'Dutch']),
  sex: pick(['female', 'male', 'unknown'] as const),
  age: pick(['baby', 'young', 'adult', 'senior'] as const),
  size: pick(['small', 'medium', 'large', 'xlarge'] as const),
  coat: pick(['short', 'long', 'curly'] as const),
  goodWith: { cats: pick([true, false, null]), dogs: pick([true, false, null]) },
  attributes: { vaccinated: pick([true, false]), houseTrained: pick([true, null]) },
  tags: pick([['calm', 'Indoor'], ['calm'], ['playful', 'Indoor'], []]),
  description: pick(['A quiet tabby-coloured friend', 'Loves walks', null]),
}));

/** A name as the service folds words and the `name` sort: accents removed, lower case. */
export const fold = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();

/** The words of a pet's name and description, folded: what `q` finds the corpus's animals by. */
export const wordsOf = (pet: Pet) => fold(`${pet.name} ${pet.description ?? ''}`).split(/[^\p{L}\p{N}]+/u);
