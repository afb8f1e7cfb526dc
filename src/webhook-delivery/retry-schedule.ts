// When a failed delivery is tried again: exponential backoff (4x per attempt, from the base up to 12 hours)
// with ±20% jitter, so that with the default 5 s base the attempts spread over about 3 days.

const longestWaitMs = 12 * 3_600_000;

/** Wait after the `attempt`-th failed attempt (1-based). `random` is in [0, 1). */
export function retryDelayMs(attempt: number, baseMs: number, random: () => number = Math.random): number {
  const exponential = Math.min(baseMs * 4 ** (attempt - 1), longestWaitMs);
  return Math.round(exponential * (0.8 + 0.4 * random()));
}
