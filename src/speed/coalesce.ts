// One run of an action for every caller that asked before it started. A write announces itself by
// advancing a version after it commits; concurrent writes (a group commit's requests, or keyed creations,
// each in its own request) would each pay a round trip for it. One advance that starts after a write has
// committed announces that write as well as its own would, so callers share the next run to start.

/**
 * Returns a function that runs `action` on behalf of its caller, in a run that starts after the call: the
 * run in progress, if any, started too early, so the caller waits for the next one, which every caller
 * until it starts shares. A run starts a microtask after it is first asked for, so that the requests a
 * group commit acknowledges together (each resumed in a microtask of its own) share it. Each caller gets
 * the outcome of the run that served it.
 */
export function coalesce(action: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | undefined;
  let waiting: Promise<void> | undefined;
  const start = (): Promise<void> => {
    waiting = undefined;
    const run: Promise<void> = action().finally(() => {
      if (running === run) running = undefined;
    });
    running = run;
    return run;
  };
  return () => (waiting ??= (running ?? Promise.resolve()).then(start, start));
}
