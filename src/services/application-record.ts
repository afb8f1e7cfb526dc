// Application rows as the API returns them, and as their events carry them: the events hold no personal data.
import type { ApplicationStatus } from '../domain/application.js';
import type { Application, ApplicationDetails, ApplicationNote } from '../domain/application-schema.js';
import type { EventType } from '../domain/events.js';
import type { NewEvent } from '../store/repositories/events-repository.js';
import type { ApplicationNoteRow, ApplicationRow } from '../store/schema.js';

const iso = (ms: number): string => new Date(Number(ms)).toISOString();
const isoOrNull = (ms: number | null): string | null => (ms === null ? null : iso(ms));

export const toNote = (row: ApplicationNoteRow): ApplicationNote => ({
  id: row.id,
  text: row.text,
  author: row.author,
  createdAt: iso(row.created_at),
});

export function toApplication(row: ApplicationRow, notes: readonly ApplicationNoteRow[]): Application {
  const { consent, ...details } = JSON.parse(row.details) as ApplicationDetails;
  return {
    id: row.id,
    petId: row.pet_id,
    status: row.status,
    ...details,
    consent: { ...consent, givenAt: iso(row.consented_at) },
    declineReason: row.decline_reason,
    orderId: row.order_id,
    notes: notes.map(toNote),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    decidedAt: isoOrNull(row.decided_at),
    retainUntil: isoOrNull(row.retain_until),
    erasedAt: isoOrNull(row.erased_at),
  };
}

/** What an event says of an application: ids, status and times, never a personal field. */
export interface ApplicationEventData {
  id: string;
  petId: number | null;
  status: ApplicationStatus;
  orderId: number | null;
  createdAt: string;
  updatedAt: string;
  decidedAt: string | null;
  retainUntil: string | null;
  erasedAt: string | null;
}

export function applicationEvent(type: EventType, row: ApplicationRow, now: number): NewEvent {
  const data: ApplicationEventData = {
    id: row.id,
    petId: row.pet_id,
    status: row.status,
    orderId: row.order_id,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    decidedAt: isoOrNull(row.decided_at),
    retainUntil: isoOrNull(row.retain_until),
    erasedAt: isoOrNull(row.erased_at),
  };
  return { type, data, createdAt: now };
}

export const statusChanged = (row: ApplicationRow, now: number): NewEvent =>
  applicationEvent('application.status_changed', row, now);
