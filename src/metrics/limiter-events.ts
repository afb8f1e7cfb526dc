// Counts the rate limiter's events in the service's metrics: refusals of keys and bans by plan, and falls
// back to in-process limiting. Refusals of addresses without a key are in the request metrics (401, 429).
import type { LimiterListener } from '../limits/index.js';
import type { Metrics } from './metrics.js';

export const countLimiterEvents =
  (metrics: Metrics): LimiterListener =>
  (event) => {
    if (event.type === 'rejected' && event.plan) metrics.countRateLimitRejection(event.plan);
    else if (event.type === 'banned') metrics.countBan(event.plan);
    else if (event.type === 'fallback') metrics.countLimiterFallback();
  };
