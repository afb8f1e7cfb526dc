// One Redis script for the requests counted in one turn (count-batch.ts): it adds them to each of their
// windows (a key's minute and day) and reads the keys read along (read-along.ts), so that a request shares
// one round trip to Redis where rate-limiter-flexible's script, one window per call, made two, and the read
// along a third. With no window it is the read along alone.
//
// Each window is counted exactly as rate-limiter-flexible counts it (RateLimiterRedis, same key, same
// expiry, with the options redis-backend.ts gives it: no block duration, no in-memory block), so that its
// `get`, `set` and `delete` go on reading and changing the same counters. A window asked for several times
// in one call (the requests of one key in a turn, count-batch.ts) is added to once, by their number: the
// same count as one increment each, in a few commands rather than three per request.
import type { Redis } from 'ioredis';
import type { Count } from './counters.js';

/**
 * KEYS: the windows' counters, each once, then the keys read along. ARGV: each window's length in seconds and
 * the requests to add to it, then the value a missing key read along is started at. Returns each window's
 * count after the additions and milliseconds left, then the values read along.
 */
const countScript = `
local windows = (#ARGV - 1) / 2
local reply = {}
for i = 1, windows do
  local key, seconds = KEYS[i], ARGV[2 * i - 1]
  redis.call('set', key, 0, 'EX', seconds, 'NX')
  local used = redis.call('incrby', key, ARGV[2 * i])
  local ttl = redis.call('pttl', key)
  if ttl == -1 then
    redis.call('expire', key, seconds)
    ttl = 1000 * seconds
  end
  reply[#reply + 1] = used
  reply[#reply + 1] = ttl
end
-- A missing key read along starts at the seed: a value never handed out before (read-along.ts).
for i = windows + 1, #KEYS do
  local value = redis.call('get', KEYS[i])
  if not value then
    redis.call('set', KEYS[i], ARGV[#ARGV])
    value = ARGV[#ARGV]
  end
  reply[#reply + 1] = value
end
return reply`;

/** A window as the script counts it: rate-limiter-flexible's key of the subject, and the window's length. */
export interface CountedKey {
  key: string;
  seconds: number;
}

export interface CountReply {
  counts: Count[];
  /** The values of the keys read along, in their order. */
  alongValues: string[];
}

type Reply = (number | string)[];

/** Defines the script on `client`; returns the call that runs it. */
export function defineCountScript(client: Redis) {
  client.defineCommand('petstoreCount', { lua: countScript });
  const run = (client as unknown as { petstoreCount(...args: (string | number)[]): Promise<Reply> })
    .petstoreCount;
  return async (windows: readonly CountedKey[], readAlong: readonly string[], seed: string) => {
    // Each counter once, with how many of `windows` ask for it; the reply then gives where their counts end.
    const asked = new Map<string, { seconds: number; times: number; next: number; msBeforeReset: number }>();
    for (const { key, seconds } of windows) {
      const counter = asked.get(key);
      if (counter) counter.times++;
      else asked.set(key, { seconds, times: 1, next: 0, msBeforeReset: 0 });
    }
    const keys = [...asked.keys(), ...readAlong];
    const args = [...asked.values()].flatMap(({ seconds, times }) => [seconds, times]);
    const reply = await run.call(client, keys.length, ...keys, ...args, seed);
    // The appearances of a counter get consecutive counts, in order, ending at its count after the call.
    let i = 0;
    for (const counter of asked.values()) {
      counter.next = Number(reply[2 * i]) - counter.times + 1;
      counter.msBeforeReset = Math.max(0, Number(reply[2 * i + 1]));
      i++;
    }
    const counts = windows.map(({ key }) => {
      const counter = asked.get(key)!;
      return { used: counter.next++, msBeforeReset: counter.msBeforeReset, fallback: false };
    });
    return { counts, alongValues: reply.slice(2 * asked.size).map(String) } satisfies CountReply;
  };
}

/**
 * The read along (read-along.ts) on `client` when no count is going: the script counting nothing, so that a
 * missing key starts from the seed as it would when read along.
 */
export function readAlone(client: Redis): (keys: readonly string[], seed: string) => Promise<string[]> {
  const count = defineCountScript(client);
  return async (keys, seed) => (await count([], keys, seed)).alongValues;
}
