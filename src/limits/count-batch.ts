// The requests counted in one turn of the event loop share one call of the count script, sent at the turn's
// end (setImmediate runs once the poll phase has handled every request that arrived): Redis runs one script
// and ioredis parses one reply for all of them, where each request used to send its own. The requests of one
// key in a batch get consecutive counts, in order, as they would from calls of their own
// (redis-count-script.ts). The keys read along (read-along.ts) are read once, after every request of the
// batch began.
// Unlike group commit (src/speed/group-commit.ts), which holds the next group until the transaction before it
// has committed, each turn's call goes out at once: counts need no order between calls, only within one.
import type { Count } from './counters.js';
import type { ReadAlong } from './read-along.js';
import type { CountedKey, CountReply } from './redis-count-script.js';

type CountCall = (
  windows: readonly CountedKey[],
  readAlong: readonly string[],
  seed: string,
) => Promise<CountReply>;

interface Asked {
  windows: readonly CountedKey[];
  answer(counts: Promise<Count[]>): void;
}

/**
 * Counts `windows` with the others asked for in the same turn. `ready` says whether the call can be sent;
 * `along` is what each call reads along, if anything.
 */
export function countInTurns(count: CountCall, ready: () => boolean, along: () => ReadAlong | undefined) {
  let asked: Asked[] | undefined;

  const send = () => {
    const batch = asked!;
    asked = undefined;
    const readAlong = along();
    const reply = ready()
      ? count(
          batch.flatMap((a) => a.windows),
          readAlong?.keys ?? [],
          readAlong?.seed() ?? '',
        )
      : Promise.reject(new Error('Redis connection is not ready'));
    readAlong?.sent(reply.then((r) => r.alongValues).catch(() => undefined));
    let from = 0;
    for (const a of batch) {
      const start = from;
      const end = (from += a.windows.length);
      a.answer(reply.then((r) => r.counts.slice(start, end)));
    }
  };

  return (windows: readonly CountedKey[]): Promise<Count[]> =>
    new Promise((resolve) => {
      if (!asked) {
        asked = [];
        setImmediate(send);
      }
      asked.push({ windows, answer: resolve });
    });
}
