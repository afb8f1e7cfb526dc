// Webhook endpoints, their queued deliveries and every attempt; and the leases by which one instance at a
// time delivers to an endpoint, in order.
import { type Kysely, type Transaction } from 'kysely';
import { matchesEventType } from '../../domain/events.js';
import type {
  Database,
  WebhookAttemptRow,
  WebhookDeliveryRow,
  WebhookEndpointRow,
  WebhookEndpointsTable,
} from '../schema.js';
import type { Store } from '../store.js';
import { compiledRows } from './compiled-rows.js';

type Db = Kysely<Database> | Transaction<Database>;

export async function insertEndpoint(db: Db, row: WebhookEndpointRow): Promise<void> {
  await db.insertInto('webhook_endpoints').values(row).execute();
}

export async function listEndpoints(db: Db): Promise<WebhookEndpointRow[]> {
  return db.selectFrom('webhook_endpoints').selectAll().orderBy('created_at').orderBy('id').execute();
}

export async function findEndpoint(db: Db, id: string): Promise<WebhookEndpointRow | undefined> {
  return db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function updateEndpoint(
  db: Db,
  id: string,
  changes: Partial<WebhookEndpointsTable>,
): Promise<WebhookEndpointRow | undefined> {
  return db
    .updateTable('webhook_endpoints')
    .set(changes)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteEndpoint(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('webhook_endpoints').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** What decides which events an endpoint receives. */
export type Subscription = Pick<WebhookEndpointRow, 'id' | 'event_types'>;

/** Every enabled endpoint's subscription, oldest first: the order an event's deliveries are queued in. */
export async function enabledSubscriptions(db: Db): Promise<Subscription[]> {
  return selectEnabledSubscriptions(db, []);
}

// Compiled once per dialect: every write that records an event reads it.
const selectEnabledSubscriptions = compiledRows((db) =>
  db
    .selectFrom('webhook_endpoints')
    .select(['id', 'event_types'])
    .where('disabled_at', 'is', null)
    .orderBy('created_at')
    .orderBy('id'),
);

/** The ids of the subscriptions an event of `type` is delivered to. */
export const subscribedTo = (subscriptions: Subscription[], type: string): string[] =>
  subscriptions
    .filter((e) => e.event_types.split(',').some((filter) => matchesEventType(filter, type)))
    .map((e) => e.id);

/** The enabled endpoints subscribed to an event type, oldest first: those an event of it is delivered to. */
export async function subscribedEndpointIds(db: Db, type: string): Promise<string[]> {
  return subscribedTo(await enabledSubscriptions(db), type);
}

export async function queueDelivery(db: Db, endpointId: string, eventId: number, now: number): Promise<void> {
  await db
    .insertInto('webhook_deliveries')
    .values({
      endpoint_id: endpointId,
      event_id: eventId,
      state: 'pending',
      next_attempt_at: now,
      created_at: now,
    })
    .execute();
}

/**
 * Queues an event again, for one endpoint or every one subscribed to its type; returns the endpoints. In a
 * transaction of its own that takes the append lock first, so that delivery ids commit in order. No cached
 * read shows deliveries, so no version moves (docs/decisions.md, "Caching reads").
 */
export async function queueReplay(
  { db, serializeAppends }: Pick<Store, 'db' | 'serializeAppends'>,
  event: { id: number; type: string },
  endpointId: string | undefined,
  now: number,
): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    await serializeAppends(trx);
    const targets = endpointId ? [endpointId] : await subscribedEndpointIds(trx, event.type);
    for (const target of targets) await queueDelivery(trx, target, event.id, now);
    return targets;
  });
}

export interface DeliveryWithAttempts extends WebhookDeliveryRow {
  event_type: string;
  attempts_list: WebhookAttemptRow[];
}

/** The latest deliveries of an endpoint, newest first, with their attempts. */
export async function listDeliveries(
  db: Db,
  endpointId: string,
  limit: number,
): Promise<DeliveryWithAttempts[]> {
  const deliveries = await db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('events as e', 'e.id', 'd.event_id')
    .selectAll('d')
    .select('e.type as event_type')
    .where('d.endpoint_id', '=', endpointId)
    .orderBy('d.id', 'desc')
    .limit(limit)
    .execute();
  if (deliveries.length === 0) return [];
  const attempts = await db
    .selectFrom('webhook_attempts')
    .selectAll()
    .where(
      'delivery_id',
      'in',
      deliveries.map((d) => d.id),
    )
    .orderBy('id')
    .execute();
  return deliveries.map((d) => ({ ...d, attempts_list: attempts.filter((a) => a.delivery_id === d.id) }));
}

/** Pending deliveries per endpoint, and the creation time of the oldest, for metrics and `webhooks show`. */
export async function pendingByEndpoint(
  db: Db,
): Promise<Array<{ endpoint_id: string; count: number; oldest: number }>> {
  const rows = await db
    .selectFrom('webhook_deliveries')
    .select(['endpoint_id'])
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min<number>('created_at').as('oldest')])
    .where('state', '=', 'pending')
    .groupBy('endpoint_id')
    .execute();
  return rows.map((r) => ({ endpoint_id: r.endpoint_id, count: Number(r.count), oldest: Number(r.oldest) }));
}

