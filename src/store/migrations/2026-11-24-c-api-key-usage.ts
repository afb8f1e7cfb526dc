// When each key was last used, in a table of its own: written in batches off the request path, and never
// through the key records the read caches depend on (src/services/key-usage.ts).
import { sql, type Kysely, type Migration } from 'kysely';

export const apiKeyUsage: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('api_key_usage')
      .addColumn('key_id', 'text', (col) => col.primaryKey().references('api_keys.id').onDelete('cascade'))
      // Unix epoch milliseconds, to the minute: the batch holds the first use of each key in each interval.
      .addColumn('last_used_at', 'bigint', (col) => col.notNull())
      .execute();
    await sql`insert into api_key_usage (key_id, last_used_at)
      select id, last_used_at from api_keys where last_used_at is not null`.execute(db);
    await db.schema.alterTable('api_keys').dropColumn('last_used_at').execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('api_keys').addColumn('last_used_at', 'bigint').execute();
    await sql`update api_keys set last_used_at =
      (select u.last_used_at from api_key_usage u where u.key_id = api_keys.id)`.execute(db);
    await db.schema.dropTable('api_key_usage').execute();
  },
};
