// Row types of every table, as Kysely sees them. Times are Unix epoch milliseconds in both dialects.
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { ApplicationStatus } from '../domain/application.js';
import type { QuestionType } from '../domain/application-form.js';
import type { OrderStatus } from '../domain/order.js';
import type { PetStatus } from '../domain/pet.js';
import type { PetAge, PetCoat, PetSex, PetSize } from '../domain/pet-profile-values.js';
import type { PlanName } from '../domain/plans.js';
import type { StaffRole } from '../domain/staff-roles.js';

export interface PetsTable {
  id: Generated<number>;
  name: string;
  category_id: number;
  status: PetStatus;
  /** 1 when the public pages show the pet, else 0; 1 unless written. Never null. */
  published: Generated<number>;
  created_at: number;
  /** Moves with every change, as `revision` does. */
  updated_at: number;
  /** Counts the changes to the pet, from 1: its ETag. Every update of a pet row adds one. */
  revision: Generated<number>;
  /** When the pet was removed: a tombstone, left out of every read, that events and orders still name. */
  removed_at: Generated<number | null>;
  breed: string | null;
  /** Flags are 0 or 1, or null when unknown, in both dialects. */
  mixed_breed: number | null;
  sex: PetSex | null;
  age: PetAge | null;
  /** `YYYY-MM-DD`. */
  birth_date: string | null;
  size: PetSize | null;
  color: string | null;
  coat: PetCoat | null;
  description: string | null;
  spayed_neutered: number | null;
  house_trained: number | null;
  vaccinated: number | null;
  special_needs: number | null;
  good_with_children: number | null;
  good_with_dogs: number | null;
  good_with_cats: number | null;
  /** A JSON array of strings; `[]` unless written. */
  tags: Generated<string>;
  /** The name as the name sort compares it (src/domain/search-words.ts, foldText). */
  name_key: string | null;
  /** The breed as the breed filter compares it (src/domain/case-key.ts). */
  breed_key: string | null;
}

/**
 * The tags of pets, case-folded, for the tag filter: one row per tag (kind `t`) of a pet (pet-terms-repository.ts).
 * The words are in each dialect's word index (word-index.ts), which Kysely's types need not know.
 */
