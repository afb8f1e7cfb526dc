// The applicant's personal data as the law asks it be handled: everything held on an address (subject
// access), erasure on request, and the automatic erasure of what has passed its retention date.
import type { Transaction } from 'kysely';
import { emailKey, erasedDetails } from '../domain/application-details.js';
import type { Application, ApplicationDetails } from '../domain/application-schema.js';
import { deleteNotesOf, notesOf } from '../store/repositories/application-notes-repository.js';
import {
  applicationsDue,
  eraseApplicationRow,
  findApplication,
  findApplicationsByEmail,
} from '../store/repositories/applications-repository.js';
import type { Database } from '../store/schema.js';
import type { Store } from '../store/store.js';
import { applicationEvent, toApplication } from './application-record.js';
import type { WriteApplications } from './application-writes.js';
import type { NewEvent } from '../store/repositories/events-repository.js';

export interface ApplicantData {
  email: string;
  applications: Application[];
}

export interface ApplicantDataService {
  /** Every application of the address (compared case-insensitively), with notes. */
  export(email: string): Promise<ApplicantData>;
  /** Erases the personal data of every application of the address; answers how many were erased. */
  erase(email: string): Promise<{ erased: number }>;
  /**
   * Erases the applications whose retention date has passed, unless another instance is doing so now;
   * answers how many it erased.
   */
  eraseDue(): Promise<number>;
}

/** Most applications one run of the retention job erases; the next run takes the rest. */
const dueBatch = 500;
const retentionJob = 'application-retention';

type Trx = Transaction<Database>;

export function createApplicantDataService(
  store: Store,
  write: WriteApplications,
  clock: () => number = Date.now,
): ApplicantDataService {
  /** Erases the applications, as on request; returns the events, one per application erased. */
  async function eraseAll(trx: Trx, ids: readonly string[], now: number): Promise<NewEvent[]> {
    const events: NewEvent[] = [];
    for (const id of ids) {
      const row = await findApplication(trx, id);
      if (!row || row.erased_at !== null) continue;
      const erased = await eraseApplicationRow(trx, id, {
        details: JSON.stringify(erasedDetails(JSON.parse(row.details) as ApplicationDetails)),
        email_key: null,
        search_words: '',
        decline_reason: null,
        erased_at: now,
        updated_at: now,
        retain_until: null,
      });
      if (!erased) continue;
      await deleteNotesOf(trx, id);
      events.push(applicationEvent('application.erased', erased, now));
    }
    return events;
  }

  return {
    async export(email) {
      const rows = await findApplicationsByEmail(store.db, emailKey(email));
      const notes = await notesOf(
        store.db,
        rows.map((row) => row.id),
      );
      return { email, applications: rows.map((row) => toApplication(row, notes.get(row.id) ?? [])) };
    },

    erase: (email) =>
      write(async (trx) => {
        const rows = await findApplicationsByEmail(trx, emailKey(email));
        const events = await eraseAll(
          trx,
          rows.map((row) => row.id),
          clock(),
        );
        return { value: { erased: events.length }, events };
      }),

    eraseDue: () =>
      write(async (trx) => {
        if (!(await store.tryJobTurn(trx, retentionJob))) return { value: 0, events: [] };
        const now = clock();
        const events = await eraseAll(trx, await applicationsDue(trx, now, dueBatch), now);
        return { value: events.length, events };
      }),
  };
}
