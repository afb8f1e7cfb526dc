// What the rate limiter reports as it works, for metrics and alerts. A metrics module subscribes with
// `observe` and counts; the limiter also logs the events an operator must see (bans, fallbacks).
import type { PlanName } from '../domain/plans.js';
import type { WindowName } from './windows.js';

/** Who a budget belongs to: an API key, or a client address without a valid key. */
export type Subject = 'key' | 'address';

export type LimiterEvent =
  /** A request was refused because these windows were exhausted; `plan` is the key's (none for addresses). */
  | { type: 'rejected'; subject: Subject; windows: WindowName[]; plan?: PlanName }
  /** A key was banned for going on after 429s. */
  | { type: 'banned'; keyId: string; plan: PlanName; until: number; offences: number }
  /** Redis failed or was slow: this instance now limits in process with its share of each quota. */
  | { type: 'fallback'; reason: string }
  /** Redis answers again: counters are shared again. */
  | { type: 'recovered' };

export type LimiterListener = (event: LimiterEvent) => void;

export class LimiterEvents {
  readonly #listeners = new Set<LimiterListener>();

  /** Calls `listener` with every event from now on; returns a function that stops it. */
  observe(listener: LimiterListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  emit(event: LimiterEvent): void {
    for (const listener of this.#listeners) {
      try {
        listener(event);
      } catch {
        // An observer's fault must never fail a request.
      }
    }
  }
}
