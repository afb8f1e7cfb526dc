// The application listing's order, newest (or oldest) first, by (created_at, seq): without an index on it
// every first page read and sorted the whole table, as the bench's listing row showed.
import type { Kysely, Migration } from 'kysely';

export const applicationOrder: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex('applications_created_at_seq')
      .on('applications')
      .columns(['created_at', 'seq'])
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('applications_created_at_seq').execute();
  },
};
