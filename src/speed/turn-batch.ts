// Lookups by key that begin in one turn of the event loop, answered by one query at that turn's end.

interface Waiter<V> {
  resolve(value: V | undefined): void;
  reject(error: unknown): void;
}

/** The most keys one query is asked for, well within either database's limit on parameters. */
const maxKeysPerLoad = 500;

/**
 * Returns a function that looks `key` up together with every other key asked for before the end of the
 * current turn of the event loop (setImmediate): `load` runs once for all of them, or once per 500. Exact as
 * a lookup of its own would be: the query starts after every request it serves began. A failed query fails
 * every lookup it served. On SQLite, one statement for many rows also takes the file's read lock once rather
 * than once a row (the `get-pet` row of docs/benchmarks.md).
 */
export function turnBatch<K, V>(load: (keys: K[]) => Promise<Map<K, V>>): (key: K) => Promise<V | undefined> {
  let pending: Map<K, Waiter<V>[]> | undefined;

  const answer = async (batch: [K, Waiter<V>[]][]) => {
    try {
      const found = await load(batch.map(([key]) => key));
      for (const [key, waiters] of batch) for (const waiter of waiters) waiter.resolve(found.get(key));
    } catch (error) {
      for (const [, waiters] of batch) for (const waiter of waiters) waiter.reject(error);
    }
  };
  const flush = () => {
    const batch = [...pending!];
    pending = undefined;
    for (let start = 0; start < batch.length; start += maxKeysPerLoad)
      void answer(batch.slice(start, start + maxKeysPerLoad));
  };

  return (key) =>
    new Promise((resolve, reject) => {
      if (!pending) {
        pending = new Map();
        setImmediate(flush);
      }
      const waiters = pending.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else pending.set(key, [{ resolve, reject }]);
    });
}
