// The first schema: pets, API keys and the deployment's own settings.
import { randomBytes } from 'node:crypto';
import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../store.js';

export const initial = (dialect: DialectName): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('pets')
      .addColumn('id', dialect === 'sqlite' ? 'integer' : 'bigint', (col) =>
        // SQLite AUTOINCREMENT never reuses an id, matching an identity column: ids only grow.
        dialect === 'sqlite'
          ? col.primaryKey().autoIncrement()
          : col.primaryKey().generatedByDefaultAsIdentity(),
      )
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('category_id', 'bigint', (col) => col.notNull())
      .addColumn('status', 'text', (col) =>
        col.notNull().check(sql`status in ('available', 'pending', 'sold')`),
      )
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .execute();
    // Serves the filtered keyset listing; the primary key serves the unfiltered one.
    await db.schema.createIndex('pets_status_id').on('pets').columns(['status', 'id']).execute();

    await db.schema
      .createTable('api_keys')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('plan', 'text', (col) => col.notNull())
      .addColumn('key_hash', 'text', (col) => col.notNull().unique())
      .addColumn('key_hint', 'text', (col) => col.notNull())
      .addColumn('per_minute', 'integer')
      .addColumn('per_day', 'integer')
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('last_used_at', 'bigint')
      .addColumn('revoked_at', 'bigint')
      .execute();

    await db.schema
      .createTable('settings')
      .addColumn('name', 'text', (col) => col.primaryKey())
      .addColumn('value', 'text', (col) => col.notNull())
      .execute();
    await sql`insert into settings (name, value) values ('cursor_secret', ${randomBytes(32).toString('hex')})`.execute(
      db,
    );
  },

  async down(db: Kysely<unknown>) {
    for (const table of ['settings', 'api_keys', 'pets']) await db.schema.dropTable(table).execute();
  },
});
