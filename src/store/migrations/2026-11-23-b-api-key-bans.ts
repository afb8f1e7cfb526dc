// Temporary bans of API keys (docs/rate-limits.md). They live on the key's row, which every request already
// reads, so a ban holds on every instance at no extra cost and `petstore keys unban` can lift it from anywhere.
import type { Kysely, Migration } from 'kysely';

export const apiKeyBans: Migration = {
  async up(db: Kysely<unknown>) {
    // Unix epoch milliseconds; a time in the past records when the last ban ended, for repeat offences.
    await db.schema.alterTable('api_keys').addColumn('banned_until', 'bigint').execute();
    await db.schema
      .alterTable('api_keys')
      .addColumn('ban_offences', 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('api_keys').dropColumn('ban_offences').execute();
    await db.schema.alterTable('api_keys').dropColumn('banned_until').execute();
  },
};
