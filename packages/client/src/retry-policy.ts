// When the SDK retries a request, and how long it waits first: Retry-After when the service gives it, else
// exponential backoff with full jitter, so that many clients that failed together do not retry together.

export interface RetryOptions {
  /** Attempts in all, the first included. */
  maxAttempts: number;
  /** Longest wait before one retry. A Retry-After longer than this ends the retries. */
  maxDelayMs: number;
  /** Ceiling of the first backoff wait; it doubles with each retry, up to `maxDelayMs`. */
  baseDelayMs: number;
  /** Longest one attempt may take, answer included; a slower one is abandoned and retried like a network error. */
  timeoutMs: number;
}

export const defaultRetryOptions: RetryOptions = {
  maxAttempts: 4,
  maxDelayMs: 30_000,
  baseDelayMs: 500,
  timeoutMs: 30_000,
};

/**
 * Whether a request may be sent again at all. A POST may only when it carries an Idempotency-Key: without one,
 * a retry after a lost answer could create the pet twice.
 */
export const isRetryable = (request: Pick<Request, 'method' | 'headers'>): boolean =>
  request.method !== 'POST' || request.headers.has('idempotency-key');

/**
 * Statuses that mean "not done, try again later": rate limited, unavailable, or (409 with Retry-After) the
 * first request with the same Idempotency-Key still running.
 */
export const isRetryableResponse = (response: Response): boolean =>
  response.status === 429 ||
  response.status === 503 ||
  (response.status === 409 && response.headers.has('retry-after'));

/** Milliseconds a Retry-After header asks for (seconds or an HTTP date), or undefined when absent or bad. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Full jitter: a uniformly random wait up to the exponential ceiling of this retry (1 for the first). */
export const backoffMs = (retry: number, { baseDelayMs, maxDelayMs }: RetryOptions, random = Math.random) =>
  random() * Math.min(maxDelayMs, baseDelayMs * 2 ** (retry - 1));
