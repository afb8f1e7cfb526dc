// Adoption applications, their internal notes and the shelter's own questions (with the starter set for a new
// deployment); and the application scopes, for the keys that held every scope.
import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../store.js';
import { tableWithSerialId } from './serial-id.js';
import starterQuestions from '../application-form/starter-questions.json' with { type: 'json' };

/** Every scope before this migration: a key that held them all was meant to do everything, and now may. */
const everyScopeBefore = 'pets:read pets:write orders:write orders:manage events:read catalog:write';
const everyScopeAfter = `${everyScopeBefore} applications:submit applications:read applications:manage`;

export const applications = (dialect: DialectName): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('applications')
      // The order of submission, for keyset pages; the id clients see is random (it names personal data).
      .addColumn('seq', dialect === 'sqlite' ? 'integer' : 'bigint', (col) =>
        dialect === 'sqlite'
          ? col.primaryKey().autoIncrement()
          : col.primaryKey().generatedByDefaultAsIdentity(),
      )
      .addColumn('id', 'text', (col) => col.notNull().unique())
      .addColumn('pet_id', 'bigint', (col) => col.references('pets.id'))
      .addColumn('status', 'text', (col) =>
        col
          .notNull()
          .check(sql`status in ('submitted', 'in_review', 'approved', 'adopted', 'declined', 'withdrawn')`),
      )
      // The email as compared (lower case), and the folded words of name and email that `q` matches; null
      // and empty once erased.
      .addColumn('email_key', 'text')
      .addColumn('search_words', 'text', (col) => col.notNull())
      .addColumn('details', 'text', (col) => col.notNull())
      .addColumn('decline_reason', 'text')
      .addColumn('order_id', 'bigint', (col) => col.references('orders.id'))
      .addColumn('consented_at', 'bigint', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .addColumn('decided_at', 'bigint')
      .addColumn('retain_until', 'bigint')
      .addColumn('erased_at', 'bigint')
      .execute();
    // "An applicant has at most one open application per animal", held by the database itself, so that
    // simultaneous submissions on any number of instances make one. An application for no one animal counts
    // as one more animal. Both dialects take partial expression indexes.
    await sql`create unique index applications_one_open_per_applicant on applications (email_key, coalesce(pet_id, 0)) where status in ('submitted', 'in_review', 'approved')`.execute(
      db,
    );
    await db.schema
      .createIndex('applications_status_seq')
      .on('applications')
      .columns(['status', 'seq'])
      .execute();
    await db.schema
      .createIndex('applications_pet_id_seq')
      .on('applications')
      .columns(['pet_id', 'seq'])
      .execute();
    await db.schema.createIndex('applications_order_id').on('applications').column('order_id').execute();
    await db.schema.createIndex('applications_email_key').on('applications').column('email_key').execute();
    await db.schema
      .createIndex('applications_retain_until')
      .on('applications')
      .column('retain_until')
      .execute();

    await tableWithSerialId(db, dialect, 'application_notes')
      .addColumn('application_id', 'text', (col) => col.notNull().references('applications.id'))
      .addColumn('text', 'text', (col) => col.notNull())
      .addColumn('author', 'text', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('application_notes_application_id')
      .on('application_notes')
      .columns(['application_id', 'id'])
      .execute();

    await db.schema
      .createTable('application_questions')
      .addColumn('position', 'integer', (col) => col.primaryKey())
      .addColumn('id', 'text', (col) => col.notNull().unique())
      .addColumn('label', 'text', (col) => col.notNull())
      .addColumn('type', 'text', (col) => col.notNull())
      .addColumn('required', 'integer', (col) => col.notNull())
      .addColumn('options', 'text')
      .execute();
    await db
      .insertInto('application_questions' as never)
      .values(
        starterQuestions.questions.map((q, position) => ({
          position,
          id: q.id,
          label: q.label,
          type: q.type,
          required: q.required ? 1 : 0,
          options: null,
        })) as never,
      )
      .execute();

    await sql`update api_keys set scopes = ${everyScopeAfter} where scopes = ${everyScopeBefore}`.execute(db);
  },

  async down(db: Kysely<unknown>) {
    await sql`update api_keys set scopes = ${everyScopeBefore} where scopes = ${everyScopeAfter}`.execute(db);
    for (const table of ['application_questions', 'application_notes', 'applications'])
      await db.schema.dropTable(table).execute();
  },
});
