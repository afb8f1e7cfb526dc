// Part of a transaction that can fail alone: its writes are undone and the transaction goes on, on both
// backends (PostgreSQL would otherwise refuse every later statement of a transaction after an error).
import { sql, type Transaction } from 'kysely';
import type { Database } from './schema.js';

/** Runs `work` inside a savepoint of `trx`; if it throws, its writes are rolled back and the error rethrown. */
export async function inSavepoint<T>(trx: Transaction<Database>, work: () => Promise<T>): Promise<T> {
  await sql`savepoint part`.execute(trx);
  try {
    const result = await work();
    await sql`release savepoint part`.execute(trx);
    return result;
  } catch (error) {
    await sql`rollback to savepoint part`.execute(trx);
    await sql`release savepoint part`.execute(trx);
    throw error;
  }
}
