// Use cases on API keys: issue, list, revoke, and authenticate a presented key.
import {
  generateApiKey,
  generateKeyId,
  hashApiKey,
  keyHint,
  keyPrefixes,
  parseApiKey,
  type Deployment,
} from '../domain/api-key-format.js';
import { quotaOf, type PlanName, type Quota } from '../domain/plans.js';
import { ApiError } from '../errors/api-error.js';
import type { ApiKeyRow } from '../store/schema.js';
import type { Store } from '../store/store.js';
import { ReadCache } from './read-cache.js';
import {
  countApiKeys,
  findApiKeyByHash,
  findApiKeyById,
  insertApiKey,
  listApiKeys,
  updateApiKey,
} from '../store/repositories/api-keys-repository.js';

/** A key record as shown to operators: everything but the secret. */
export interface ApiKeyInfo {
  id: string;
  name: string;
  plan: PlanName;
  quota: Quota;
  hint: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
  /** End of the current or last ban (a past time is kept to double repeat offences); null when none. */
  bannedUntil: string | null;
  /** Bans so far; see docs/rate-limits.md. */
  banOffences: number;
}

export interface IssuedApiKey extends ApiKeyInfo {
  /** The secret, shown once. */
  key: string;
}

export interface NewApiKeyInput {
  name: string;
  plan: PlanName;
  perMinute?: number;
  perDay?: number;
}

export interface ApiKeyBan {
  /** Unix epoch milliseconds. */
  until: number;
  offences: number;
}

export interface ApiKeysService {
  create(input: NewApiKeyInput): Promise<IssuedApiKey>;
  list(): Promise<ApiKeyInfo[]>;
  get(id: string): Promise<ApiKeyInfo>;
  revoke(id: string): Promise<ApiKeyInfo>;
  /** Changes a key's plan (and Enterprise quotas); every instance applies it from the key's next request. */
  setPlan(id: string, plan: PlanName, custom?: Partial<Quota>): Promise<ApiKeyInfo>;
  /** Records a ban decided by the rate limiter. */
  ban(id: string, ban: ApiKeyBan): Promise<void>;
  /** Lifts a ban and forgets past offences. */
  unban(id: string): Promise<ApiKeyInfo>;
  count(): Promise<number>;
  /** The key record behind a presented key; throws a 401 ApiError when there is none or it may not be used. */
  authenticate(presented: string): Promise<ApiKeyInfo>;
}

/** Last-used times are written at most this often per key, so reads stay reads. */
const lastUsedGranularityMs = 60_000;

/** Keys whose records are kept in memory between requests (SQLite only). */
const cachedKeys = 10_000;

const isoOrNull = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

export const toApiKeyInfo = (row: ApiKeyRow): ApiKeyInfo => ({
  id: row.id,
  name: row.name,
  plan: row.plan,
  quota: quotaOf(row.plan, { perMinute: row.per_minute ?? undefined, perDay: row.per_day ?? undefined }),
  hint: row.key_hint,
  createdAt: new Date(row.created_at).toISOString(),
  lastUsedAt: isoOrNull(row.last_used_at),
  revokedAt: isoOrNull(row.revoked_at),
  bannedUntil: isoOrNull(row.banned_until),
  banOffences: row.ban_offences,
});

export class UnknownApiKeyError extends Error {
  override name = 'UnknownApiKeyError';
  constructor(id: string) {
    super(`No API key with id ${id}`);
  }
}

export function createApiKeysService(
  store: Store,
  deployment: Deployment,
  clock: () => number = Date.now,
): ApiKeysService {
  const other: Deployment = deployment === 'production' ? 'staging' : 'production';
  const knownKeys = new ReadCache<{ row: ApiKeyRow; info: ApiKeyInfo }>(store, cachedKeys);

  /** Refuses a malformed or mistyped key, or one of the other deployment, without a database lookup. */
  const checkFormat = (presented: string): void => {
    const parsed = parseApiKey(presented);
    if (!parsed.ok) throw new ApiError('invalid_api_key', parsed.reason);
    if (parsed.deployment !== deployment) {
      throw new ApiError(
        'api_key_wrong_environment',
        `This is a ${parsed.deployment} key (${keyPrefixes[parsed.deployment]}); this is the ${deployment} ` +
          `deployment, which takes ${keyPrefixes[deployment]} keys. Send it to the ${other} base URL instead`,
      );
    }
  };

  const mustFind = async (id: string): Promise<ApiKeyRow> => {
    const row = await findApiKeyById(store.db, id);
    if (!row) throw new UnknownApiKeyError(id);
    return row;
  };

  /** Applies changes to a key; no row updated means there is no such key. */
  const change = async (id: string, changes: Parameters<typeof updateApiKey>[2]): Promise<ApiKeyInfo> => {
    const updated = await updateApiKey(store.db, id, changes);
    if (!updated) throw new UnknownApiKeyError(id);
    return toApiKeyInfo(updated);
  };

  return {
    async create({ name, plan, perMinute, perDay }) {
      const quota = quotaOf(plan, { perMinute, perDay }); // validates Enterprise quotas before anything is written
      const key = generateApiKey(deployment);
      const row = await insertApiKey(store.db, {
        id: generateKeyId(),
        name,
        plan,
        key_hash: hashApiKey(key),
        key_hint: keyHint(key),
        per_minute: plan === 'enterprise' ? quota.perMinute : null,
        per_day: plan === 'enterprise' ? quota.perDay : null,
        created_at: clock(),
        last_used_at: null,
        revoked_at: null,
        banned_until: null,
      });
      return { ...toApiKeyInfo(row), key };
    },

    async list() {
      return (await listApiKeys(store.db)).map(toApiKeyInfo);
    },

    async get(id) {
      return toApiKeyInfo(await mustFind(id));
    },

    async revoke(id) {
      const row = await mustFind(id);
      if (row.revoked_at !== null) return toApiKeyInfo(row);
      return change(id, { revoked_at: clock() });
    },

    async setPlan(id, plan, custom = {}) {
      const quota = quotaOf(plan, custom);
      return change(id, {
        plan,
        per_minute: plan === 'enterprise' ? quota.perMinute : null,
        per_day: plan === 'enterprise' ? quota.perDay : null,
      });
    },

    async ban(id, { until, offences }) {
      await updateApiKey(store.db, id, { banned_until: until, ban_offences: offences });
    },

    unban: (id) => change(id, { banned_until: null, ban_offences: 0 }),

    count: () => countApiKeys(store.db),

    async authenticate(presented) {
      // Revoking, re-planning, banning and unbanning are writes, which empty the cache before the next read.
      // Only keys found in this deployment's database are cached, so a hit needs no format check. The cache,
      // like the table, is keyed by the hash: no lookup ever compares a presented secret.
      const keyHash = hashApiKey(presented);
      const { row, info } = await knownKeys.get(keyHash, async () => {
        checkFormat(presented);
        const found = await findApiKeyByHash(store.db, keyHash);
        if (!found) throw new ApiError('invalid_api_key', 'The API key is not recognised');
        return { row: found, info: toApiKeyInfo(found) };
      });
      if (row.revoked_at !== null) throw new ApiError('api_key_revoked');
      const now = clock();
      if (row.last_used_at === null || now - row.last_used_at >= lastUsedGranularityMs) {
        row.last_used_at = now;
        await updateApiKey(store.db, row.id, { last_used_at: now });
      }
      return info;
    },
  };
}
