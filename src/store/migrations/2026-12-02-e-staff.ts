// Staff accounts for the console: the people, their one-time links (to set a password), their sessions, and
// the sign-in failures that throttle guessing. Secrets are stored only as hashes: a link's token and a
// session's id as SHA-256 (both are 256 random or derived bits, so no slow hash is needed), a password under
// argon2id. The failures are kept by a hash of what they count (an email, an address), not the thing itself.
import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../store.js';
import { tableWithSerialId } from './serial-id.js';

export const staff = (dialect: DialectName): Migration => ({
  async up(db: Kysely<unknown>) {
    await tableWithSerialId(db, dialect, 'staff_accounts')
      .addColumn('email', 'text', (col) => col.notNull())
      // The email as compared (lower case): one account per address.
      .addColumn('email_key', 'text', (col) => col.notNull().unique())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('role', 'text', (col) => col.notNull().check(sql`role in ('volunteer', 'staff', 'admin')`))
      .addColumn('password_hash', 'text')
      .addColumn('disabled_at', 'bigint')
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .execute();

    await db.schema
      .createTable('staff_links')
      .addColumn('token_hash', 'text', (col) => col.primaryKey())
      .addColumn('account_id', 'bigint', (col) => col.notNull().references('staff_accounts.id'))
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('expires_at', 'bigint', (col) => col.notNull())
      .addColumn('used_at', 'bigint')
      .execute();
    await db.schema.createIndex('staff_links_account_id').on('staff_links').column('account_id').execute();

    await db.schema
      .createTable('staff_sessions')
      .addColumn('id_hash', 'text', (col) => col.primaryKey())
      .addColumn('account_id', 'bigint', (col) => col.notNull().references('staff_accounts.id'))
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('last_seen_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('staff_sessions_account_id')
      .on('staff_sessions')
      .column('account_id')
      .execute();

    await db.schema
      .createTable('staff_sign_in_failures')
      .addColumn('subject_hash', 'text', (col) => col.primaryKey())
      .addColumn('failures', 'integer', (col) => col.notNull())
      .addColumn('last_failure_at', 'bigint', (col) => col.notNull())
      .execute();
  },

  async down(db: Kysely<unknown>) {
    for (const table of ['staff_sign_in_failures', 'staff_sessions', 'staff_links', 'staff_accounts'])
      await db.schema.dropTable(table).execute();
  },
});
