// Counters in this process's memory: the default, for one process. Other processes (the CLI, other
// instances) cannot see them.
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { consumedOneByOne, countOf, unlimitedPoints, type CounterBackend } from './counters.js';

export function createMemoryBackend(): CounterBackend {
  return {
    counter(name, seconds) {
      const limiter = new RateLimiterMemory({ points: unlimitedPoints, duration: seconds, keyPrefix: name });
      return {
        consume: async (subject) => countOf(await limiter.consume(subject), false),
        refund: async (subject) => void (await limiter.reward(subject)),
        peek: async (subject) => {
          const res = await limiter.get(subject);
          return res && countOf(res, false);
        },
        set: async (subject, used) => void (await limiter.set(subject, used, seconds)),
        reset: async (subject) => void (await limiter.delete(subject)),
      };
    },
    consumeEach: consumedOneByOne,
    close: async () => {},
  };
}
