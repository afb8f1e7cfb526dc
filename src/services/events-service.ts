// Use cases on the event feed: list a page in commit order, and prune events past their retention.
import type { Actor } from '../domain/actor.js';
import { CursorCodec } from '../domain/cursor.js';
import type { EventType, ServiceEvent } from '../domain/events.js';
import type { EventRow } from '../store/schema.js';
import type { Store } from '../store/store.js';
import {
  deleteEventsBefore,
  listEventsAfter,
  listEventsBefore,
  type RecentEventsQuery,
} from '../store/repositories/events-repository.js';
import { readSetting } from '../store/repositories/settings-repository.js';
import { readKeysetPage, type KeysetPage } from './keyset-page.js';

export interface ListEventsInput {
  /** An exact type or a `resource.*` prefix, already validated. */
  type?: string;
  limit: number;
  cursor?: string;
}

/** A page of events newest first, and the id to read the older ones before, when there are more. */
export interface RecentEvents {
  events: ServiceEvent[];
  olderBefore: number | undefined;
}

export interface EventsService {
  list(input: ListEventsInput): Promise<KeysetPage<ServiceEvent>>;
  /** Events newest first (`query.limit` of them), read exactly: from the database, never a cache. */
  recent(query: RecentEventsQuery): Promise<RecentEvents>;
  /** Deletes events older than the retention; returns how many. */
  prune(): Promise<number>;
}

/** An event as stored, in the columns the feed and the webhooks show. */
export type StoredEvent = Pick<EventRow, 'id' | 'type' | 'created_at' | 'actor' | 'changes' | 'data'>;

export const toEvent = (row: StoredEvent): ServiceEvent => ({
  id: row.id,
  type: row.type as EventType,
  createdAt: new Date(row.created_at).toISOString(),
  ...(row.actor === null ? {} : { actor: JSON.parse(row.actor) as Actor }),
  ...(row.changes === null ? {} : { changes: JSON.parse(row.changes) as string[] }),
  data: JSON.parse(row.data) as object,
});

/**
 * The event as JSON text, exactly `JSON.stringify(toEvent(row))`, but with the stored `data` put in as it
 * is: appendEvent wrote it with JSON.stringify, so parsing and writing it again would give the same text.
 */
export const eventJson = (row: StoredEvent): string => {
  const head = JSON.stringify({
    id: row.id,
    type: row.type,
    createdAt: new Date(row.created_at).toISOString(),
  });
  const actor = row.actor === null ? '' : `,"actor":${row.actor}`;
  const changes = row.changes === null ? '' : `,"changes":${row.changes}`;
  return `${head.slice(0, -1)}${actor}${changes},"data":${row.data}}`;
};

export async function createEventsService(
  store: Store,
  retentionMs: number,
  clock: () => number = Date.now,
): Promise<EventsService> {
  const cursors = new CursorCodec(await readSetting(store.db, 'cursor_secret'), 'type', 'events');
  return {
    list: ({ type, limit, cursor }) =>
      readKeysetPage(
        cursors,
        { filter: type, limit, cursor },
        (afterId, rows) => listEventsAfter(store.db, { type, afterId, limit: rows }),
        toEvent,
      ),
    async recent(query) {
      const rows = await listEventsBefore(store.db, { ...query, limit: query.limit + 1 });
      const shown = rows.slice(0, query.limit);
      return {
        events: shown.map(toEvent),
        olderBefore: rows.length > query.limit ? shown.at(-1)!.id : undefined,
      };
    },
    prune: () => deleteEventsBefore(store.db, clock() - retentionMs),
  };
}
