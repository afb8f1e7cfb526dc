// Pure rules that turn window counts into an answer: which windows refuse, which window the headers
// report, and how long a refused client must wait. No I/O here, so every rule is tested directly.
import type { Quota } from '../domain/plans.js';
import type { Count } from './counters.js';
import type { WindowName, WindowSpec } from './windows.js';

export interface WindowState {
  name: WindowName;
  /** Length of the window in seconds. */
  seconds: number;
  limit: number;
  remaining: number;
  /** Milliseconds until the window starts afresh. */
  resetMs: number;
  /** This window refused the request. */
  exhausted: boolean;
}

export interface Refusal {
  code: 'rate_limited' | 'api_key_banned';
  /** Whole seconds, at least 1: a retry after this long is not refused by the same windows. */
  retryAfterSeconds: number;
  /** Detail for the Error message; names the window or the ban. */
  detail: string;
}

export interface Decision {
  windows: WindowState[];
  /** The window the X-RateLimit-* headers report: the one closest to exhaustion. */
  binding: WindowState;
  /** Present when the request is refused. */
  refusal?: Refusal;
}

/** The quota a window allows: the whole quota, or this instance's share while Redis is unavailable. */
export const limitFor = (quota: number, fallback: boolean, instances: number): number =>
  fallback ? Math.ceil(quota / instances) : quota;

/**
 * The binding window: fewest requests remaining; on a tie the one that resets last, since it is the one
 * that holds the client back longer. Refused requests therefore report the window that Retry-After waits for.
 */
export function bindingWindow(windows: readonly WindowState[]): WindowState {
  let binding = windows[0]!;
  for (const w of windows) {
    if (w.remaining < binding.remaining || (w.remaining === binding.remaining && w.resetMs > binding.resetMs))
      binding = w;
  }
  return binding;
}

export const secondsUntil = (ms: number): number => Math.max(1, Math.ceil(ms / 1000));

/**
 * The answer to one request from its counts (one per window, in the order of `specs`). A refused request is
 * taken back from the windows that allowed it (the caller refunds them), so it does not drain them.
 */
export function decide(
  specs: readonly WindowSpec[],
  counts: readonly Count[],
  quota: Quota,
  instances: number,
): Decision {
  const limits = specs.map((spec, i) => limitFor(quota[spec.quotaField], counts[i]!.fallback, instances));
  const refused = counts.some((count, i) => count.used > limits[i]!);
  const windows = specs.map((spec, i): WindowState => {
    const count = counts[i]!;
    const exhausted = count.used > limits[i]!;
    const used = refused && !exhausted ? count.used - 1 : count.used;
    return {
      name: spec.name,
      seconds: spec.seconds,
      limit: limits[i]!,
      remaining: Math.max(0, limits[i]! - used),
      resetMs: count.msBeforeReset,
      exhausted,
    };
  });
  const binding = bindingWindow(windows);
  if (!refused) return { windows, binding };
  const share =
    counts.some((c) => c.fallback) && instances > 1
      ? ", this instance's share while Redis is unavailable"
      : '';
  return { windows, binding, refusal: rateLimited(windows, binding, share) };
}

/**
 * The one wording of a rate-limit refusal: the binding window, an optional note in its parentheses and a
 * suffix naming who is limited; Retry-After waits for the last exhausted window.
 */
export function rateLimited(
  windows: readonly WindowState[],
  binding: WindowState,
  note = '',
  who = '',
): Refusal {
  return {
    code: 'rate_limited',
    retryAfterSeconds: secondsUntil(Math.max(...windows.filter((w) => w.exhausted).map((w) => w.resetMs))),
    detail: `${binding.limit} requests per ${binding.name} window (${binding.seconds} s${note})${who}`,
  };
}

/** Every window shut until the ban ends. */
export function bannedDecision(
  specs: readonly WindowSpec[],
  quota: Quota,
  msLeft: number,
  until: number,
  offences: number,
): Decision {
  const windows = specs.map((spec): WindowState => ({
    name: spec.name,
    seconds: spec.seconds,
    limit: quota[spec.quotaField],
    remaining: 0,
    resetMs: msLeft,
    exhausted: true,
  }));
  return {
    windows,
    binding: windows[0]!,
    refusal: {
      code: 'api_key_banned',
      retryAfterSeconds: secondsUntil(msLeft),
      detail: `${new Date(until).toISOString()} (ban ${offences})`,
    },
  };
}
