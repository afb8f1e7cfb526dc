// Photos of the animals, kept in the database by default: a backup of the database is a backup of the
// photos, and every instance on one PostgreSQL serves every photo with no other component. A photo's row
// holds its place among its animal's; each of its sizes is a row of bytes (SQLite's BLOB, PostgreSQL's bytea)
// with what serving it needs: its media type, length and entity tag.
import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../store.js';
import { withRenditionColumns } from './rendition-columns.js';

export const photos = (dialect: DialectName): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('photos')
      // 128 random bits, base64url: the id is the unguessable part of the photo's public URLs.
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('pet_id', 'bigint', (col) => col.notNull().references('pets.id'))
      // 0 is the primary photo; a pet's positions run 0, 1, 2… with no gap.
      .addColumn('position', 'integer', (col) => col.notNull())
      .addColumn('width', 'integer', (col) => col.notNull())
      .addColumn('height', 'integer', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .execute();
    // A pet's photos in order, and every page's pets' photos in one query.
    await db.schema
      .createIndex('photos_pet_id_position')
      .on('photos')
      .columns(['pet_id', 'position'])
      .execute();

    await withRenditionColumns(
      db.schema
        .createTable('photo_renditions')
        .addColumn('photo_id', 'text', (col) => col.notNull().references('photos.id').onDelete('cascade')),
      dialect,
      'photo_renditions_pkey',
    ).execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('photo_renditions').execute();
    await db.schema.dropTable('photos').execute();
  },
});
