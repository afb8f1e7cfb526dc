// `pets:remove`, split from `pets:write` so that a role may edit animals without removing them (a volunteer):
// every key that held `pets:write` gains it, so that no key loses an operation. Stored scope lists are
// space-separated in table order, and `pets:remove` comes right after `pets:write`.
import { sql, type Kysely, type Migration } from 'kysely';

export const petsRemoveScope: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`update api_keys set scopes = replace(scopes, 'pets:write', 'pets:write pets:remove')
              where (' ' || scopes || ' ') like '% pets:write %'`.execute(db);
  },

  async down(db: Kysely<unknown>) {
    await sql`update api_keys set scopes = replace(scopes, ' pets:remove', '')
              where (' ' || scopes || ' ') like '% pets:remove %'`.execute(db);
  },
};
