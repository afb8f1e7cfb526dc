// The animal's profile, its edits and its removal: the profile's columns, `updated_at` and a revision that
// every change moves (the ETag), and `removed_at`, which makes a removed pet a tombstone that the events and
// its orders still name. Events gain the list of fields a `pet.updated` changed.
import { sql, type Kysely, type Migration } from 'kysely';

/** Every new column of pets, nullable unless a default is given. Flags are 0/1 integers in both dialects. */
const profileColumns: Array<[name: string, type: 'text' | 'integer' | 'bigint']> = [
  ['breed', 'text'],
  ['mixed_breed', 'integer'],
  ['sex', 'text'],
  ['age', 'text'],
  ['birth_date', 'text'],
  ['size', 'text'],
  ['color', 'text'],
  ['coat', 'text'],
  ['description', 'text'],
  ['spayed_neutered', 'integer'],
  ['house_trained', 'integer'],
  ['vaccinated', 'integer'],
  ['special_needs', 'integer'],
  ['good_with_children', 'integer'],
  ['good_with_dogs', 'integer'],
  ['good_with_cats', 'integer'],
  ['removed_at', 'bigint'],
];

export const petProfiles: Migration = {
  async up(db: Kysely<unknown>) {
    // One column per statement: SQLite's ALTER TABLE adds one at a time.
    for (const [name, type] of profileColumns) {
      await db.schema.alterTable('pets').addColumn(name, type).execute();
    }
    // The tags, a JSON array: read and written whole, never searched in SQL.
    await db.schema
      .alterTable('pets')
      .addColumn('tags', 'text', (col) => col.notNull().defaultTo('[]'))
      .execute();
    await db.schema
      .alterTable('pets')
      .addColumn('revision', 'integer', (col) => col.notNull().defaultTo(1))
      .execute();
    await db.schema
      .alterTable('pets')
      .addColumn('updated_at', 'bigint', (col) => col.notNull().defaultTo(0))
      .execute();
    await sql`update pets set updated_at = created_at`.execute(db);
    await db.schema.alterTable('events').addColumn('changes', 'text').execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('events').dropColumn('changes').execute();
    for (const name of [...profileColumns.map(([column]) => column), 'tags', 'revision', 'updated_at']) {
      await db.schema.alterTable('pets').dropColumn(name).execute();
    }
  },
};
