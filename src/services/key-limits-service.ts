// Use cases on a key's rate limits for operators: its usage and ban state, and lifting a ban.
import type { RateLimiter, WindowUsage } from '../limits/index.js';
import type { ApiKeyInfo, ApiKeysService } from './api-keys-service.js';

export interface KeyLimitsStatus {
  key: ApiKeyInfo;
  /** Whether a ban is in force now. */
  banned: boolean;
  /** Usage in each window; null when the counters are out of this process's sight (memory backend). */
  usage: WindowUsage[] | null;
}

export interface KeyLimitsService {
  show(id: string): Promise<KeyLimitsStatus>;
  /** Lifts the key's ban, forgets its offences and the rejected requests counted towards the next one. */
  unban(id: string): Promise<{ key: ApiKeyInfo; wasBanned: boolean }>;
}

export function createKeyLimitsService(
  apiKeys: ApiKeysService,
  limiter: RateLimiter | undefined,
  clock: () => number = Date.now,
): KeyLimitsService {
  const bannedNow = (key: ApiKeyInfo) => key.bannedUntil !== null && Date.parse(key.bannedUntil) > clock();
  return {
    async show(id) {
      const key = await apiKeys.get(id);
      const usage = limiter ? await limiter.usage(id, key.quota) : null;
      return { key, banned: bannedNow(key), usage };
    },

    async unban(id) {
      const wasBanned = bannedNow(await apiKeys.get(id));
      const key = await apiKeys.unban(id);
      await limiter?.forgetRejections(id);
      return { key, wasBanned };
    },
  };
}
