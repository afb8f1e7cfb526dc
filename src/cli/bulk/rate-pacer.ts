// Paces a bulk run by what the service reports, across all its concurrent requests: after a 429 every request
// waits out Retry-After together, and once the requests in flight would spend what is left of the window's
// budget, no more are sent before it resets. Requests sent early would only collect 429s, and enough of
// those get a key banned. The headers are read as the SDK reads them.
import { rateLimitOf, retryAfterMs } from '@petstore/client';

/** Why `ready` gave up: the service asked for a longer wait than the run may make (`maxWaitMs`). */
export class WaitTooLong extends Error {
  constructor(readonly waitMs: number) {
    super(`the service asked to wait ${Math.ceil(waitMs / 1000)} s before the next request`);
  }
}

export interface RatePacer {
  /**
   * Resolves once a request may be sent, and counts it as sent; rejects with WaitTooLong rather than wait
   * longer than `maxWaitMs`.
   */
  ready(): Promise<void>;
  /** Reads the rate-limit headers of the answer to a request that `ready` let through. */
  observe(answer: { status: number; headers: Pick<Headers, 'get'> }): void;
  /** Counts a request that `ready` let through as done when it got no answer (a refused or dropped connection). */
  failed(): void;
  /** Milliseconds until a request may be sent; 0 when it may now. */
  waitMs(): number;
}

/**
 * A pacer that never waits longer than `maxWaitMs`: a budget that resets later than that (a spent daily
 * quota) is left for the next request's 429 to report, and a Retry-After longer than that makes `ready` give
 * up. `onWait` hears of each wait of a second or more once, however many requests sit it out.
 */
export function ratePacer(
  maxWaitMs: number,
  now: () => number = Date.now,
  onWait: (ms: number) => void = () => {},
): RatePacer {
  let until = 0;
  /** The end of the last wait told to `onWait`. */
  let announced = 0;
  let inFlight = 0;
  /** Requests the window still allows beyond those in flight, as of the last answer; unknown at first. */
  let allowance: { left: number; resetAt: number } | undefined;

  const holdUntil = (time: number) => void (until = Math.max(until, time));
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const nextSendAt = (): number => {
    if (allowance && now() >= allowance.resetAt) allowance = undefined;
    return allowance && allowance.left <= 0 ? Math.max(until, allowance.resetAt) : until;
  };

  return {
    async ready() {
      for (let sendAt = nextSendAt(); sendAt > now(); sendAt = nextSendAt()) {
        const wait = sendAt - now();
        if (wait > maxWaitMs) throw new WaitTooLong(wait);
        if (wait >= 1000 && sendAt > announced) {
          announced = sendAt;
          onWait(wait);
        }
        await sleep(wait);
      }
      inFlight++;
      if (allowance) allowance.left--;
    },
    observe(answer) {
      inFlight--;
      if (answer.status === 429) {
        holdUntil(now() + (retryAfterMs(answer.headers.get('retry-after'), now()) ?? 1000));
        return;
      }
      const state = rateLimitOf(answer.headers);
      if (!state || state.reset.getTime() - now() > maxWaitMs) return;
      allowance = { left: state.remaining - inFlight, resetAt: state.reset.getTime() };
    },
    failed() {
      inFlight--;
    },
    waitMs: () => Math.max(0, nextSendAt() - now()),
  };
}
