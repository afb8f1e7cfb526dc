// Forces a failure inside a transaction: a database trigger that aborts every insert into one table.
import { sql } from 'kysely';
import type { TestApp } from './test-app.js';

/** Makes every insert into `table` fail inside its transaction, after the row went in; returns the undo. */
export async function failInsertsInto(t: TestApp, table: string): Promise<() => Promise<void>> {
  const { db, dialect } = t.app.store;
  if (dialect === 'sqlite') {
    await sql
      .raw(`create trigger fail_${table} after insert on ${table} begin select raise(abort, 'forced'); end`)
      .execute(db);
    return async () => void (await sql.raw(`drop trigger fail_${table}`).execute(db));
  }
  await sql
    .raw(
      `create function fail_${table}() returns trigger language plpgsql as $$ begin raise exception 'forced'; end $$;
       create trigger fail_${table} after insert on ${table} for each row execute function fail_${table}()`,
    )
    .execute(db);
  return async () =>
    void (await sql.raw(`drop trigger fail_${table} on ${table}; drop function fail_${table}()`).execute(db));
}
