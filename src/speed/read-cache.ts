// A cache of values read from the store, valid while the version of their topic stays the same: any write of
// that topic, by this process or another sharing the data, moves it before the next read. Where the version
// cannot be read now (Redis or PostgreSQL unreachable), nothing is cached.
import { LRUCache } from 'lru-cache';
import type { DataVersion, VersionTopic, VersionView } from './versions.js';

interface Entry<V> {
  /** The version the value was read under: it is served only to requests that start under the same one. */
  token: string;
  value: V;
}

export class ReadCache<V extends object> {
  // Entries of older versions are not cleared when the version moves, only never served again: they are
  // overwritten or evicted in time. Clearing on every move cost a creation 7% of its CPU, because
  // LRUCache.clear() refills its arrays to their full `max` length, and every write moves the version.
  // None when `max` is 0: every read then loads.
  private readonly entries: LRUCache<string, Entry<V>> | undefined;

  constructor(
    private readonly version: DataVersion,
    private readonly topic: VersionTopic,
    max: number,
  ) {
    this.entries = max > 0 ? new LRUCache({ max }) : undefined;
  }

  /**
   * The cached value for `key`, or the one `load` produces, cached when the version allows. `version` is the
   * request's view of the versions (Speed.view), when the caller has one.
   */
  async read(key: string, load: () => Promise<V>, version: VersionView = this.version.view()): Promise<V> {
    if (!this.entries) return load();
    const token = await version.token(this.topic);
    if (token === undefined) return load();
    const cached = this.entries.get(key);
    if (cached?.token === token) return cached.value;
    const value = await load();
    // Only if no write landed while reading (SQLite); a value read under an older version is never served.
    if (version.keep(this.topic, token)) this.entries.set(key, { token, value });
    return value;
  }
}
