// How the application use cases write, through the one write path (writes.ts): writes that arrive together
// share a transaction, each in a savepoint of its own so that one refused is undone alone, and each one's
// events go to the outbox of that transaction.
import type { Transaction } from 'kysely';
import { isRefusal } from '../errors/api-error.js';
import type { NewEvent } from '../store/repositories/events-repository.js';
import { eachInSavepoint } from '../store/savepoint.js';
import type { Database } from '../store/schema.js';
import type { Writes } from './writes.js';

/** What a write did: its answer, and the events it records. */
export interface Written<T> {
  value: T;
  events: NewEvent[];
}

export type WriteWork<T> = (trx: Transaction<Database>) => Promise<Written<T>>;

export type WriteApplications = <T>(work: WriteWork<T>) => Promise<T>;

export function createApplicationWrites(writes: Writes): WriteApplications {
  const grouped = writes.grouped<WriteWork<unknown>, unknown>(
    'data',
    (trx, works, context) =>
      eachInSavepoint(
        trx,
        works,
        async (work) => {
          const { value, events } = await work(trx);
          context.for(work).emit(...events);
          return value;
        },
        isRefusal,
      ),
    200,
  );
  return async <T>(work: WriteWork<T>): Promise<T> => (await grouped.run(work as WriteWork<unknown>)) as T;
}
