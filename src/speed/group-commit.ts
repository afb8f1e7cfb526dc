// Group commit: the items that arrive while a transaction is committing go into the next transaction
// together, and each is acknowledged only once that one has committed. One commit (one WAL flush, one turn
// of PostgreSQL's append lock) then serves every request that waited for it, where each used to pay its own.
// The first item waits only for the end of the event loop's current turn (setImmediate), so that the other
// requests read in the same turn join it: SQLite commits synchronously, so without that wait no request
// would ever arrive during a commit. An idle service adds no measurable delay.
import { maxGroupSize } from '../store/group-size.js';

interface Waiting<In, Out> {
  item: In;
  resolve(value: Out): void;
  reject(error: unknown): void;
}

/**
 * Returns a function that commits one item through `commitAll`, which must commit every item it is given in
 * one transaction and return their results in the same order. If that transaction fails, every item of it
 * fails with the same error, as it would have alone: a batch is never retried item by item, since a
 * commit whose outcome is unknown may have landed. A transaction holds at most `maxBatch` items.
 */
export function groupCommit<In, Out>(
  commitAll: (items: In[]) => Promise<Out[]>,
  maxBatch: number = maxGroupSize,
): (item: In) => Promise<Out> {
  const waiting: Waiting<In, Out>[] = [];
  let committing = false;

  async function drain(): Promise<void> {
    while (waiting.length > 0) {
      const batch = waiting.splice(0, maxBatch);
      try {
        const results = await commitAll(batch.map((w) => w.item));
        batch.forEach((w, i) => w.resolve(results[i]!));
      } catch (error) {
        for (const w of batch) w.reject(error);
      }
    }
    committing = false;
  }

  return (item) =>
    new Promise<Out>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      if (!committing) {
        committing = true;
        setImmediate(() => void drain());
      }
    });
}
