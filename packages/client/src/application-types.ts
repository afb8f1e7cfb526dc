// The adoption applications as the SDK takes and gives them, every type from the service's OpenAPI document.
import type { components, paths } from './openapi-types.js';

type Schemas = components['schemas'];

/** An adoption application as submitted: the applicant, household and home, answers and consent. */
export type NewApplication = Schemas['NewApplication'];
/** An application as a key with `applications:read` sees it, with its internal notes. */
export type Application = Schemas['Application'];
/** What a key that may submit but not read gets back for its submission: `{ id, status, createdAt }`. */
export type ApplicationReceipt = Schemas['ApplicationReceipt'];
/** `submitted`, `in_review` and `approved` are open; `adopted`, `declined` and `withdrawn` are closed. */
export type ApplicationStatus = Schemas['ApplicationStatus'];
/** An internal note on an application, never shown to the applicant. */
export type ApplicationNote = Schemas['ApplicationNote'];
/** The shelter's own questions, which an application answers in `answers`, keyed by question id. */
export type ApplicationForm = Schemas['ApplicationForm'];
export type ApplicationQuestion = Schemas['ApplicationQuestion'];
/** How many applications are in each status, every status present. */
export type ApplicationCounts = Schemas['ApplicationCounts'];
/** Everything held on an applicant's address (subject access): every application of it, oldest first. */
export type Applicant = Schemas['Applicant'];
/** How many applications an erasure erased. */
export type ApplicantErasure = Schemas['ApplicantErasure'];

type ApplicationsQuery = NonNullable<paths['/applications']['get']['parameters']['query']>;
/** Newest first (`-createdAt`, the default) or oldest first (`createdAt`). */
export type ApplicationSort = NonNullable<ApplicationsQuery['sort']>;

/** The actions of the transition table that a key takes on an application. */
export type ApplicationAction = 'review' | 'approve' | 'decline' | 'withdraw';

export interface ListApplicationsOptions {
  status?: ApplicationStatus;
  /** Only the applications for this animal. */
  petId?: number;
  /** Words of the applicant's name or email; the last also as the start of a word. */
  q?: string;
  /**
   * Newest first (`-createdAt`, the default) or oldest first (`createdAt`), whose last page gives a
   * `resumeCursor` for the applications submitted since.
   */
  sort?: ApplicationSort;
  /** Applications per page, 1 to 100 (default 20). */
  limit?: number;
  /** Where to start: the `nextCursor` (or `resumeCursor`) of an earlier page with the same filters and sort. */
  cursor?: string;
}
