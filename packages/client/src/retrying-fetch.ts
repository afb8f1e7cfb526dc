// A fetch that retries what the retry policy allows, and reports every response it sees (for rate limits).
import {
  backoffMs,
  isRetryable,
  isRetryableResponse,
  retryAfterMs,
  type RetryOptions,
} from './retry-policy.js';

export interface RetryingFetchOptions extends RetryOptions {
  fetch: (request: Request) => Promise<Response>;
  sleep: (ms: number) => Promise<void>;
  onResponse: (response: Response) => void;
}

/**
 * Wraps `fetch`: on 429, 503 (and 409 with Retry-After), on network errors and on attempts that time out,
 * waits and sends the request again, up to `maxAttempts` in all. Returns the last response, or throws the
 * last network error.
 */
export function retryingFetch(options: RetryingFetchOptions): (request: Request) => Promise<Response> {
  return async (request) => {
    const attempts = isRetryable(request) ? options.maxAttempts : 1;
    for (let attempt = 1; ; attempt++) {
      let delay: number | undefined;
      try {
        // Each attempt sends a copy (a body can be read only once), bounded in time: a connection that hangs
        // is a lost answer like a dropped one.
        const attemptRequest = new Request(request.clone(), {
          signal: AbortSignal.timeout(options.timeoutMs),
        });
        const response = await options.fetch(attemptRequest);
        options.onResponse(response);
        if (attempt >= attempts || !isRetryableResponse(response)) return response;
        const asked = retryAfterMs(response.headers.get('retry-after'));
        // Retrying before the service's Retry-After risks a ban: give up instead of waiting less.
        if (asked !== undefined && asked > options.maxDelayMs) return response;
        delay = asked ?? backoffMs(attempt, options);
        await response.body?.cancel();
      } catch (error) {
        if (attempt >= attempts || (error as Error).name === 'AbortError') throw error;
        delay = backoffMs(attempt, options);
      }
      await options.sleep(delay);
    }
  };
}
