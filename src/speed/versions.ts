// The versions that read caches are valid under, across every process sharing the data: SQLite's change
// token, or on PostgreSQL counters that every write bumps after it commits and before it is acknowledged: in
// Redis when there is one, else sequences in PostgreSQL (shared-version.ts, Store.versionSequences). There are two, one per topic, so
// that creating a pet does not send every key record back to the database, only the pages
// (docs/decisions.md, "Caching reads").
import type { Store, VersionTopic } from '../store/store.js';

export type { VersionTopic };
export type VersionTokens = Readonly<Record<VersionTopic, string>>;

/** The versions as one request sees them, from when it began. */
export interface VersionView {
  /**
   * A token of `topic` under which a result read after this call may be cached, and served while the token
   * stays the same: every write acknowledged before the request began is in it. Undefined means: do not
   * cache (no version, or it cannot be read now).
   */
  token(topic: VersionTopic): Promise<string | undefined>;
  /** Whether a value of `topic` read under `token` may be kept, now that the read is done. */
  keep(topic: VersionTopic, token: string): boolean;
}

export interface DataVersion {
  /**
   * The view of a request beginning now. A request takes one at its start and hands it to every cache it
   * consults, so that it pays one read of the versions (a pragma on SQLite, one round trip otherwise) however
   * many caches it consults. `reading`: the request only reads (GET, HEAD). On SQLite, where nothing else
   * makes a request wait, the reads that begin in one turn of the event loop share one read of the version
   * at that turn's end, and so are answered together (storeVersion).
   */
  view(reading?: boolean): VersionView;
  /**
   * Runs a write of `topic` that cached reads must see, and announces it before the caller acknowledges
   * it. Where the announcement cannot be made (Redis unreachable), the write is refused with 503 before it
   * starts, or, should the announcement fail after it, answered 503: never acknowledged unannounced.
   */
  write<T>(topic: VersionTopic, work: () => Promise<T>): Promise<T>;
  /** Why writes are refused now (Redis unreachable), for the readiness probe; undefined while they are not. */
  writesRefused(): string | undefined;
  close(): Promise<void>;
}

/**
 * SQLite: `data_version` and this process's own writes (src/store/dialects/sqlite.ts) already move, for
 * every topic at once: reading a key record there costs no round trip, so nothing is gained by telling
 * topics apart.
 */
export function storeVersion(store: Pick<Store, 'changeToken'>): DataVersion {
  // A SQLite read answered from memory or by a synchronous query is otherwise sent from inside the socket's
  // callback, one at a time. Reading the token at the end of the turn instead (setImmediate runs once the
  // poll phase has handled every request that arrived) answers the turn's reads together, after one read for
  // all: 2.2 × the main scenario's throughput, measured in pairs (the figures are in this file's history), as PostgreSQL's round trip
  // already did for its reads. Still exact: the read comes after each of those requests began. Writes read
  // at once: their group commit waits for the turn's end already (group-commit.ts), and a second wait would
  // cost them a whole turn (measured: create-pet 0.71 × with it).
  let atTurnEnd: Promise<string | undefined> | undefined;
  const readAtTurnEnd = () =>
    (atTurnEnd ??= new Promise((resolve, reject) =>
      setImmediate(() => {
        atTurnEnd = undefined;
        try {
          resolve(store.changeToken());
        } catch (error) {
          reject(error);
        }
      }),
    ));
  return {
    view(reading = false) {
      let token: Promise<string | undefined> | undefined;
      return {
        // Read once, at the request's first cached lookup.
        token: () =>
          (token ??= reading ? readAtTurnEnd() : new Promise((resolve) => resolve(store.changeToken()))),
        // A write that landed while reading may or may not be in the value: keep it only if none did.
        keep: (_topic, read) => store.changeToken() === read,
      };
    },
    write: (_topic, work) => work(),
    writesRefused: () => undefined,
    close: async () => {},
  };
}

/** No caching: for a process that only writes, such as the cluster's primary issuing the first key. */
export const noVersion: DataVersion = {
  view: () => ({ token: async () => undefined, keep: () => false }),
  write: (_topic, work) => work(),
  writesRefused: () => undefined,
  close: async () => {},
};
