// Whether the public pages show a pet: a flag (0 or 1, as the profile's are) that is never null and starts at
// 1, so that every pet already there stays on the pages, and an insert that does not name it publishes. The
// same statement on both dialects: PostgreSQL adds a column with a constant default without rewriting the table.
import type { Kysely, Migration } from 'kysely';

export const petPublished: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('pets')
      .addColumn('published', 'integer', (col) => col.notNull().defaultTo(1))
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('pets').dropColumn('published').execute();
  },
};
