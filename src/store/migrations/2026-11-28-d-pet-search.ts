// Finding pets: the search index (pet_terms, one row per word and per tag of a pet; the words moved to each
// dialect's word index in 2026-11-28-f-word-index), the case-folded keys
// that the breed filter and the name sort compare, and an index per sort. On PostgreSQL the compared text is
// in the "C" collation, which orders by code point as SQLite does, so that a sort or a prefix search gives
// the same pets in the same order on both. Existing pets are indexed here.
import { sql, type Kysely, type Migration } from 'kysely';
import { caseKey } from '../../domain/case-key.js';
import { foldText } from '../../domain/search-words.js';
import { tagRowsOf } from '../repositories/pet-terms-repository.js';
import type { Database } from '../schema.js';
import type { DialectName } from '../store.js';
import { eachPetBatch, insertTermRows, wordRowsOf } from './pet-word-rows.js';

export const petSearch = (dialect: DialectName): Migration => ({
  async up(db: Kysely<unknown>) {
    const compared = dialect === 'postgres' ? sql`text collate "C"` : sql`text`;
    await db.schema.alterTable('pets').addColumn('name_key', compared).execute();
    await db.schema.alterTable('pets').addColumn('breed_key', 'text').execute();
    await db.schema
      .createTable('pet_terms')
      .addColumn('pet_id', 'bigint', (col) => col.notNull())
      .addColumn('kind', 'text', (col) => col.notNull())
      .addColumn('term', compared, (col) => col.notNull())
      .addPrimaryKeyConstraint('pet_terms_pk', ['kind', 'term', 'pet_id'])
      // The key is the whole row: SQLite keeps it in the key's b-tree alone.
      .$call((table) => (dialect === 'sqlite' ? table.modifyEnd(sql`without rowid`) : table))
      .execute();
    await db.schema.createIndex('pet_terms_pet').on('pet_terms').column('pet_id').execute();
    // Each sort's order; updated_at's over every row, tombstones included, for the latest change time.
    await db.schema.createIndex('pets_updated_id').on('pets').columns(['updated_at', 'id']).execute();
    for (const [name, column] of [
      ['pets_created_id', 'created_at'],
      ['pets_name_id', 'name_key'],
    ] as const) {
      await db.schema
        .createIndex(name)
        .on('pets')
        .columns([column, 'id'])
        .where(sql.ref('removed_at'), 'is', null)
        .execute();
    }

    const typed = db as Kysely<Database>;
    await eachPetBatch(typed, async (rows) => {
      for (const pet of rows) {
        await typed
          .updateTable('pets')
          .set({ name_key: foldText(pet.name), breed_key: pet.breed === null ? null : caseKey(pet.breed) })
          .where('id', '=', pet.id)
          .execute();
      }
      await insertTermRows(typed, [...rows.flatMap(wordRowsOf), ...rows.flatMap(tagRowsOf)]);
    });
  },

  async down(db: Kysely<unknown>) {
    for (const index of ['pets_updated_id', 'pets_created_id', 'pets_name_id']) {
      await db.schema.dropIndex(index).execute();
    }
    await db.schema.dropTable('pet_terms').execute();
    await db.schema.alterTable('pets').dropColumn('breed_key').execute();
    await db.schema.alterTable('pets').dropColumn('name_key').execute();
  },
});
