// Events: what the service records of every change it makes, and the rules for naming and matching their types.
import type { Actor } from './actor.js';

export const eventTypes = [
  'pet.created',
  'pet.status_changed',
  'pet.updated',
  'pet.removed',
  'order.placed',
  'order.approved',
  'order.completed',
  'order.cancelled',
  'application.submitted',
  'application.status_changed',
  'application.erased',
  'key.created',
  'key.revoked',
] as const;
export type EventType = (typeof eventTypes)[number];

/** An event as the feed and webhooks carry it; `data` is the resource as the API returned it after the change. */
export interface ServiceEvent<T extends object = object> {
  id: number;
  type: EventType;
  /** ISO 8601 time of the change. */
  createdAt: string;
  /** Who made the change; absent on the events recorded before it was kept. */
  actor?: Actor;
  /** For `pet.updated`: the names of the fields the change changed. */
  changes?: string[];
  data: T;
}

/**
 * Every type filter: each exact type (`pet.created`), then every type of each resource (`order.*`). Anything
 * else is refused rather than matching nothing, so that a typo shows; the list names the choices.
 */
export const eventTypeFilters: readonly string[] = [
  ...eventTypes,
  ...new Set(eventTypes.map((type) => `${type.split('.')[0]}.*`)),
];

export const isEventTypeFilter = (filter: string): boolean => eventTypeFilters.includes(filter);

/** Whether an event type is selected by a filter (exact, or a `resource.*` prefix). */
export const matchesEventType = (filter: string, type: string): boolean =>
  filter.endsWith('.*') ? type.startsWith(filter.slice(0, -1)) : filter === type;

/** The prefix of a `resource.*` filter (`order.`), or undefined for an exact type. */
export const eventTypePrefix = (filter: string): string | undefined =>
  filter.endsWith('.*') ? filter.slice(0, -1) : undefined;

/**
 * The animal an event is about, read from its data: a pet event's resource is the pet, and an order's or an
 * application's names its pet; null for none.
 */
export function petIdOfEvent(type: string, data: object): number | null {
  const fields = data as { id?: unknown; petId?: unknown };
  const id = type.startsWith('pet.') ? fields.id : fields.petId;
  return typeof id === 'number' ? id : null;
}

/** Days an event stays in the feed by default before it is pruned. */
export const defaultEventRetentionDays = 30;
