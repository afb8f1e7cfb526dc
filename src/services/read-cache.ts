// A cache of values read from the store, valid while the store's change token stays the same: any write,
// by this process or another sharing the database, empties it before the next read. Where the store has
// no token (PostgreSQL), nothing is cached.
import { LRUCache } from 'lru-cache';
import type { Store } from '../store/store.js';

export class ReadCache<V extends object> {
  private readonly entries: LRUCache<string, V>;
  private token: string | undefined;

  constructor(
    private readonly store: Pick<Store, 'changeToken'>,
    max: number,
  ) {
    this.entries = new LRUCache({ max });
  }

  /** The cached value for `key`, or the one `read` produces, cached when the data did not change meanwhile. */
  async get(key: string, read: () => Promise<V>): Promise<V> {
    const token = this.store.changeToken();
    if (token === undefined) return read();
    if (token !== this.token) {
      this.entries.clear();
      this.token = token;
    }
    const cached = this.entries.get(key);
    if (cached) return cached;
    const value = await read();
    // A write that landed while reading may or may not be in the value: keep it only if none did.
    if (this.store.changeToken() === token) this.entries.set(key, value);
    return value;
  }
}
