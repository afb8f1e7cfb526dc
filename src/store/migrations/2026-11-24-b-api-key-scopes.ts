// What each API key may do, and until when (docs/security.md). Both live on the key's row, which every request
// already reads, so a change holds on every instance from the key's next request.
import { sql, type Kysely, type Migration } from 'kysely';

/** Every scope as of this migration: keys issued before scopes existed keep doing all they did. */
const everyScopeAtThisMigration = 'pets:read pets:write orders:write orders:manage events:read';

export const apiKeyScopes: Migration = {
  async up(db: Kysely<unknown>) {
    // Space-separated scope names, as OAuth 2.0 writes a scope list (RFC 6749 §3.3).
    await db.schema
      .alterTable('api_keys')
      .addColumn('scopes', 'text', (col) => col.notNull().defaultTo(sql.lit(everyScopeAtThisMigration)))
      .execute();
    // Unix epoch milliseconds; null for a key that never expires.
    await db.schema.alterTable('api_keys').addColumn('expires_at', 'bigint').execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('api_keys').dropColumn('expires_at').execute();
    await db.schema.alterTable('api_keys').dropColumn('scopes').execute();
  },
};
