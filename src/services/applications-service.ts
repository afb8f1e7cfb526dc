// Use cases on adoption applications: submit, read and list them, count them by status, the actions of the
// transition table (with the linked order, in the same transaction), notes, and the shelter's question set.
// The personal-data operations are in applicant-data-service.ts.
import type { Transaction } from 'kysely';
import {
  applicationActionsFrom,
  applicationStatuses,
  applicationTransitions,
  decideApplicationStep,
  retainUntil,
  type ApplicationStatus,
  type ApplicationStepAction,
  type RetentionDays,
} from '../domain/application.js';
import { emailKey, detailsOf } from '../domain/application-details.js';
import { checkAnswers, questionSetProblem, type ApplicationForm } from '../domain/application-form.js';
import type { Application, ApplicationNote, NewApplication } from '../domain/application-schema.js';
import { CursorCodec } from '../domain/cursor.js';
import { newRandomId } from '../domain/random-id.js';
import { wordsOf } from '../domain/search-words.js';
import { ApiError } from '../errors/api-error.js';
import { insertApplicationNote, notesOf } from '../store/repositories/application-notes-repository.js';
import { readQuestions, replaceQuestions } from '../store/repositories/application-questions-repository.js';
import {
  countApplicationsByStatus,
  findApplication,
  findApplicationsByOrders,
  insertApplication,
  oneOpenApplicationIndex,
  updateApplication,
} from '../store/repositories/applications-repository.js';
import { changeTime, findPetById } from '../store/repositories/pets-repository.js';
import { readSetting } from '../store/repositories/settings-repository.js';
import type { ApplicationRow, ApplicationRowChange, Database } from '../store/schema.js';
import type { Store } from '../store/store.js';
import {
  readApplicationPage,
  type ApplicationPage,
  type ListApplicationsInput,
} from './application-pages.js';
import { applicationEvent, statusChanged, toApplication, toNote } from './application-record.js';
import type { OrderLink } from './application-order-link.js';
import type { WriteApplications } from './application-writes.js';

/**
 * Who acts: a key, by id (orders it places are its) and by name (a note's author); or a staff member in the
 * console, by name, whose approvals place orders the shelter owns (no key).
 */
export interface ApplicationCaller {
  keyId: string | null;
  author: string;
}

export type ApplicationCounts = Record<ApplicationStatus, number>;

export interface ApplicationsService {
  submit(input: NewApplication): Promise<Application>;
  get(id: string): Promise<Application>;
  list(input: ListApplicationsInput): Promise<ApplicationPage>;
  counts(): Promise<ApplicationCounts>;
  /** The applications that placed these orders, by order id (an order placed by a key alone has none). */
  ofOrders(orderIds: readonly number[]): Promise<Map<number, Application>>;
  /**
   * Applies an action of the table; `reason` is decline's. A repeat answers the application unchanged. With
   * `expected`, the status the caller last saw, anything else found is a conflict: someone acted first.
   */
  act(
    caller: ApplicationCaller,
    id: string,
    action: ApplicationStepAction,
    reason?: string,
    expected?: ApplicationStatus,
  ): Promise<Application>;
  addNote(caller: ApplicationCaller, id: string, text: string): Promise<ApplicationNote>;
  form(): Promise<ApplicationForm>;
  replaceForm(form: ApplicationForm): Promise<ApplicationForm>;
}

type Trx = Transaction<Database>;

/** The words `q` matches, each between spaces. */
const searchWordsOf = (name: string, email: string) => ` ${wordsOf([name, email]).join(' ')} `;

