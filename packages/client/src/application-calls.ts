// The calls of the adoption applications, which PetstoreClient answers as its own methods: written here to
// keep the client's file to its core, and sent through the client's one way of calling (ClientCore), so that
// they retry, page and fail as every other call does.
import type {
  Applicant,
  ApplicantErasure,
  Application,
  ApplicationCounts,
  ApplicationForm,
  ApplicationNote,
  ApplicationReceipt,
  ListApplicationsOptions,
  NewApplication,
} from './application-types.js';
import type { ClientCore, Page, Sent } from './client-core.js';

/** The headers every call sends: its request id, the same on each of its retries. */
type CallHeaders = { 'x-request-id': string };

export class ApplicationCalls {
  readonly #core: ClientCore;

  constructor(core: ClientCore) {
    this.#core = core;
  }

  /**
   * Submits an adoption application (scope `applications:submit`). It answers the whole application to a key
   * that also holds `applications:read`, else a receipt, `{ id, status, createdAt }`. Sent once: it carries
   * no Idempotency-Key, so it is not retried after a failure that may follow the submission; sent again for
   * the same animal and address while the first is open, it fails with `application_exists` (409).
   *
   * @example
   * const { id } = await client.submitApplication({
   *   petId: 42,
   *   applicant: { name: 'Ada Lovelace', email: 'ada@example.org' },
   *   household: { adults: 2, children: 0 },
   *   home: { type: 'house', ownership: 'own' },
   *   answers: { 'why-adopt': 'A garden and time for walks' },
   *   consent: { dataProcessing: true },
   * });
   */
  submitApplication(application: NewApplication): Promise<Application | ApplicationReceipt> {
    return this.#send((headers) => this.#core.api.POST('/applications', { headers, body: application }));
  }

  /**
   * One page of applications, newest first unless `sort: 'createdAt'` (scope `applications:read`).
   *
   * @example
   * const waiting = await client.listApplications({ status: 'submitted', limit: 50 });
   */
  async listApplications(options: ListApplicationsOptions = {}): Promise<Application[]> {
    return (await this.listApplicationsPage(options)).items;
  }

  /**
   * One page of applications, and the cursor of the next page when more follow (`Link: rel="next"`); the
   * last page of the oldest-first listing gives `resumeCursor`, to ask later for the applications since.
   *
   * @example
   * const { items, nextCursor } = await client.listApplicationsPage({ petId: 42 });
   * if (nextCursor) console.log('more follow:', await client.listApplications({ petId: 42, cursor: nextCursor }));
   */
  listApplicationsPage(options: ListApplicationsOptions = {}): Promise<Page<Application>> {
    return this.#core.page('/applications', options);
  }

  /**
   * Every application, page after page, following `Link: rel="next"` until there is none.
   *
   * @example
   * for await (const application of client.listAllApplications({ status: 'in_review' })) console.log(application.id);
   */
  listAllApplications({ limit = 100, ...filters }: ListApplicationsOptions = {}): AsyncGenerator<
    Application,
    void,
    undefined
  > {
    return this.#core.pages('/applications', { ...filters, limit });
  }

  /**
   * How many applications are in each status, every status present (scope `applications:read`).
   *
   * @example
   * const { submitted, in_review } = await client.countApplications();
   */
  countApplications(): Promise<ApplicationCounts> {
    return this.#send((headers) => this.#core.api.GET('/applications/counts', { headers }));
  }

