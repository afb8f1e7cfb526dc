// The rate-limit state the service reports on every response (X-RateLimit-Limit, -Remaining, -Reset).

export interface RateLimitState {
  /** Requests allowed in the current window. */
  limit: number;
  /** Requests left in the current window. */
  remaining: number;
  /** When the window resets. */
  reset: Date;
}

/** The state a response reports, or undefined when it carries no rate-limit headers. */
export function rateLimitOf(headers: Pick<Headers, 'get'>): RateLimitState | undefined {
  const [limit, remaining, reset] = ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'].map(
    (name) => Number(headers.get(name) ?? NaN),
  ) as [number, number, number];
  if (![limit, remaining, reset].every(Number.isFinite)) return undefined;
  // X-RateLimit-Reset is a Unix time in seconds.
  return { limit, remaining, reset: new Date(reset * 1000) };
}