export async function createApplicationsService(
  store: Store,
  write: WriteApplications,
  orderLink: OrderLink,
  days: RetentionDays,
  clock: () => number = Date.now,
): Promise<ApplicationsService> {
  const cursors = new CursorCodec(await readSetting(store.db, 'cursor_secret'), 'filters', 'applications');

  async function withNotes(db: Trx | Store['db'], row: ApplicationRow): Promise<Application> {
    return toApplication(row, (await notesOf(db, [row.id])).get(row.id) ?? []);
  }

  async function found(db: Trx | Store['db'], id: string): Promise<ApplicationRow> {
    const row = await findApplication(db, id);
    if (!row) throw new ApiError('application_not_found', id);
    return row;
  }

  const conflict = (action: ApplicationStepAction, row: ApplicationRow, why?: string) => {
    const allowed = row.erased_at === null ? applicationActionsFrom(row.status) : [];
    return new ApiError(
      'application_status_conflict',
      action,
      row.id,
      why ?? (row.erased_at === null ? `its status is ${row.status}` : 'its personal data was erased'),
      allowed.length > 0 ? allowed.join(', ') : 'none',
    );
  };

  /** One action on one application, inside the write's transaction. */
  async function actIn(
    trx: Trx,
    caller: ApplicationCaller,
    id: string,
    action: ApplicationStepAction,
    reason?: string,
    expected?: ApplicationStatus,
  ) {
    const current = await found(trx, id);
    if (expected !== undefined && current.status !== expected)
      throw conflict(action, current, `its status changed to ${current.status} meanwhile`);
    const decision = decideApplicationStep(action, current.status, current.erased_at !== null);
    if (decision === 'unchanged') return { value: await withNotes(trx, current), events: [] };
    if (decision === 'conflict') throw conflict(action, current);
    const transition = applicationTransitions[action];
    const now = await changeTime(trx, clock());
    const change: ApplicationRowChange = { status: transition.to, updated_at: now };
    if ('decides' in transition) {
      change.decided_at = now;
      change.retain_until = retainUntil(transition.to, now, days);
    }
    if (action === 'decline') change.decline_reason = reason ?? null;
    const events = [];
    if (action === 'approve') {
      if (current.pet_id === null) throw conflict(action, current, 'it names no animal to adopt');
      const placed = await orderLink.placeApproved(trx, current.pet_id, caller.keyId, now);
      change.order_id = placed.orderId;
      events.push(...placed.events);
    } else if (current.status === 'approved' && current.order_id !== null && 'order' in transition) {
      events.push(...(await orderLink.cancel(trx, current.order_id, now)));
    }
    // Conditional on the status read: a change that got there first refuses this one (and undoes its order).
    const updated = await updateApplication(trx, id, [current.status], change, {
      unerased: action === 'approve' || action === 'review',
    });
    if (!updated) throw conflict(action, await found(trx, id));
    return { value: await withNotes(trx, updated), events: [...events, statusChanged(updated, now)] };
  }

  return {
    submit: (input) =>
      write(async (trx) => {
        const { applicant } = input;
        const petId = input.petId ?? null;
        if (petId !== null && !(await findPetById(trx, petId))) throw new ApiError('pet_not_found', petId);
        const checked = checkAnswers(await readQuestions(trx), input.answers ?? {});
        if ('problem' in checked) throw new ApiError('validation_failed', checked.problem);
        const now = await changeTime(trx, clock());
        let row: ApplicationRow;
        try {
          row = await insertApplication(trx, {
            id: newRandomId(),
            pet_id: petId,
            status: applicationTransitions.submit.to,
            email_key: emailKey(applicant.email),
            search_words: searchWordsOf(applicant.name, applicant.email),
            details: JSON.stringify(detailsOf(input, checked.answers)),
            decline_reason: null,
            order_id: null,
            consented_at: now,
            created_at: now,
            updated_at: now,
            decided_at: null,
            retain_until: null,
            erased_at: null,
          });
        } catch (error) {
          if (!store.isUniqueViolation(error, oneOpenApplicationIndex)) throw error;
          throw new ApiError('application_exists', petId === null ? 'no one animal' : `pet ${petId}`);
        }
        return {
          value: toApplication(row, []),
          events: [applicationEvent('application.submitted', row, now)],
        };
      }),

    get: async (id) => withNotes(store.db, await found(store.db, id)),

    list: (input) => readApplicationPage(store, cursors, input),

    async counts() {
      const counts = Object.fromEntries(applicationStatuses.map((s) => [s, 0])) as ApplicationCounts;
      for (const { status, count } of await countApplicationsByStatus(store.db)) counts[status] = count;
      return counts;
    },

    async ofOrders(orderIds) {
      const rows = await findApplicationsByOrders(store.db, orderIds);
      const notes = await notesOf(
        store.db,
        rows.map((row) => row.id),
      );
      return new Map(rows.map((row) => [Number(row.order_id), toApplication(row, notes.get(row.id) ?? [])]));
    },

    act: (caller, id, action, reason, expected) =>
      write((trx) => actIn(trx, caller, id, action, reason, expected)),

    addNote: (caller, id, text) =>
      write(async (trx) => {
        const application = await found(trx, id);
        if (application.erased_at !== null)
          throw new ApiError(
            'application_status_conflict',
            'note',
            id,
            'its personal data was erased',
            'none',
          );
        const note = await insertApplicationNote(trx, {
          application_id: id,
          text,
          author: caller.author,
          created_at: clock(),
        });
        return { value: toNote(note), events: [] };
      }),

    form: async () => ({ questions: await readQuestions(store.db) }),

    replaceForm: (form) =>
      write(async (trx) => {
        const problem = questionSetProblem(form);
        if (problem) throw new ApiError('application_form_invalid', problem);
        await replaceQuestions(trx, form.questions);
        return { value: { questions: await readQuestions(trx) }, events: [] };
      }),
  };
}
