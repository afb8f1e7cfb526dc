// Writing events in the transaction of their change, with their webhook deliveries, and reading the feed.
import type { Kysely, Transaction } from 'kysely';
import { eventTypePrefix, type EventType } from '../../domain/events.js';
import type { Database, EventRow } from '../schema.js';
import { subscribedEndpointIds } from './webhooks-repository.js';

type Db = Kysely<Database> | Transaction<Database>;

export interface NewEvent {
  type: EventType;
  data: unknown;
  createdAt: number;
}

/**
 * Inserts an event and one pending delivery for every enabled endpoint subscribed to its type. Must run in
 * the transaction of the change, after `store.serializeAppends(trx)`, so that it commits or rolls back with
 * the change and event ids commit in order.
 */
export async function appendEvent(trx: Transaction<Database>, event: NewEvent): Promise<EventRow> {
  const row = await trx
    .insertInto('events')
    .values({ type: event.type, created_at: event.createdAt, data: JSON.stringify(event.data) })
    .returningAll()
    .executeTakeFirstOrThrow();
  const subscribed = await subscribedEndpointIds(trx, event.type);
  if (subscribed.length > 0) {
    await trx
      .insertInto('webhook_deliveries')
      .values(
        subscribed.map((endpointId) => ({
          endpoint_id: endpointId,
          event_id: row.id,
          state: 'pending' as const,
          next_attempt_at: event.createdAt,
          created_at: event.createdAt,
        })),
      )
      .execute();
  }
  return row;
}

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
    // A prefix is `pet.` or `order.` (see eventTypePattern): no LIKE wildcard in it.
    query = prefix ? query.where('type', 'like', `${prefix}%`) : query.where('type', '=', type);
  }
  return query.orderBy('id').limit(limit).execute();
}

export async function findEventById(db: Db, id: number): Promise<EventRow | undefined> {
  return db.selectFrom('events').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Deletes events created before `before` (their deliveries and attempts go with them); returns how many. */
export async function deleteEventsBefore(db: Db, before: number): Promise<number> {
  const result = await db.deleteFrom('events').where('created_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
