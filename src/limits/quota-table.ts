// The plans' quotas as a Markdown table: the OpenAPI description shows it, and a test checks that
// docs/rate-limits.md carries exactly this table, so code and docs cannot drift apart.
import { planNames, planQuotas } from '../domain/plans.js';

const n = (value: number) => value.toLocaleString('en');

export function quotaTable(): string {
  const rows = planNames.map((plan) => {
    const name = plan[0]!.toUpperCase() + plan.slice(1);
    if (plan === 'enterprise') return `| ${name} | custom, per key | custom, per key |`;
    const { perMinute, perDay } = planQuotas[plan];
    return `| ${name} | ${n(perMinute)} | ${n(perDay)} |`;
  });
  return ['| Plan | Requests per minute | Requests per day |', '| --- | ---: | ---: |', ...rows].join('\n');
}
