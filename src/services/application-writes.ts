// The one way the application use cases write: writes that arrive together share a transaction
// (Speed.groupCommit) that first takes the append turn (store.serializeAppends), then runs each write in a
// savepoint of its own, so that one refused is undone alone; each write's events are appended in the same
// transaction, and the write is announced (Speed.write) before it is answered.
import type { Transaction } from 'kysely';
import { isRefusal } from '../errors/api-error.js';
import { appendEvents, type NewEvent } from '../store/repositories/events-repository.js';
import { eachInSavepoint } from '../store/savepoint.js';
import type { Database } from '../store/schema.js';
import type { Store } from '../store/store.js';
import type { Speed } from '../speed/index.js';

/** What a write did: its answer, and the events it records. */
export interface Written<T> {
  value: T;
  events: NewEvent[];
}

export type WriteWork<T> = (trx: Transaction<Database>) => Promise<Written<T>>;

export type WriteApplications = <T>(work: WriteWork<T>) => Promise<T>;

export function createApplicationWrites(store: Store, speed: Speed): WriteApplications {
  const together = speed.groupCommit((works: Array<WriteWork<unknown>>) =>
    store.db.transaction().execute(async (trx) => {
      // First in the transaction: event ids then commit in order.
      await store.serializeAppends(trx);
      return eachInSavepoint(
        trx,
        works,
        async (work) => {
          const { value, events } = await work(trx);
          if (events.length > 0) await appendEvents(trx, events);
          return value;
        },
        isRefusal,
      );
    }),
  );
  return async <T>(work: WriteWork<T>): Promise<T> => {
    const ending = await speed.write('data', () => together(work as WriteWork<unknown>));
    if ('error' in ending) throw ending.error;
    return ending.value as T;
  };
}
