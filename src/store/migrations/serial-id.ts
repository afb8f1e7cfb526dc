// A new table whose first column is an id that only grows and is never reused (SQLite AUTOINCREMENT,
// PostgreSQL identity), so that its rows can be paged and tailed by id.
import type { Kysely } from 'kysely';
import type { DialectName } from '../store.js';

export const tableWithSerialId = (db: Kysely<unknown>, dialect: DialectName, table: string) =>
  db.schema
    .createTable(table)
    .addColumn('id', dialect === 'sqlite' ? 'integer' : 'bigint', (col) =>
      dialect === 'sqlite'
        ? col.primaryKey().autoIncrement()
        : col.primaryKey().generatedByDefaultAsIdentity(),
    );
