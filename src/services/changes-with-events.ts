// A group of changes inside one transaction: each alone, then every event they wrote in one statement, as a
// group of creations appends its own (and a group of pets' edits, pet-changes.ts): the photos' changes.
import type { Transaction } from 'kysely';
import { isRefusal } from '../errors/api-error.js';
import { appendEvents, type NewEvent } from '../store/repositories/events-repository.js';
import { eachAlone, type ItemEnding } from '../store/savepoint.js';
import type { Database } from '../store/schema.js';

/**
 * Runs `work` for each change in turn; a refused change (an ApiError) must have written nothing, so it needs no
 * savepoint. `work` adds the events of its change to `written`; `trx` has called `store.serializeAppends`.
 * With `appendsEvents` false (a benchmark leaving the outbox out) no event is written.
 */
export async function eachWithEvents<C, T>(
  trx: Transaction<Database>,
  changes: readonly C[],
  work: (change: C, written: NewEvent[]) => Promise<T>,
  appendsEvents: boolean,
): Promise<ItemEnding<T>[]> {
  const written: NewEvent[] = [];
  const endings = await eachAlone([...changes], (change) => work(change, written), isRefusal);
  if (appendsEvents && written.length > 0) await appendEvents(trx, written);
  return endings;
}
