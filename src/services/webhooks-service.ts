// Use cases on webhook endpoints: register (with a signing secret shown once), list, show, enable, disable,
// remove, inspect deliveries, and replay an event. Delivery itself is the worker's (src/webhook-delivery/).
import { randomBytes } from 'node:crypto';
import type { Config } from '../config.js';
import { isEventTypeFilter } from '../domain/events.js';
import { checkUrlForm, resolveSafeAddress, UnsafeUrlError, urlPolicyOf } from './webhook-url-safety.js';
import type { Store } from '../store/store.js';
import type { DeliveryState, WebhookEndpointRow } from '../store/schema.js';
import { findEventById } from '../store/repositories/events-repository.js';
import {
  deleteEndpoint,
  findEndpoint,
  insertEndpoint,
  listDeliveries,
  listEndpoints,
  pendingByEndpoint,
  queueReplay,
  updateEndpoint,
} from '../store/repositories/webhooks-repository.js';

export interface WebhookEndpoint {
  id: string;
  url: string;
  description: string;
  events: string[];
  createdAt: string;
  enabled: boolean;
  disabledAt: string | null;
  disabledReason: string | null;
  /** When the current run of failures began; null while deliveries succeed. */
  failingSince: string | null;
  /** Deliveries waiting, and the creation time of the oldest. */
  pending: number;
  oldestPendingAt: string | null;
}

export interface WebhookAttempt {
  at: string;
  status: number | null;
  durationMs: number;
  error: string | null;
}

export interface WebhookDelivery {
  id: number;
  eventId: number;
  eventType: string;
  /** `pending` until a 2xx answer, then `delivered`; a disabled endpoint's deliveries stay pending. */
  state: DeliveryState;
  attempts: WebhookAttempt[];
  nextAttemptAt: string | null;
  deliveredAt: string | null;
}

export interface NewWebhookEndpoint {
  url: string;
  events: string[];
  description?: string;
}

export interface WebhooksService {
  /** Registers an endpoint; the secret is returned only here. */
  add(endpoint: NewWebhookEndpoint): Promise<{ endpoint: WebhookEndpoint; secret: string }>;
  list(): Promise<WebhookEndpoint[]>;
  show(id: string): Promise<WebhookEndpoint>;
  remove(id: string): Promise<void>;
  enable(id: string): Promise<WebhookEndpoint>;
  disable(id: string, reason?: string): Promise<WebhookEndpoint>;
  deliveries(id: string, limit?: number): Promise<WebhookDelivery[]>;
  /** Queues an event again for one endpoint, or for every enabled endpoint subscribed to its type. */
  replay(eventId: number, endpointId?: string): Promise<string[]>;
}

/** Refused input, worded for the operator (the CLI prints the message). */
export class WebhookError extends Error {
  override name = 'WebhookError';
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

const toEndpoint = (
  row: WebhookEndpointRow,
  pending?: { count: number; oldest: number },
): WebhookEndpoint => ({
  id: row.id,
  url: row.url,
  description: row.description,
  events: row.event_types.split(','),
  createdAt: new Date(row.created_at).toISOString(),
  enabled: row.disabled_at === null,
  disabledAt: iso(row.disabled_at),
  disabledReason: row.disabled_reason,
  failingSince: iso(row.failing_since),
  pending: pending?.count ?? 0,
  oldestPendingAt: pending ? iso(pending.oldest) : null,
});

/** A Standard Webhooks secret: `whsec_` and 24 random bytes in base64. */
const newSecret = () => `whsec_${randomBytes(24).toString('base64')}`;

export function createWebhooksService(
  store: Store,
  config: Pick<Config, 'env' | 'webhookAllowedHosts'>,
  clock: () => number = Date.now,
): WebhooksService {
  const policy = urlPolicyOf({ env: config.env, allowedHosts: config.webhookAllowedHosts });

  const existing = async (id: string) => {
    const row = await findEndpoint(store.db, id);
    if (!row) throw new WebhookError(`No webhook endpoint ${id}`);
    return row;
  };
  const withPending = async (row: WebhookEndpointRow) =>
    toEndpoint(
      row,
      (await pendingByEndpoint(store.db)).find((p) => p.endpoint_id === row.id),
    );
  const change = async (id: string, changes: Parameters<typeof updateEndpoint>[2]) => {
    const row = await updateEndpoint(store.db, id, changes);
    if (!row) throw new WebhookError(`No webhook endpoint ${id}`);
    return withPending(row);
  };

  return {
    async add({ url, events, description = '' }) {
      const filters = events.map((e) => e.trim()).filter(Boolean);
      if (filters.length === 0) throw new WebhookError('Name at least one event type, e.g. --events order.*');
      const unknown = filters.filter((f) => !isEventTypeFilter(f));
      if (unknown.length > 0) {
        throw new WebhookError(
          `Unknown event type ${unknown.join(', ')}: give exact types such as pet.created, or pet.* or order.*`,
        );
      }
      try {
        await resolveSafeAddress(checkUrlForm(url, policy), policy);
      } catch (error) {
        if (error instanceof UnsafeUrlError) throw new WebhookError(`Refused ${url}: ${error.message}`);
        throw error;
      }
      const row: WebhookEndpointRow = {
        id: `we_${randomBytes(9).toString('base64url')}`,
        url,
        description,
        event_types: [...new Set(filters)].join(','),
        secret: newSecret(),
        created_at: clock(),
        disabled_at: null,
        disabled_reason: null,
        failing_since: null,
        lease_owner: null,
        lease_until: null,
      };
      await insertEndpoint(store.db, row);
      return { endpoint: toEndpoint(row), secret: row.secret };
    },

    async list() {
      const pending = await pendingByEndpoint(store.db);
      return (await listEndpoints(store.db)).map((row) =>
        toEndpoint(
          row,
          pending.find((p) => p.endpoint_id === row.id),
        ),
      );
    },

    show: async (id) => withPending(await existing(id)),

    async remove(id) {
      if (!(await deleteEndpoint(store.db, id))) throw new WebhookError(`No webhook endpoint ${id}`);
    },

    // Re-enabling starts afresh: the failure run is forgotten and waiting deliveries are due now.
    async enable(id) {
      const endpoint = await change(id, { disabled_at: null, disabled_reason: null, failing_since: null });
      await store.db
        .updateTable('webhook_deliveries')
        .set({ next_attempt_at: clock() })
        .where('endpoint_id', '=', id)
        .where('state', '=', 'pending')
        .execute();
      return endpoint;
    },

    disable: (id, reason = 'disabled by an operator') =>
      change(id, { disabled_at: clock(), disabled_reason: reason }),

    async deliveries(id, limit = 20) {
      await existing(id);
      return (await listDeliveries(store.db, id, limit)).map((d) => ({
        id: d.id,
        eventId: d.event_id,
        eventType: d.event_type,
        state: d.state,
        attempts: d.attempts_list.map((a) => ({
          at: new Date(a.attempted_at).toISOString(),
          status: a.status_code,
          durationMs: a.duration_ms,
          error: a.error,
        })),
        nextAttemptAt: d.state === 'pending' ? iso(d.next_attempt_at) : null,
        deliveredAt: iso(d.delivered_at),
      }));
    },

    async replay(eventId, endpointId) {
      const event = await findEventById(store.db, eventId);
      if (!event)
        throw new WebhookError(
          `No event ${eventId} (events are pruned after the retention, 30 days by default)`,
        );
      if (endpointId) await existing(endpointId);
      return queueReplay(store, event, endpointId, clock());
    },
  };
}
