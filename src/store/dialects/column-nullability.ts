// Whether a column may hold null, changed on a table that has rows. PostgreSQL alters the column in place.
// SQLite cannot alter a column: the table is rebuilt from its own stored definition, the way SQLite's
// documentation gives (create the new table, copy the rows, drop the old, rename, recreate the indexes),
// with foreign keys off meanwhile, so that the tables that reference it keep their rows and references.
import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../store.js';

interface Stored {
  sql: string;
}

export async function setColumnNullable(
  db: Kysely<unknown>,
  dialect: DialectName,
  table: string,
  column: string,
  nullable: boolean,
): Promise<void> {
  if (dialect === 'postgres') {
    await sql`alter table ${sql.table(table)} alter column ${sql.ref(column)} ${sql.raw(nullable ? 'drop' : 'set')} not null`.execute(
      db,
    );
    return;
  }
  // The pragma is a no-op inside a transaction; SQLite's migrations run outside one, on the one connection.
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      const [definition] = (
        await sql<Stored>`select sql from sqlite_master where type = 'table' and name = ${table}`.execute(trx)
      ).rows;
      if (!definition) throw new Error(`No table ${table}`);
      const indexes = (
        await sql<Stored>`select sql from sqlite_master where type = 'index' and tbl_name = ${table} and sql is not null`.execute(
          trx,
        )
      ).rows;
      const sequence = (
        await sql<{ seq: number }>`select seq from sqlite_sequence where name = ${table}`
          .execute(trx)
          .catch(() => ({ rows: [] }))
      ).rows[0];
      const rebuilt = `${table}_rebuilt`;
      const created = definition.sql.replace(/^CREATE TABLE "?[^"\s(]+"?/i, `CREATE TABLE "${rebuilt}"`);
      const columnStart = new RegExp(`("${column}" [a-z]+)( not null)?`, 'i');
      if (!columnStart.test(created)) throw new Error(`No column ${column} in ${table}`);
      await sql
        .raw(created.replace(columnStart, (_all, head: string) => (nullable ? head : `${head} not null`)))
        .execute(trx);
      await sql`insert into ${sql.table(rebuilt)} select * from ${sql.table(table)}`.execute(trx);
      await sql`drop table ${sql.table(table)}`.execute(trx);
      await sql`alter table ${sql.table(rebuilt)} rename to ${sql.table(table)}`.execute(trx);
      for (const index of indexes) await sql.raw(index.sql).execute(trx);
      // Ids are never reused: the sequence goes on from where the old table left it, not from its largest row.
      if (sequence)
        await sql`update sqlite_sequence set seq = ${sequence.seq} where name = ${table}`.execute(trx);
      const broken = (await sql`pragma foreign_key_check`.execute(trx)).rows;
      if (broken.length > 0) throw new Error(`Rebuilding ${table} broke ${broken.length} references`);
    });
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}
