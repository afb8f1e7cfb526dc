// The shelter's own details: one row, there from the start so that a change is an update and two instances
// never race to create it; its logo's sizes beside it, as photos keep theirs. And the new scope that changes
// them, for the keys that held every scope.
import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../store.js';
import { withRenditionColumns } from './rendition-columns.js';

/** Every scope before this migration: a key that held them all was meant to do everything, and now may. */
const everyScopeBefore =
  'pets:read pets:write orders:write orders:manage events:read catalog:write ' +
  'applications:submit applications:read applications:manage';
const everyScopeAfter = `${everyScopeBefore} shelter:write`;

export const shelter = (dialect: DialectName): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('shelter')
      // The one row: the check keeps it one.
      .addColumn('id', 'integer', (col) => col.primaryKey().check(sql`id = 1`))
      .addColumn('name', 'text')
      .addColumn('intro', 'text')
      .addColumn('email', 'text')
      .addColumn('phone', 'text')
      .addColumn('address', 'text')
      .addColumn('website', 'text')
      .addColumn('opening_hours', 'text')
      .addColumn('accent_colour', 'text')
      // The logo as a photo's row has it: its id (the unguessable part of its URLs) and its full size.
      .addColumn('logo_id', 'text')
      .addColumn('logo_width', 'integer')
      .addColumn('logo_height', 'integer')
      .addColumn('logo_created_at', 'bigint')
      .addColumn('updated_at', 'bigint')
      .execute();
    await db
      .insertInto('shelter' as never)
      .values({ id: 1 } as never)
      .execute();

    // photo_renditions' columns, so that the photos' storage (src/store/photo-storage.ts) keeps both;
    // `photo_id` is the logo's id, which no photos row holds.
    await withRenditionColumns(
      db.schema.createTable('logo_renditions').addColumn('photo_id', 'text', (col) => col.notNull()),
      dialect,
      'logo_renditions_pkey',
    ).execute();

    await sql`update api_keys set scopes = ${everyScopeAfter} where scopes = ${everyScopeBefore}`.execute(db);
  },

  async down(db: Kysely<unknown>) {
    await sql`update api_keys set scopes = ${everyScopeBefore} where scopes = ${everyScopeAfter}`.execute(db);
    for (const table of ['logo_renditions', 'shelter']) await db.schema.dropTable(table).execute();
  },
});
