// The words of pets move from `pet_terms` (a row per word) to each dialect's word index (store/word-index.ts),
// which buffers a pet's words as one entry: a creation wrote some seventy rows of a b-tree at random places.
// `pet_terms` keeps the tag rows. Existing pets are indexed here, in batches.
import type { Kysely, Migration } from 'kysely';
import { wordIndexes } from '../dialects/word-indexes.js';
import { petWordsOf, termKinds } from '../repositories/pet-terms-repository.js';
import type { Database } from '../schema.js';
import type { DialectName } from '../store.js';
import { eachPetBatch, insertTermRows, wordRowsOf } from './pet-word-rows.js';

export const wordIndex = (dialect: DialectName): Migration => {
  const index = wordIndexes[dialect];
  return {
    async up(db: Kysely<unknown>) {
      const typed = db as Kysely<Database>;
      await index.create(db);
      await eachPetBatch(typed, (pets) => index.insert(typed, pets.map(petWordsOf)));
      await typed.deleteFrom('pet_terms').where('kind', '=', termKinds.word).execute();
    },

    async down(db: Kysely<unknown>) {
      const typed = db as Kysely<Database>;
      await eachPetBatch(typed, (pets) => insertTermRows(typed, pets.flatMap(wordRowsOf)));
      await index.drop(db);
    },
  };
};