export interface PetTermsTable {
  pet_id: number;
  kind: string;
  term: string;
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
  revoked_at: number | null;
  /** End of the key's current or last ban; null when never banned or unbanned. */
  banned_until: number | null;
  /** Bans so far, for the doubling of repeat offences; reset by `petstore keys unban`. */
  ban_offences: Generated<number>;
  /** Space-separated scope names (src/domain/scopes.ts); keys from before scopes existed hold every one. */
  scopes: string;
  /** When the key stops working; null when it never expires. */
  expires_at: number | null;
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

/**
 * When a key was last used: written in batches, off the request path. No read cache depends on it, so on
 * SQLite its writes do not move this process's change token (src/store/dialects/sqlite.ts).
 */
export interface ApiKeyUsageTable {
  key_id: string;
  last_used_at: number;
}

/** Tables no read cache depends on: writing them leaves the change token alone. */
export const uncachedTables = [
  'api_key_usage',
  'webhook_endpoints',
  'webhook_deliveries',
  'webhook_attempts',
];

/** One event of the outbox, written in the transaction of the change it records. */
export interface EventsTable {
  id: Generated<number>;
  type: string;
  created_at: number;
  /** The resource as the API returned it after the change, JSON. */
  data: string;
  /** For `pet.updated`: the names of the fields the change changed, a JSON array; null for other types. */
  changes: Generated<string | null>;
  /** Who made the change (src/domain/actor.ts), JSON; null for the events recorded before it was kept. */
  actor: Generated<string | null>;
  /** The animal the event is about (petIdOfEvent, domain/events.ts), for an animal's recent changes; null for none. */
  pet_id: Generated<number | null>;
}

export interface WebhookEndpointsTable {
  id: string;
  url: string;
  description: string;
  /** Comma-separated event types, each exact or a prefix such as `order.*`. */
  event_types: string;
  secret: string;
  created_at: number;
  disabled_at: number | null;
  disabled_reason: string | null;
  failing_since: number | null;
  lease_owner: string | null;
  lease_until: number | null;
}

export type DeliveryState = 'pending' | 'delivered';

export interface WebhookDeliveriesTable {
  id: Generated<number>;
  endpoint_id: string;
  event_id: number;
  state: DeliveryState;
  attempts: Generated<number>;
  next_attempt_at: number;
  created_at: number;
  delivered_at: number | null;
}

export interface WebhookAttemptsTable {
  id: Generated<number>;
  delivery_id: number;
  attempted_at: number;
  /** HTTP status of the answer; null when none came (refused, timed out, blocked address). */
  status_code: number | null;
  duration_ms: number;
  error: string | null;
}

/** An adoption order; its pet's status moves with it (src/domain/order.ts). */
export interface OrdersTable {
  id: Generated<number>;
  pet_id: number;
  /** The key that placed the order: its owner; null for one the shelter placed in the console. Never returned. */
  api_key_id: string | null;
  status: OrderStatus;
  note: string | null;
  created_at: number;
  updated_at: number;
}

/** A category of animals (Dog, Cat…). `name_key` is the name as compared (src/domain/case-key.ts), unique. */
export interface CategoriesTable {
  id: Generated<number>;
  name: string;
  name_key: string;
}

/** A breed of a category; its `name_key` is unique within the category. */
export interface BreedsTable {
  id: Generated<number>;
  category_id: number;
  name: string;
  name_key: string;
}

/** A photo of a pet; its bytes, one row per size, are in photo_renditions (src/store/photo-storage.ts). */
export interface PhotosTable {
  /** 127 random bits, base64url. */
  id: string;
  pet_id: number;
  /** 0 is the primary photo; a pet's positions run 0, 1, 2… with no gap. */
  position: number;
  /** Of the `full` size. */
  width: number;
  height: number;
  created_at: number;
}

/** One size of a photo: its bytes and what serving them needs. */
export interface PhotoRenditionsTable {
  photo_id: string;
  /** small, medium, large or full (src/domain/photo.ts). */
  size: string;
  width: number;
  height: number;
  content_type: string;
  byte_length: number;
  /** A strong entity tag, quotes included. */
  etag: string;
  /** SQLite BLOB, PostgreSQL bytea: a Buffer on both. */
  bytes: Buffer;
}

/** An adoption application (src/domain/application.ts); its personal fields are the JSON `details`. */
export interface ApplicationsTable {
  /** Order of submission, for keyset pages; never shown. */
  seq: Generated<number>;
  /** 127 random bits, base64url: the id clients see. */
  id: string;
  pet_id: number | null;
  status: ApplicationStatus;
  /** The applicant's email in lower case; null once erased. */
  email_key: string | null;
  /** The folded words of name and email, each between spaces, for `q`; empty once erased. */
  search_words: string;
  /** The personal fields, JSON (src/domain/application-details.ts). */
  details: string;
  decline_reason: string | null;
  order_id: number | null;
  consented_at: number;
  created_at: number;
  updated_at: number;
  decided_at: number | null;
  retain_until: number | null;
  erased_at: number | null;
}

/** An internal note on an application. */
export interface ApplicationNotesTable {
  id: Generated<number>;
  application_id: string;
  text: string;
  /** The name of the key that wrote it. */
  author: string;
  created_at: number;
}

/** One question of the shelter's application form, at its position. */
export interface ApplicationQuestionsTable {
  position: number;
  id: string;
  label: string;
  type: QuestionType;
  /** 0 or 1. */
  required: number;
  /** For a choice: a JSON array of strings. */
  options: string | null;
}

/** A person who signs in to the console (src/services/staff-service.ts). */
export interface StaffAccountsTable {
  id: Generated<number>;
  email: string;
  /** The email as compared: lower case. */
  email_key: string;
  name: string;
  role: StaffRole;
  /** argon2id (PHC string); null until the account's first one-time link is used. */
  password_hash: string | null;
  disabled_at: number | null;
  created_at: number;
  updated_at: number;
}

/** A one-time link to set a password: SHA-256 of its token, hex. */
export interface StaffLinksTable {
  token_hash: string;
  account_id: number;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/** A signed-in browser: SHA-256 of the session id its cookie holds, hex. */
export interface StaffSessionsTable {
  id_hash: string;
  account_id: number;
  created_at: number;
  last_seen_at: number;
}

/** Failed sign-ins of one account or one address, by SHA-256 of what is counted. */
export interface StaffSignInFailuresTable {
  subject_hash: string;
  failures: number;
  last_failure_at: number;
}

/** The shelter's own details: one row, id 1 (src/domain/shelter.ts); every field null until given. */
export interface ShelterTable {
  id: number;
  name: string | null;
  intro: string | null;
  email: string | null;
  phone: string | null;
  address: string | null;
  website: string | null;
  opening_hours: string | null;
  accent_colour: string | null;
  /** The logo as a photo's row has it; all four null while there is none. */
  logo_id: string | null;
  logo_width: number | null;
  logo_height: number | null;
  logo_created_at: number | null;
  updated_at: number | null;
}

export interface Database {
  pets: PetsTable;
  api_keys: ApiKeysTable;
  settings: SettingsTable;
  idempotency_records: IdempotencyRecordsTable;
  api_key_usage: ApiKeyUsageTable;
  events: EventsTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
  orders: OrdersTable;
  pet_terms: PetTermsTable;
  categories: CategoriesTable;
  breeds: BreedsTable;
  photos: PhotosTable;
  photo_renditions: PhotoRenditionsTable;
  applications: ApplicationsTable;
  application_notes: ApplicationNotesTable;
  application_questions: ApplicationQuestionsTable;
  staff_accounts: StaffAccountsTable;
  staff_links: StaffLinksTable;
  staff_sessions: StaffSessionsTable;
  staff_sign_in_failures: StaffSignInFailuresTable;
  shelter: ShelterTable;
  /** The logo's sizes, with photo_renditions' columns (src/store/photo-storage.ts). */
  logo_renditions: PhotoRenditionsTable;
}

export type PetRow = Selectable<PetsTable>;
export type NewPetRow = Insertable<PetsTable>;
export type PetRowChange = Updateable<PetsTable>;
export type PetTermRow = Insertable<PetTermsTable>;
export type ApiKeyRow = Selectable<ApiKeysTable>;
export type NewApiKeyRow = Insertable<ApiKeysTable>;
export type IdempotencyRecordRow = Selectable<IdempotencyRecordsTable>;
export type EventRow = Selectable<EventsTable>;
export type NewEventRow = Insertable<EventsTable>;
export type WebhookEndpointRow = Selectable<WebhookEndpointsTable>;
export type WebhookDeliveryRow = Selectable<WebhookDeliveriesTable>;
export type WebhookAttemptRow = Selectable<WebhookAttemptsTable>;
export type OrderRow = Selectable<OrdersTable>;
export type NewOrderRow = Insertable<OrdersTable>;
export type CategoryRow = Selectable<CategoriesTable>;
export type BreedRow = Selectable<BreedsTable>;
export type PhotoRow = Selectable<PhotosTable>;
export type ApplicationRow = Selectable<ApplicationsTable>;
export type NewApplicationRow = Insertable<ApplicationsTable>;
export type ApplicationRowChange = Updateable<ApplicationsTable>;
export type ApplicationNoteRow = Selectable<ApplicationNotesTable>;
export type StaffAccountRow = Selectable<StaffAccountsTable>;
export type ShelterRow = Selectable<ShelterTable>;
export type ShelterRowChange = Updateable<ShelterTable>;
