// PostgreSQL without Redis: a sequence that every acknowledged write advances, the version its read caches are
// valid under (src/speed/versions.ts). SQLite has its own change token and needs none.
import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../store.js';

export const dataVersion = (dialect: DialectName): Migration => ({
  async up(db: Kysely<unknown>) {
    if (dialect === 'postgres') await sql`create sequence data_version`.execute(db);
  },

  async down(db: Kysely<unknown>) {
    if (dialect === 'postgres') await sql`drop sequence data_version`.execute(db);
  },
});
