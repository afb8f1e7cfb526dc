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

/** How the work of one item of `eachAlone` or `eachInSavepoint` ended. */
export type ItemEnding<T> = { value: T } | { error: unknown };

/**
 * Runs `work` for each item in turn: an item whose error `endsAlone` accepts ends with that error, while
 * the others go on; any other error fails them all. Only for work that writes nothing before such an error
 * (else eachInSavepoint).
 */
export async function eachAlone<I, T>(
  items: I[],
  work: (item: I) => Promise<T>,
  endsAlone: (error: unknown) => boolean,
): Promise<ItemEnding<T>[]> {
  const endings: ItemEnding<T>[] = [];
  for (const item of items) {
    try {
      endings.push({ value: await work(item) });
    } catch (error) {
      if (!endsAlone(error)) throw error;
      endings.push({ error });
    }
  }
  return endings;
}

/**
 * eachAlone, each item in a savepoint of `trx`: an item whose error `undoneAlone` accepts is rolled back
 * alone. Any other error (the connection broke, and the savepoint with it) fails the whole transaction.
 */
export const eachInSavepoint = <I, T>(
  trx: Transaction<Database>,
  items: I[],
  work: (item: I) => Promise<T>,
  undoneAlone: (error: unknown) => boolean,
): Promise<ItemEnding<T>[]> => eachAlone(items, (item) => inSavepoint(trx, () => work(item)), undoneAlone);
