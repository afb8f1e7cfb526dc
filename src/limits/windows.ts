// The windows every quota is counted in, and their lengths (settings, so tests need not wait a minute).
import type { Quota } from '../domain/plans.js';

export const windowNames = ['minute', 'day'] as const;
export type WindowName = (typeof windowNames)[number];

export interface WindowSpec {
  name: WindowName;
  seconds: number;
  /** The quota field this window enforces. */
  quotaField: keyof Quota;
}

export const windowSpecs = (lengths: { minuteWindowSeconds: number; dayWindowSeconds: number }) =>
  [
    { name: 'minute', seconds: lengths.minuteWindowSeconds, quotaField: 'perMinute' },
    { name: 'day', seconds: lengths.dayWindowSeconds, quotaField: 'perDay' },
  ] as const satisfies readonly WindowSpec[];
