// "Last used" of API keys, kept off the request path: a request only notes the time in memory; a timer
// writes the noted times in one batch per interval, to a table of their own (api_key_usage). What is true:
// - a read never writes and never fails because of this: a failed batch is logged and retried next time;
// - on SQLite the batch does not move this process's change token, so no read cache is emptied; other
//   processes sharing the file (workers, the CLI) see SQLite's data_version move once per batch at most;
// - the stored time lags by up to one interval (and is lost for the last interval if the process is
//   killed rather than closed); this process's own answers (`keys show` through it) include unsaved uses.
import type { Store } from '../store/store.js';
import { findKeyUsage, recordKeyUsage } from '../store/repositories/api-key-usage-repository.js';

export interface KeyUsage {
  /** Notes a use of the key at `now`: in memory only, at most once per interval per key. */
  touch(keyId: string, now: number): void;
  /** Writes the noted uses in one batch; on failure keeps them for the next batch and rethrows. */
  flush(): Promise<void>;
  /** Last use of each key (or of one), the noted ones included. */
  lastUsed(keyId?: string): Promise<Map<string, number>>;
}

export function createKeyUsage(store: Store, intervalMs: number): KeyUsage {
  let pending = new Map<string, number>();
  /** Last noted time per key, so a busy key is noted once per interval, not per request. */
  const noted = new Map<string, number>();
  return {
    touch(keyId, now) {
      const last = noted.get(keyId);
      if (last !== undefined && now - last < intervalMs) return;
      noted.set(keyId, now);
      pending.set(keyId, now);
    },
    async flush() {
      if (pending.size === 0) return;
      const batch = pending;
      pending = new Map();
      try {
        await recordKeyUsage(store.db, batch);
      } catch (error) {
        for (const [keyId, at] of batch) if (!pending.has(keyId)) pending.set(keyId, at);
        throw error;
      }
    },
    async lastUsed(keyId) {
      const stored = await findKeyUsage(store.db, keyId);
      for (const [id, at] of pending) {
        if ((keyId === undefined || id === keyId) && at > (stored.get(id) ?? 0)) stored.set(id, at);
      }
      return stored;
    },
  };
}

/** Writes noted uses every `intervalMs`; returns a function that stops the timer and writes the rest. */
export function scheduleUsageFlush(
  usage: KeyUsage,
  intervalMs: number,
  onError: (error: unknown) => void,
): () => Promise<void> {
  const timer = setInterval(() => usage.flush().catch(onError), intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await usage.flush().catch(onError);
  };
}
