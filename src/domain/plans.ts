// Plans and their request quotas; the one table that rate limiting, the CLI and the docs read.

export const planNames = ['free', 'pro', 'business', 'enterprise'] as const;
export type PlanName = (typeof planNames)[number];

export interface Quota {
  perMinute: number;
  perDay: number;
}

/** Published quotas; Enterprise quotas are set per key. */
export const planQuotas: Record<Exclude<PlanName, 'enterprise'>, Quota> = {
  free: { perMinute: 60, perDay: 1_000 },
  pro: { perMinute: 300, perDay: 10_000 },
  business: { perMinute: 1_000, perDay: 100_000 },
};

/** The quota that applies to a key: its plan's, or its own custom one for Enterprise. */
export function quotaOf(plan: PlanName, custom: Partial<Quota>): Quota {
  if (plan !== 'enterprise') return planQuotas[plan];
  if (!custom.perMinute || !custom.perDay)
    throw new Error('an Enterprise key needs its own per-minute and per-day quota');
  return { perMinute: custom.perMinute, perDay: custom.perDay };
}
