// Counters for `serve --workers N` without Redis: they live in the cluster primary, and each worker asks it
// over the cluster's IPC channel (rate-limiter-flexible's RateLimiterCluster), so the workers of one
// machine share one budget per key. If the primary does not answer in time, the worker counts in its own
// memory with its share of each quota, like an instance that lost Redis.
import {
  RateLimiterCluster,
  RateLimiterClusterMaster,
  RateLimiterMemory,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { consumedOneByOne, countOf, unlimitedPoints, type Counter, type CounterBackend } from './counters.js';
import type { LimiterEvents } from './events.js';
import type { LimiterLog } from './log.js';

/** Called once in the cluster primary, before it forks, to hold the workers' counters. */
export function startClusterCounters(): void {
  new RateLimiterClusterMaster();
}

export interface ClusterBackendOptions {
  /** Longest a worker waits for the primary before counting on its own. */
  timeoutMs: number;
  events: LimiterEvents;
  log: LimiterLog;
}

export function createClusterBackend({ timeoutMs, events, log }: ClusterBackendOptions): CounterBackend {
  let alone = false;
  const fellBack = (error: unknown) => {
    if (alone) return;
    alone = true;
    const reason = `the cluster primary did not answer: ${(error as Error).message}`;
    events.emit({ type: 'fallback', reason });
    log.warn({ reason }, 'rate limiting falls back to this worker (it allows its share of every quota)');
  };
  const answered = () => {
    if (!alone) return;
    alone = false;
    events.emit({ type: 'recovered' });
    log.info({}, 'the cluster primary answers again: rate-limit counters are shared again');
  };

  return {
    counter(name, seconds): Counter {
      const options = { points: unlimitedPoints, duration: seconds, keyPrefix: name };
      const shared = new RateLimiterCluster({ ...options, timeoutMs });
      const own = new RateLimiterMemory(options);
      /** Runs `call` against the primary, or against this worker's own counters when it does not answer. */
      const either = async <T>(call: (limiter: RateLimiterAbstract) => Promise<T>): Promise<[T, boolean]> => {
        try {
          const result = await call(shared);
          answered();
          return [result, false];
        } catch (error) {
          fellBack(error);
          return [await call(own), true];
        }
      };
      return {
        consume: async (subject) => {
          const [res, fallback] = await either((l) => l.consume(subject));
          return countOf(res, fallback);
        },
        refund: async (subject) => void (await either((l) => l.reward(subject))),
        peek: async (subject) => {
          const [res, fallback] = await either((l) => l.get(subject));
          return res && countOf(res, fallback);
        },
        set: async () => {
          throw new Error('counters held by the cluster primary cannot be set');
        },
        reset: async (subject) => void (await either((l) => l.delete(subject))),
      };
    },
    consumeEach: consumedOneByOne,
    close: async () => {},
  };
}
