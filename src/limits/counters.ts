// Fixed-window counters per subject, kept by rate-limiter-flexible in memory or in Redis. The limiter asks
// only for counts; it compares them with each key's current quota itself, so one counter serves every plan
// and a plan change applies to the counts already made.
import type { RateLimiterRes } from 'rate-limiter-flexible';
import type { ReadAlong } from './read-along.js';

/** Large enough never to be reached: the quota is compared by the caller, not by the library. */
export const unlimitedPoints = Number.MAX_SAFE_INTEGER;

/** A subject's count in one window, after the request that asked for it. */
export interface Count {
  used: number;
  msBeforeReset: number;
  /** Counted by this process alone because Redis is unavailable: its share of the quota applies. */
  fallback: boolean;
}

export interface Counter {
  /** Adds one request and returns the count with it, atomically. */
  consume(subject: string): Promise<Count>;
  /** Takes one request back, for a request another window refused. */
  refund(subject: string): Promise<void>;
  /** The current count without adding to it; null when the subject has none in this window. */
  peek(subject: string): Promise<Count | null>;
  /** Sets the count, starting a new window (operators and tests). */
  set(subject: string, used: number): Promise<void>;
  /** Forgets the subject's count. */
  reset(subject: string): Promise<void>;
}

export interface CounterBackend {
  /** A counter of `seconds`-long windows; `name` keeps its subjects apart from other counters'. */
  counter(name: string, seconds: number): Counter;
  /**
   * Adds one request to `subject` in each of `counters` (made by this backend) and returns their counts: in
   * one call where the backend can make it one (one round trip to Redis for a key's minute and day).
   */
  consumeEach(counters: readonly Counter[], subject: string): Promise<Count[]>;
  /** Has each count also read `along`'s keys (read-along.ts; a backend that holds no shared keys ignores it). */
  readAlong?(along: ReadAlong): void;
  close(): Promise<void>;
}

/** `consumeEach` for a backend whose counters are counted one call each. */
export const consumedOneByOne = (counters: readonly Counter[], subject: string): Promise<Count[]> =>
  Promise.all(counters.map((counter) => counter.consume(subject)));

export const countOf = (res: RateLimiterRes, fallback: boolean): Count => ({
  used: res.consumedPoints,
  msBeforeReset: Math.max(0, res.msBeforeNext),
  fallback,
});
