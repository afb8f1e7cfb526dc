// Counters in Redis, shared by every instance, updated atomically by Lua scripts: a request's windows by one
// script of ours (redis-count-script.ts), called once for the requests of a turn (count-batch.ts), anything
// else by rate-limiter-flexible. A slow or unreachable Redis never fails a request: the library's insurance
// limiter answers in process, and the failover keeps answering there until Redis is back.
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterRes } from 'rate-limiter-flexible';
import { countOf, unlimitedPoints, type Count, type Counter, type CounterBackend } from './counters.js';
import type { LimiterEvents } from './events.js';
import { Failover } from './failover.js';
import type { LimiterLog } from './log.js';
import type { ReadAlong } from './read-along.js';
import { openRedis } from '../redis/redis-client.js';
import { countInTurns } from './count-batch.js';
import { defineCountScript, type CountedKey } from './redis-count-script.js';

export interface RedisBackendOptions {
  url: string;
  /** Prefix of every key, e.g. `petstore:production`. */
  prefix: string;
  /** Longest a Redis call may take. */
  timeoutMs: number;
  /**
   * Whether to count in process when Redis fails (the server). Without it, errors reach the caller: the
   * CLI reports an unreachable Redis rather than showing empty counters.
   */
  failOpen: boolean;
  events: LimiterEvents;
  log: LimiterLog;
  /** How often Redis is probed while counting in process. */
  probeIntervalMs?: number;
}

/** Results that came from the in-process limiter rather than from Redis. */
const answeredInProcess = new WeakSet<RateLimiterRes>();

/** rate-limiter-flexible's insurance limiter, which also reports that it had to answer. */
class InsuranceLimiter extends RateLimiterMemory {
  constructor(
    options: ConstructorParameters<typeof RateLimiterMemory>[0],
    private readonly onUse: () => void,
  ) {
    super(options);
  }

  override async consume(key: string | number, points?: number, options?: Record<string, unknown>) {
    this.onUse();
    const res = await super.consume(key, points, options);
    answeredInProcess.add(res);
    return res;
  }

  override async reward(key: string | number, points?: number, options?: Record<string, unknown>) {
    this.onUse();
    return super.reward(key, points, options);
  }
}

export async function createRedisBackend(options: RedisBackendOptions): Promise<CounterBackend> {
  const { url, prefix, timeoutMs, failOpen, events, log, probeIntervalMs = 1000 } = options;
  const client = openRedis(url, timeoutMs);
  const failover = new Failover(client, events, log, timeoutMs, probeIntervalMs);
  try {
    await client.connect(); // rejects on the first failure; ioredis goes on reconnecting in the background
  } catch (error) {
    if (!failOpen) {
      client.disconnect();
      const reason = (failover.lastError ?? (error as Error)).message;
      throw new Error(`Redis at ${redacted(url)} is unreachable: ${reason}`);
    }
    failover.fail();
  }
  let along: ReadAlong | undefined;
  const countInTurn = countInTurns(
    defineCountScript(client),
    () => client.status === 'ready',
    () => along,
  );
  /** What the script needs of each counter, and the in-process counter that stands in for it. */
  const windows = new WeakMap<
    Counter,
    { keyOf(subject: string): string; seconds: number; inProcess: InsuranceLimiter }
  >();

  const counter = (name: string, seconds: number): Counter => {
    const keyPrefix = `${prefix}:${name}`;
    const inProcess = new InsuranceLimiter(
      { points: unlimitedPoints, duration: seconds, keyPrefix },
      failover.fail,
    );
    const shared = new RateLimiterRedis({
      storeClient: client,
      points: unlimitedPoints,
      duration: seconds,
      keyPrefix,
      rejectIfRedisNotReady: true,
      insuranceLimiter: failOpen ? inProcess : undefined,
    });
    const active = () => (failover.inProcess && failOpen ? inProcess : shared);
    const made: Counter = {
      consume: async (subject) => {
        const res = await active().consume(subject);
        return countOf(res, answeredInProcess.has(res));
      },
      refund: async (subject) => void (await active().reward(subject)),
      peek: async (subject) => {
        const res = await shared.get(subject);
        return res && countOf(res, false);
      },
      set: async (subject, used) => void (await shared.set(subject, used, seconds)),
      reset: async (subject) => {
        await Promise.all([shared.delete(subject), inProcess.delete(subject)]);
      },
    };
    windows.set(made, { keyOf: (subject) => shared.getKey(subject), seconds, inProcess });
    return made;
  };

  /** Counts in process: while Redis is failing over, or for the call that just found it failing. */
  const countInProcess = (counted: { inProcess: InsuranceLimiter }[], subject: string): Promise<Count[]> =>
    Promise.all(counted.map(async (w) => countOf(await w.inProcess.consume(subject), true)));

  async function consumeEach(counters: readonly Counter[], subject: string): Promise<Count[]> {
    const counted = counters.map((c) => windows.get(c)!);
    if (failover.inProcess && failOpen) return countInProcess(counted, subject);
    const keys: CountedKey[] = counted.map((w) => ({ key: w.keyOf(subject), seconds: w.seconds }));
    try {
      return await countInTurn(keys);
    } catch (error) {
      if (!failOpen) throw error;
      return countInProcess(counted, subject); // the insurance limiter reports the failure to the failover
    }
  }

  return {
    counter,
    consumeEach,
    readAlong: (readAlong) => void (along = readAlong),
    async close() {
      failover.stop();
      try {
        if (client.status === 'ready') await client.quit();
      } finally {
        client.disconnect();
      }
    },
  };
}

/** The URL without its password, for messages. */
export const redacted = (url: string): string => url.replace(/\/\/[^@/]*@/, '//');
