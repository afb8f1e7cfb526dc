// Writing events in the transaction of their change, with their webhook deliveries, and reading the feed.
import type { Kysely, Transaction } from 'kysely';
import { eventTypePrefix, petIdOfEvent, type EventType } from '../../domain/events.js';
import type { Actor } from '../../domain/actor.js';
import type { Database, EventRow, NewEventRow } from '../schema.js';
import { compiledRows } from './compiled-rows.js';
import { enabledSubscriptions, subscribedTo } from './webhooks-repository.js';

type Db = Kysely<Database> | Transaction<Database>;

export interface NewEvent {
  type: EventType;
  data: unknown;
  /** For `pet.updated`: the fields the change changed. */
  changes?: readonly string[];
  createdAt: number;
}

/** An event as it is recorded: with who made its change, which the write path adds (writes.ts). */
export interface ActedEvent extends NewEvent {
  actor: Actor;
}

/**
 * Inserts events, in the order given, and one pending delivery of each for every enabled endpoint subscribed
 * to its type: one statement for the events, one read of the endpoints and at most one insert of deliveries,
 * however many events a change makes. Must run in the transaction of the change, after
 * `store.serializeAppends(trx)`, so that they commit or roll back with the change and event ids commit in order.
 */
export async function appendEvents(trx: Transaction<Database>, events: ActedEvent[]): Promise<void> {
  // One multi-row insert takes ids in the order of its rows on both backends.
  const rows = await insertEventRows(
    trx,
    events.map((e) => ({
      type: e.type,
      created_at: e.createdAt,
      data: JSON.stringify(e.data),
      changes: e.changes ? JSON.stringify(e.changes) : null,
      actor: JSON.stringify(e.actor),
      pet_id: petIdOfEvent(e.type, e.data as object),
    })),
  );
  const subscriptions = await enabledSubscriptions(trx);
  if (subscriptions.length === 0) return;
  // RETURNING promises no order: deliveries are queued by event id.
  const deliveries = rows
    .sort((a, b) => a.id - b.id)
    .flatMap((row) =>
      subscribedTo(subscriptions, row.type).map((endpointId) => ({
        endpoint_id: endpointId,
        event_id: row.id,
        state: 'pending' as const,
        next_attempt_at: row.created_at,
        created_at: row.created_at,
      })),
    );
  if (deliveries.length > 0) await trx.insertInto('webhook_deliveries').values(deliveries).execute();
}

const insertEventRows = compiledRows((db, rows: NewEventRow[]) =>
  db.insertInto('events').values(rows).returning(['id', 'type', 'created_at']),
);

export interface EventPageQuery {
  /** An exact type or a `resource.*` prefix. */
  type: string | undefined;
  afterId: number;
  limit: number;
}

/** One keyset page of the feed: events with id above `afterId`, in id (commit) order. */
export async function listEventsAfter(db: Db, { type, afterId, limit }: EventPageQuery): Promise<EventRow[]> {
  let query = db.selectFrom('events').selectAll().where('id', '>', afterId);
  if (type) {
    const prefix = eventTypePrefix(type);
    // A prefix is `pet.` or `order.` (see eventTypeFilters): no LIKE wildcard in it.
    query = prefix ? query.where('type', 'like', `${prefix}%`) : query.where('type', '=', type);
  }
  return query.orderBy('id').limit(limit).execute();
}

export interface RecentEventsQuery {
  /** Only the events before this id (the page after one ending there); undefined for the newest. */
  beforeId: number | undefined;
  limit: number;
  /** Only the events about this animal (through the `events_pet_id` index). */
  petId?: number;
  /** Only the events whose type starts with this (`pet.`). */
  typePrefix?: string;
}

/** Events newest first: who changed what, for the console's activity and an animal's recent changes. */
export async function listEventsBefore(db: Db, query: RecentEventsQuery): Promise<EventRow[]> {
  let select = db.selectFrom('events').selectAll();
  if (query.beforeId !== undefined) select = select.where('id', '<', query.beforeId);
  if (query.petId !== undefined) select = select.where('pet_id', '=', query.petId);
  if (query.typePrefix !== undefined) select = select.where('type', 'like', `${query.typePrefix}%`);
  return select.orderBy('id', 'desc').limit(query.limit).execute();
}

export async function findEventById(db: Db, id: number): Promise<EventRow | undefined> {
  return db.selectFrom('events').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Deletes events created before `before` (their deliveries and attempts go with them); returns how many. */
export async function deleteEventsBefore(db: Db, before: number): Promise<number> {
  const result = await db.deleteFrom('events').where('created_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
