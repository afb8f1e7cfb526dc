// Concurrent writers and a tailing follower over real server processes, for the gap-free paging tests of any
// collection listed by id with Link rel="next"/"resume": pets and orders (events the same way).
import assert from 'node:assert/strict';

export interface Writers {
  /** Ids whose creation was acknowledged. */
  acknowledged: number[];
  done: Promise<void>;
}

/**
 * `count` writers calling `write(writer, n)` back to back until `durationMs` has passed; each returns the id
 * of what it created, or undefined when the write was not acknowledged.
 */
export function startWriters(
  count: number,
  durationMs: number,
  write: (writer: number, n: number) => Promise<number | undefined>,
): Writers {
  const acknowledged: number[] = [];
  const stopAt = Date.now() + durationMs;
  const writer = async (w: number) => {
    for (let n = 0; Date.now() < stopAt; n++) {
      const id = await write(w, n);
      if (id !== undefined) acknowledged.push(id);
    }
  };
  return {
    acknowledged,
    done: Promise.all(Array.from({ length: count }, (_, w) => writer(w))).then(() => {}),
  };
}

export interface Follower {
  /** Every id listed, in the order seen. */
  seen: number[];
  /** Stops after the current pass has reached the end once more; resolves when it has. */
  stop(): Promise<void>;
}

/**
 * Tails a collection as a sync client would: follows `rel="next"`, and at the last page keeps its
 * `rel="resume"` link and requests it again a little later. `baseUrl(page)` picks the instance for each
 * request, so the follower moves between instances.
 */
export function startFollower(
  firstPath: string,
  headers: Record<string, string>,
  baseUrl: (request: number) => string,
  idsOf: (body: unknown) => number[] = (body) => (body as Array<{ id: number }>).map((item) => item.id),
  pauseMs = 20,
): Follower {
  const seen: number[] = [];
  let stopping = false;
  const run = (async () => {
    let path = firstPath;
    for (let request = 0; ; request++) {
      // Whether this request begins after the writes ended: only such a pass must have seen every write (one
      // sent earlier may be answered after they ended, yet rightly without the last of them).
      const beganAfterWrites = stopping;
      const res = await fetch(`${baseUrl(request)}${path}`, { headers });
      assert.equal(res.status, 200, `follower request ${path}: ${await res.clone().text()}`);
      seen.push(...idsOf(await res.json()));
      const link = /^<([^>]+)>; rel="(next|resume)"$/.exec(res.headers.get('link') ?? '');
      assert.ok(link, `every page links onwards: ${res.headers.get('link')}`);
      path = link[1]!;
      if (link[2] === 'resume') {
        // Caught up: a pass that began once every write was acknowledged saw everything.
        if (beganAfterWrites) return;
        await new Promise((resolve) => setTimeout(resolve, pauseMs));
      }
    }
  })();
  return {
    seen,
    async stop() {
      stopping = true;
      await run;
    },
  };
}