  /**
   * One application, with its internal notes (scope `applications:read`).
   *
   * @example
   * const application = await client.getApplication(id);
   */
  getApplication(id: string): Promise<Application> {
    return this.#send((headers) =>
      this.#core.api.GET('/applications/{applicationId}', {
        params: { path: { applicationId: id } },
        headers,
      }),
    );
  }

  /**
   * From `submitted`: the application becomes `in_review` (scope `applications:manage`). Like every action,
   * it answers an application already in the resulting status unchanged, and any other status fails with
   * `application_status_conflict` (409); the SDK does not retry it, but calling it again is safe.
   *
   * @example
   * await client.reviewApplication(id);
   */
  reviewApplication(id: string): Promise<Application> {
    return this.#send((headers) =>
      this.#core.api.POST('/applications/{applicationId}/review', { params: pathOf(id), headers }),
    );
  }

  /**
   * From `submitted` or `in_review`: the application becomes `approved`, and an order for its animal is
   * placed and approved with it (`orderId`), so the animal becomes `pending`. An application for no animal,
   * or for one that is not `available`, fails with 409.
   *
   * @example
   * const { orderId } = await client.approveApplication(id);
   */
  approveApplication(id: string): Promise<Application> {
    return this.#send((headers) =>
      this.#core.api.POST('/applications/{applicationId}/approve', { params: pathOf(id), headers }),
    );
  }

  /**
   * Declines an open application, for `reason` (1 to 500 characters), which the application keeps; from
   * `approved`, its order is cancelled and the animal is `available` again.
   *
   * @example
   * await client.declineApplication(id, 'The home has no fence and the dog jumps');
   */
  declineApplication(id: string, reason: string): Promise<Application> {
    return this.#send((headers) =>
      this.#core.api.POST('/applications/{applicationId}/decline', {
        params: pathOf(id),
        headers,
        body: { reason },
      }),
    );
  }

  /**
   * Withdraws an open application, at the applicant's request; from `approved`, its order is cancelled and
   * the animal is `available` again.
   *
   * @example
   * await client.withdrawApplication(id);
   */
  withdrawApplication(id: string): Promise<Application> {
    return this.#send((headers) =>
      this.#core.api.POST('/applications/{applicationId}/withdraw', { params: pathOf(id), headers }),
    );
  }

  /**
   * Adds an internal note (1 to 2,000 characters, newlines kept) to an application, signed with the key's
   * name; never shown to the applicant. Sent once, as it carries no Idempotency-Key: a retry could add it twice.
   *
   * @example
   * await client.addApplicationNote(id, 'Home visit booked for Saturday');
   */
  addApplicationNote(id: string, text: string): Promise<ApplicationNote> {
    return this.#send((headers) =>
      this.#core.api.POST('/applications/{applicationId}/notes', {
        params: pathOf(id),
        headers,
        body: { text },
      }),
    );
  }

  /**
   * The shelter's own questions, which an application answers in `answers` (scope `applications:submit` or
   * `applications:manage`).
   *
   * @example
   * for (const question of (await client.getApplicationForm()).questions) console.log(question.id, question.label);
   */
  getApplicationForm(): Promise<ApplicationForm> {
    return this.#send((headers) => this.#core.api.GET('/application-form', { headers }));
  }

  /**
   * Replaces the whole set of questions (scope `applications:manage`); applications already submitted keep
   * their answers. A set the service refuses fails with `application_form_invalid`.
   *
   * @example
   * await client.replaceApplicationForm({
   *   questions: [{ id: 'why-adopt', label: 'Why do you want to adopt?', type: 'text', required: true }],
   * });
   */
  replaceApplicationForm(form: ApplicationForm): Promise<ApplicationForm> {
    return this.#send((headers) => this.#core.api.PUT('/application-form', { headers, body: form }));
  }

  /**
   * Everything held on an applicant's address, compared in any case: every application of it, with notes
   * (subject access; scope `applications:manage`). The address goes in the query string, as the API has it.
   *
   * @example
   * const { applications } = await client.getApplicant('ada@example.org');
   */
  getApplicant(email: string): Promise<Applicant> {
    return this.#send((headers) =>
      this.#core.api.GET('/applicants', { params: { query: { email } }, headers }),
    );
  }

  /**
   * Erases the personal data of every application of an address, compared in any case (scope
   * `applications:manage`); kept are ids, statuses, times and the address's country and region. It cannot
   * be undone. Sent once; calling it again is safe, and erases nothing more.
   *
   * @example
   * const { erased } = await client.eraseApplicant('ada@example.org');
   */
  eraseApplicant(email: string): Promise<ApplicantErasure> {
    return this.#send((headers) => this.#core.api.POST('/applicants/erase', { headers, body: { email } }));
  }

  /** Runs one call through the client, under a request id of its own. */
  #send<T>(send: (headers: CallHeaders) => Promise<Sent<T>>): Promise<T> {
    const requestId = crypto.randomUUID();
    return this.#core.call(requestId, () => send({ 'x-request-id': requestId }));
  }
}

/** The path parameters of an application's own operations. */
const pathOf = (applicationId: string) => ({ path: { applicationId } });

/** The names of the calls, which PetstoreClient answers by delegating each to its ApplicationCalls. */
export type ApplicationCallName = keyof ApplicationCalls;
export const applicationCallNames = Object.getOwnPropertyNames(ApplicationCalls.prototype).filter(
  (name) => name !== 'constructor',
) as ApplicationCallName[];