/**
 * Leases one enabled endpoint whose first pending delivery is due and which no live lease holds. On
 * PostgreSQL, `FOR UPDATE SKIP LOCKED` lets instances claim different endpoints without waiting on each
 * other; the conditional update is what makes the lease exclusive on both backends.
 */
export async function leaseDueEndpoint(
  { db, skipLocked }: Pick<Store, 'db' | 'skipLocked'>,
  { owner, now, leaseMs, skip }: { owner: string; now: number; leaseMs: number; skip: string[] },
): Promise<WebhookEndpointRow | undefined> {
  return db.transaction().execute(async (trx) => {
    let query = trx
      .selectFrom('webhook_endpoints as e')
      .select('e.id')
      .where('e.disabled_at', 'is', null)
      .where((eb) => eb.or([eb('e.lease_until', 'is', null), eb('e.lease_until', '<', now)]))
      .where(
        (eb) =>
          eb
            .selectFrom('webhook_deliveries as d')
            .select('d.next_attempt_at')
            .whereRef('d.endpoint_id', '=', 'e.id')
            .where('d.state', '=', 'pending')
            .orderBy('d.id')
            .limit(1),
        '<=',
        now,
      )
      .orderBy('e.lease_until')
      .limit(1);
    if (skip.length > 0) query = query.where('e.id', 'not in', skip);
    const candidate = await skipLocked(query, 'e').executeTakeFirst();
    if (!candidate) return undefined;
    return trx
      .updateTable('webhook_endpoints')
      .set({ lease_owner: owner, lease_until: now + leaseMs })
      .where('id', '=', candidate.id)
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
      .returningAll()
      .executeTakeFirst();
  });
}

/** Extends a lease this owner holds; false when it was lost (expired and taken by another). */
export async function renewLease(db: Db, id: string, owner: string, until: number): Promise<boolean> {
  const result = await db
    .updateTable('webhook_endpoints')
    .set({ lease_until: until })
    .where('id', '=', id)
    .where('lease_owner', '=', owner)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function releaseLease(db: Db, id: string, owner: string): Promise<void> {
  await db
    .updateTable('webhook_endpoints')
    .set({ lease_owner: null, lease_until: null })
    .where('id', '=', id)
    .where('lease_owner', '=', owner)
    .execute();
}

/** Drops every lease: only for a process that knows it is the only one delivering (SQLite). */
export async function releaseAllLeases(db: Db): Promise<void> {
  await db.updateTable('webhook_endpoints').set({ lease_owner: null, lease_until: null }).execute();
}

/** The pending deliveries of an endpoint in order, with their events. */
export async function nextDeliveries(db: Db, endpointId: string, limit: number) {
  return db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('events as e', 'e.id', 'd.event_id')
    .select([
      'd.id',
      'd.attempts',
      'd.next_attempt_at',
      'd.created_at',
      'e.id as event_id',
      'e.type',
      'e.created_at as event_created_at',
      'e.data',
      'e.changes',
      'e.actor',
    ])
    .where('d.endpoint_id', '=', endpointId)
    .where('d.state', '=', 'pending')
    .orderBy('d.id')
    .limit(limit)
    .execute();
}

export interface AttemptRecord {
  deliveryId: number;
  attemptedAt: number;
  statusCode: number | undefined;
  durationMs: number;
  error: string | undefined;
}

/**
 * Records an attempt and its outcome on the delivery, in one transaction, if `owner` still holds the
 * endpoint's lease; false (and nothing recorded) when another instance has taken it over, which is then the
 * one delivering in order.
 */
export async function recordAttempt(
  db: Kysely<Database>,
  { endpointId, owner }: { endpointId: string; owner: string },
  attempt: AttemptRecord,
  outcome: { delivered: true } | { delivered: false; nextAttemptAt: number },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    // An update that changes nothing rather than a select: on PostgreSQL it locks the endpoint until commit
    // and reads the newest lease even if another instance took it meanwhile, so no new lease slips in
    // between this check and the writes below.
    const held = await trx
      .updateTable('webhook_endpoints')
      .set({ lease_owner: owner })
      .where('id', '=', endpointId)
      .where('lease_owner', '=', owner)
      .executeTakeFirst();
    if (Number(held.numUpdatedRows) === 0) return false;
    await trx
      .insertInto('webhook_attempts')
      .values({
        delivery_id: attempt.deliveryId,
        attempted_at: attempt.attemptedAt,
        status_code: attempt.statusCode ?? null,
        duration_ms: attempt.durationMs,
        error: attempt.error ?? null,
      })
      .execute();
    await trx
      .updateTable('webhook_deliveries')
      .set((eb) => ({
        attempts: eb('attempts', '+', 1),
        ...(outcome.delivered
          ? { state: 'delivered' as const, delivered_at: attempt.attemptedAt }
          : { next_attempt_at: outcome.nextAttemptAt }),
      }))
      .where('id', '=', attempt.deliveryId)
      .execute();
    return true;
  });
}
