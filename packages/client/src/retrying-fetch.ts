// A fetch that retries what the retry policy allows, and reports every response it sees (for rate limits).
import {
  backoffMs,
  isRetryable,
  isRetryableResponse,
  retryAfterMs,
  type RetryOptions,
} from './retry-policy.js';
import type { OutgoingRequest, PlannedRequest } from './transport.js';

export interface RetryingFetchOptions extends RetryOptions {
  /** Sends one attempt (transport.ts: viaFetch or viaTransport). */
  send: (request: OutgoingRequest) => Promise<Response>;
  sleep: (ms: number) => Promise<void>;
  onResponse: (response: Response) => void;
  /** Waited for before each attempt, outside its time limit (PetstoreClientOptions.beforeAttempt). */
  beforeAttempt?: () => Promise<void>;
}

export interface RetryingFetch {
  (request: PlannedRequest): Promise<Response>;
  /**
   * Ends the time limit of the attempt that gave `response`, once its body has been read. Until then the limit
   * runs: it covers the answer's body too.
   */
  settled(response: Response): void;
}

const timedOut = () => new DOMException('The operation was aborted due to timeout', 'TimeoutError');

/**
 * Wraps `fetch`: on 429, 503 (and 409 with Retry-After), on network errors and on attempts that time out,
 * waits and sends the request again, up to `maxAttempts` in all. Returns the last response, or throws the
 * last network error.
 */
export function retryingFetch(options: RetryingFetchOptions): RetryingFetch {
  // The timer of each response returned, until `settled`. A timer of its own, cleared once done, rather than
  // AbortSignal.timeout, which lives its full 30 s with what it holds: in a bulk run, 30 s worth of requests.
  const timers = new WeakMap<Response, ReturnType<typeof setTimeout>>();
  const send = async (request: PlannedRequest): Promise<Response> => {
    const attempts = isRetryable(request) ? options.maxAttempts : 1;
    const { url, method, headers, body } = request;
    for (let attempt = 1; ; attempt++) {
      let delay: number | undefined;
      // The caller's wait for its turn is not the answer's: it may outlast the time limit, set after it.
      await options.beforeAttempt?.();
      // Bounded in time: a connection that hangs is a lost answer like a dropped one.
      const deadline = new AbortController();
      const timer = setTimeout(() => deadline.abort(timedOut()), options.timeoutMs);
      // As AbortSignal.timeout's: a time limit alone does not keep a process alive (where timers can be unref'd).
      (timer as { unref?: () => void }).unref?.();
      try {
        const response = await options.send({ url, method, headers, body, signal: deadline.signal });
        options.onResponse(response);
        const asked = retryAfterMs(response.headers.get('retry-after'));
        // Retrying before the service's Retry-After risks a ban: give up instead of waiting less.
        const tooLong = asked !== undefined && asked > options.maxDelayMs;
        if (attempt >= attempts || !isRetryableResponse(response) || tooLong) {
          timers.set(response, timer);
          return response;
        }
        clearTimeout(timer);
        delay = asked ?? backoffMs(attempt, options);
        await response.body?.cancel();
      } catch (error) {
        clearTimeout(timer);
        if (attempt >= attempts || (error as Error).name === 'AbortError') throw error;
        delay = backoffMs(attempt, options);
      }
      await options.sleep(delay);
    }
  };
  return Object.assign(send, {
    settled(response: Response) {
      clearTimeout(timers.get(response));
      timers.delete(response);
    },
  });
}
