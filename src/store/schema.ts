// Row types of every table, as Kysely sees them. Times are Unix epoch milliseconds in both dialects.
import type { Generated, Insertable, Selectable } from 'kysely';
import type { PetStatus } from '../domain/pet.js';
import type { PlanName } from '../domain/plans.js';

export interface PetsTable {
  id: Generated<number>;
  name: string;
  category_id: number;
  status: PetStatus;
  created_at: number;
}

export interface ApiKeysTable {
  id: string;
  name: string;
  plan: PlanName;
  /** SHA-256 of the whole key, hex; the key itself is never stored. */
  key_hash: string;
  key_hint: string;
  per_minute: number | null;
  per_day: number | null;
  created_at: number;
  last_used_at: number | null;
  revoked_at: number | null;
  /** End of the key's current or last ban; null when never banned or unbanned. */
  banned_until: number | null;
  /** Bans so far, for the doubling of repeat offences; reset by `petstore keys unban`. */
  ban_offences: Generated<number>;
}

/** Values the deployment generates once, such as the secret that signs cursors. */
export interface SettingsTable {
  name: string;
  value: string;
}

/** The outcome of a request made with an Idempotency-Key, replayed to retries until it expires. */
export interface IdempotencyRecordsTable {
  api_key_id: string;
  idempotency_key: string;
  /** SHA-256 of the operation and its normalised body: a retry must send the same request. */
  fingerprint: string;
  response_status: number;
  /** The response body, JSON. */
  response_body: string;
  created_at: number;
  expires_at: number;
}

export interface Database {
  pets: PetsTable;
  api_keys: ApiKeysTable;
  settings: SettingsTable;
  idempotency_records: IdempotencyRecordsTable;
}

export type PetRow = Selectable<PetsTable>;
export type NewPetRow = Insertable<PetsTable>;
export type ApiKeyRow = Selectable<ApiKeysTable>;
export type NewApiKeyRow = Insertable<ApiKeysTable>;
export type IdempotencyRecordRow = Selectable<IdempotencyRecordsTable>;
