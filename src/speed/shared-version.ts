// The versions of PostgreSQL, kept where every instance reads them (Redis, or PostgreSQL's own sequences),
// read with one round trip for both topics.
//
// A request needs the data's version only when it reads a cached page or the inventory, but its key's
// version on every request: for a write, that read would be its one round trip besides the write itself.
// So key changes wait before they are acknowledged, and a read of the versions answers for the keys'
// version to every request that begins within a shorter time after it was sent. Exact: a key change
// acknowledged before a request began was announced at least `keyChangeWaitMs` before that, so before any
// read the request may take the keys' token from (docs/decisions.md, "Caching reads").
import { ApiError } from '../errors/api-error.js';
import { coalesce } from './coalesce.js';
import type { DataVersion, VersionTokens, VersionTopic, VersionView } from './versions.js';

/** How long after a read of the versions was sent requests that begin may take the keys' token from it. */
export const keyReadReuseMs = 15;
/**
 * How long a key change waits, once announced, before it is acknowledged: longer than the reuse by a
 * margin, since the two are measured by the clocks of different processes.
 */
export const keyChangeWaitMs = 20;

/** Where the versions are kept. */
export interface VersionStore {
  /** Both versions, in one round trip; rejects when they cannot be read. */
  read(): Promise<VersionTokens>;
  /** Moves a topic's version to one never handed out before. */
  advance(topic: VersionTopic): Promise<void>;
  /** Throws the 503 for a write that could not be announced now, before it starts. */
  assertReachable(): void;
  /** The 503's message when the announcement after a commit fails. */
  unannounced: string;
  close(): Promise<void>;
}

export interface Clocks {
  /** Milliseconds of a monotonic clock, which a wall-clock step does not move. */
  monotonic(): number;
  /** Milliseconds of the wall clock, which (unlike the monotonic one) counts a suspended machine's sleep. */
  wall(): number;
  sleep(ms: number): Promise<void>;
}

export const systemClocks: Clocks = {
  monotonic: () => performance.now(),
  wall: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

interface Read {
  /** Reads are numbered in the order they were sent. */
  number: number;
  sentAt: number;
  sentAtWall: number;
  tokens: Promise<VersionTokens | undefined>;
}

export interface SharedVersion extends DataVersion {
  /**
   * Takes a read of both versions that another call sent just now (the limiter's, which reads them in its
   * own round trip to Redis) as this module's own: requests that began before it was sent use it as they
   * would one of their own reads.
   */
  readSentElsewhere(tokens: Promise<VersionTokens | undefined>): void;
}

export function sharedVersion(versions: VersionStore, clocks: Clocks = systemClocks): SharedVersion {
  const advances = {
    data: coalesce(() => versions.advance('data')),
    keys: coalesce(() => versions.advance('keys')),
  };
  let sent = 0;
  let latest: Read | undefined;

  /** Takes note of a read of the versions sent just now; undefined tokens mean it failed. */
  const track = (tokens: Promise<VersionTokens | undefined>): Promise<VersionTokens | undefined> => {
    const read: Read = {
      number: ++sent,
      sentAt: clocks.monotonic(),
      sentAtWall: clocks.wall(),
      tokens,
    };
    latest = read;
    // A failed read answers for no one after it: the next request tries again.
    void read.tokens.then((tokens) => {
      if (!tokens && latest === read) latest = undefined;
    });
    return read.tokens;
  };
  const readNow = () => track(versions.read().catch(() => undefined));

  /**
   * Waits at least `ms` by the monotonic clock: a setTimeout may fire early by as much as the event loop's
   * cached time lags behind, so the time left is checked after each sleep.
   */
  const waitAtLeast = async (ms: number) => {
    const until = clocks.monotonic() + ms;
    for (let left = ms; left > 0; left = until - clocks.monotonic()) await clocks.sleep(left);
  };

  return {
    view(): VersionView {
      const began = { after: sent, at: clocks.monotonic(), wall: clocks.wall() };
      // Both clocks must agree that the read is recent: the monotonic one stops while a machine sleeps, and
      // the wall clock can be set back.
      const recent = (read: Read) =>
        began.at - read.sentAt < keyReadReuseMs && began.wall - read.sentAtWall < keyReadReuseMs;
      return {
        async token(topic) {
          let tokens: Promise<VersionTokens | undefined>;
          // Any read sent after the request began answers for both topics; one sent shortly before, for keys.
          if (latest && latest.number > began.after) tokens = latest.tokens;
          else if (topic === 'keys' && latest && recent(latest)) tokens = latest.tokens;
          else tokens = readNow();
          return (await tokens)?.[topic];
        },
        keep: () => true,
      };
    },

    readSentElsewhere: (tokens) => void track(tokens),

    async write(topic, work) {
      versions.assertReachable();
      const result = await work();
      try {
        await advances[topic]();
      } catch {
        throw new ApiError('service_unavailable', versions.unannounced);
      }
      if (topic === 'keys') await waitAtLeast(keyChangeWaitMs);
      return result;
    },

    writesRefused() {
      try {
        versions.assertReachable();
        return undefined;
      } catch (error) {
        return (error as Error).message;
      }
    },

    close: () => versions.close(),
  };
}
