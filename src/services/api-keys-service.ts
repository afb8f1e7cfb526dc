// Use cases on API keys: issue, list, revoke, narrow (scopes), expire, and authenticate a presented key.
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
import { isExpired } from '../domain/key-expiry.js';
import { scopesOfStored, storedScopes } from '../domain/scope-list.js';
import { scopeNames, type Scope } from '../domain/scopes.js';
import { ApiError } from '../errors/api-error.js';
import type { NewEvent } from '../store/repositories/events-repository.js';
import type { ApiKeyRow } from '../store/schema.js';
import type { Store } from '../store/store.js';
import { createKeyUsage, type KeyUsage } from './key-usage.js';
import type { Speed, VersionView } from '../speed/index.js';
import type { Writes } from './writes.js';
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
  /** What the key may do (src/domain/scopes.ts). */
  scopes: Scope[];
  /** When the key stops working; null when it never expires. */
  expiresAt: string | null;
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
  /** What the key may do; every scope when absent. */
  scopes?: readonly Scope[];
  /** Unix epoch milliseconds after which the key is refused; never when absent or null. */
  expiresAt?: number | null;
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
  /** Replaces a key's scopes; every instance applies them from the key's next request. */
  setScopes(id: string, scopes: readonly Scope[]): Promise<ApiKeyInfo>;
  /** Sets when a key expires (Unix epoch milliseconds), or null for never; applies from its next request. */
  setExpiry(id: string, expiresAt: number | null): Promise<ApiKeyInfo>;
  /** Records a ban decided by the rate limiter. */
  ban(id: string, ban: ApiKeyBan): Promise<void>;
  /** Lifts a ban and forgets past offences. */
  unban(id: string): Promise<ApiKeyInfo>;
  count(): Promise<number>;
  /**
   * The key record behind a presented key; throws a 401 ApiError when there is none or it may not be used.
   * `version` is the request's view of the versions (Speed.view), if it has one.
   */
  authenticate(presented: string, version?: VersionView): Promise<ApiKeyInfo>;
  /** Whether a presented key has this deployment's shape and passes its checksum: all that needs no lookup. */
  wellFormed(presented: string): boolean;
  /** "Last used" times, noted by `authenticate` and written in batches (src/services/key-usage.ts). */
  usage: KeyUsage;
}

/** What a key's event says of it: never the key itself, nor its hash or hint. */
const keyEvent = (type: 'key.created' | 'key.revoked', row: ApiKeyRow): NewEvent => ({
  type,
  data: {
    id: row.id,
    name: row.name,
    plan: row.plan,
    scopes: toApiKeyInfo(row).scopes,
    expiresAt: isoOrNull(row.expires_at),
  },
  createdAt: row.revoked_at ?? row.created_at,
});

/** Last-used times are noted at most this often per key, and written in one batch this often. */
export const lastUsedGranularityMs = 60_000;

/** Keys whose records are kept in memory between requests (where a data version exists). */
const cachedKeys = 10_000;

const isoOrNull = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

