// A cache of values read from the store, valid while the data version stays the same: any write, by this
// process or another sharing the data, moves it before the next read. Where there is no version to read
// (PostgreSQL without Redis, or Redis unreachable), nothing is cached.
import { LRUCache } from 'lru-cache';
import type { DataVersion } from './data-version.js';

export class ReadCache<V extends object> {
  private readonly entries: LRUCache<string, V>;
  private token: string | undefined;

  constructor(
    private readonly version: Pick<DataVersion, 'token' | 'keep'>,
    max: number,
  ) {
    this.entries = new LRUCache({ max });
  }

  /** The cached value for `key`, or the one `read` produces, cached when the version allows. */
  async get(key: string, read: () => Promise<V>): Promise<V> {
    const token = await this.version.token();
    if (token === undefined) return read();
    if (token !== this.token) {
      this.entries.clear();
      this.token = token;
    }
    const cached = this.entries.get(key);
    if (cached) return cached;
    const value = await read();
    // Only under the version current now: a request that began under an older one must not fill the cache.
    if (this.token === token && this.version.keep(token)) this.entries.set(key, value);
    return value;
  }
}
