// PostgreSQL without Redis: a second version sequence, advanced by changes to key records only, so that the
// key records stay cached while pets and orders change (src/speed/versions.ts). SQLite needs none.
import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../store.js';

export const keyVersion = (dialect: DialectName): Migration => ({
  async up(db: Kysely<unknown>) {
    if (dialect === 'postgres') await sql`create sequence key_version`.execute(db);
  },

  async down(db: Kysely<unknown>) {
    if (dialect === 'postgres') await sql`drop sequence key_version`.execute(db);
  },
});