export const toApiKeyInfo = (row: ApiKeyRow, lastUsedAt: number | null = null): ApiKeyInfo => ({
  id: row.id,
  name: row.name,
  plan: row.plan,
  quota: quotaOf(row.plan, { perMinute: row.per_minute ?? undefined, perDay: row.per_day ?? undefined }),
  hint: row.key_hint,
  createdAt: new Date(row.created_at).toISOString(),
  lastUsedAt: isoOrNull(lastUsedAt),
  revokedAt: isoOrNull(row.revoked_at),
  bannedUntil: isoOrNull(row.banned_until),
  banOffences: row.ban_offences,
  scopes: scopesOfStored(row.scopes),
  expiresAt: isoOrNull(row.expires_at),
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
  speed: Speed,
  writes: Writes,
  clock: () => number = Date.now,
): ApiKeysService {
  const other: Deployment = deployment === 'production' ? 'staging' : 'production';
  const knownKeys = speed.cache<{ row: ApiKeyRow; info: ApiKeyInfo }>('keys', cachedKeys);
  const usage = createKeyUsage(store, lastUsedGranularityMs);
  const withUsage = async (row: ApiKeyRow): Promise<ApiKeyInfo> =>
    toApiKeyInfo(row, (await usage.lastUsed(row.id)).get(row.id) ?? null);

  /** Refuses a malformed or mistyped key, or one of the other deployment, without a database lookup. */
  const checkFormat = (presented: string): void => {
    const parsed = parseApiKey(presented);
    if (!parsed.ok) throw new ApiError('invalid_api_key', parsed.reason);
    if (parsed.deployment !== deployment) {
      throw new ApiError(
        'api_key_wrong_environment',
        parsed.deployment,
        keyPrefixes[parsed.deployment],
        deployment,
        keyPrefixes[deployment],
        other,
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
    const updated = await writes.alone('keys', (trx) => updateApiKey(trx, id, changes));
    if (!updated) throw new UnknownApiKeyError(id);
    return withUsage(updated);
  };

  return {
    async create({ name, plan, perMinute, perDay, scopes = scopeNames, expiresAt = null }) {
      const quota = quotaOf(plan, { perMinute, perDay }); // validates Enterprise quotas before anything is written
      const key = generateApiKey(deployment);
      // Announced as every write is, though no cached read can hold a key not yet issued.
      const row = await writes.alone('keys', async (trx, context) => {
        const inserted = await insertApiKey(trx, {
          id: generateKeyId(),
          name,
          plan,
          key_hash: hashApiKey(key),
          key_hint: keyHint(key),
          per_minute: plan === 'enterprise' ? quota.perMinute : null,
          per_day: plan === 'enterprise' ? quota.perDay : null,
          created_at: clock(),
          revoked_at: null,
          banned_until: null,
          scopes: storedScopes(scopes),
          expires_at: expiresAt,
        });
        context.emit(keyEvent('key.created', inserted));
        return inserted;
      });
      return { ...toApiKeyInfo(row), key };
    },

    usage,

    async list() {
      const lastUsed = await usage.lastUsed();
      return (await listApiKeys(store.db)).map((row) => toApiKeyInfo(row, lastUsed.get(row.id) ?? null));
    },

    async get(id) {
      return withUsage(await mustFind(id));
    },

    async revoke(id) {
      const row = await mustFind(id);
      if (row.revoked_at !== null) return withUsage(row);
      // Conditional on its not being revoked yet: two revocations at once record one event.
      const revoked = await writes.alone('keys', async (trx, context) => {
        const updated = await updateApiKey(trx, id, { revoked_at: clock() }, { unrevoked: true });
        if (updated) context.emit(keyEvent('key.revoked', updated));
        return updated;
      });
      return withUsage(revoked ?? (await mustFind(id)));
    },

    async setPlan(id, plan, custom = {}) {
      const quota = quotaOf(plan, custom);
      return change(id, {
        plan,
        per_minute: plan === 'enterprise' ? quota.perMinute : null,
        per_day: plan === 'enterprise' ? quota.perDay : null,
      });
    },

    setScopes: (id, scopes) => change(id, { scopes: storedScopes(scopes) }),

    setExpiry: (id, expiresAt) => change(id, { expires_at: expiresAt }),

    async ban(id, { until, offences }) {
      await writes.alone('keys', (trx) =>
        updateApiKey(trx, id, { banned_until: until, ban_offences: offences }),
      );
    },

    unban: (id) => change(id, { banned_until: null, ban_offences: 0 }),

    count: () => countApiKeys(store.db),

    wellFormed(presented) {
      const parsed = parseApiKey(presented);
      return parsed.ok && parsed.deployment === deployment;
    },

    async authenticate(presented, version) {
      // Revoking, re-planning, re-scoping, setting expiry, banning and unbanning are writes, which move the
      // keys' version before the next read.
      // Only keys found in this deployment's database are cached, so a hit needs no format check. The cache,
      // like the table, is keyed by the hash: no lookup ever compares a presented secret.
      const keyHash = hashApiKey(presented);
      const { row, info } = await knownKeys.read(
        keyHash,
        async () => {
          checkFormat(presented);
          const found = await findApiKeyByHash(store.db, keyHash);
          if (!found) throw new ApiError('invalid_api_key', 'is not recognised');
          return { row: found, info: toApiKeyInfo(found) };
        },
        version,
      );
      if (row.revoked_at !== null) throw new ApiError('api_key_revoked');
      const now = clock();
      // Checked on every request, cache hit or not: a key expires at its time without any write.
      if (isExpired(row.expires_at, now)) throw new ApiError('api_key_expired', info.expiresAt!);
      // Noted in memory only: a read writes nothing on its way (src/services/key-usage.ts).
      usage.touch(row.id, now);
      return info;
    },
  };
}
