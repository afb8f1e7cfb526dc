// What an adoption application is: its statuses, the one transition table that the service, the OpenAPI
// descriptions, the docs and the tests all read, which statuses are open, and when its personal data is due
// to be erased.
import type { OrderAction } from './order.js';

export const applicationStatuses = [
  'submitted',
  'in_review',
  'approved',
  'adopted',
  'declined',
  'withdrawn',
] as const;
export type ApplicationStatus = (typeof applicationStatuses)[number];

/** The actions a key takes on an application, each its own POST /applications/{id}/<action>. */
export const applicationStepActions = ['review', 'approve', 'decline', 'withdraw'] as const;
export type ApplicationStepAction = (typeof applicationStepActions)[number];

/** What moves an application: a key's action, its submission, or a step of its linked order. */
export type ApplicationAction = 'submit' | ApplicationStepAction | 'orderCompleted' | 'orderCancelled';

export interface ApplicationTransition {
  /** Statuses the action applies to; none for `submit`, which creates the application. */
  from: readonly ApplicationStatus[];
  to: ApplicationStatus;
  /** What the action does to the linked order, in the same transaction. */
  order?: OrderAction | 'placeAndApprove';
  /** Whether the action decides the application: it sets `decidedAt`. */
  decides?: true;
}

/** The transition table. Anything it does not list is refused with application_status_conflict. */
export const applicationTransitions = {
  submit: { from: [], to: 'submitted' },
  review: { from: ['submitted'], to: 'in_review' },
  approve: { from: ['submitted', 'in_review'], to: 'approved', order: 'placeAndApprove' },
  decline: { from: ['submitted', 'in_review', 'approved'], to: 'declined', order: 'cancel', decides: true },
  withdraw: { from: ['submitted', 'in_review', 'approved'], to: 'withdrawn', order: 'cancel', decides: true },
  orderCompleted: { from: ['approved'], to: 'adopted', decides: true },
  orderCancelled: { from: ['approved'], to: 'in_review' },
} as const satisfies Record<ApplicationAction, ApplicationTransition>;

/**
 * The open statuses: those an application can still be withdrawn from. An applicant has at most one open
 * application per animal.
 */
export const openApplicationStatuses: readonly ApplicationStatus[] = applicationTransitions.withdraw.from;

/** Why the other open applications for an animal are declined when it is adopted. */
export const adoptedByAnotherReason = 'The animal was adopted by another applicant';

/** Actions the table allows on an application in `status`. */
export const applicationActionsFrom = (status: ApplicationStatus): ApplicationStepAction[] =>
  applicationStepActions.filter((action) =>
    (applicationTransitions[action].from as readonly string[]).includes(status),
  );

/** Actions refused on an erased application: nothing is left to review or to approve. */
const refusedOnceErased: readonly ApplicationStepAction[] = ['review', 'approve'];

/**
 * What `action` does to an application in `status`: apply the transition, answer unchanged (it is already in
 * the action's target state, so a retry is safe), or refuse. An erased application can never be approved or
 * reviewed; an open one may still be declined or withdrawn, which closes it.
 */
export function decideApplicationStep(
  action: ApplicationStepAction,
  status: ApplicationStatus,
  erased: boolean,
): 'apply' | 'unchanged' | 'conflict' {
  const transition = applicationTransitions[action];
  if (transition.to === status) return 'unchanged';
  if (erased && refusedOnceErased.includes(action)) return 'conflict';
  return (transition.from as readonly string[]).includes(status) ? 'apply' : 'conflict';
}

/** One line per row of the table, for OpenAPI descriptions. */
export const describeApplicationTransition = (action: ApplicationStepAction): string => {
  const { from, to } = applicationTransitions[action];
  return `From ${from.map((s) => `\`${s}\``).join(' or ')}: the application becomes \`${to}\`.`;
};

export interface RetentionDays {
  /** Days after the decision for `declined` and `withdrawn` applications. */
  closed: number;
  /** Days after the decision for `adopted` ones; 0 keeps them. */
  adopted: number;
}

const dayMs = 86_400_000;

/**
 * When the personal data of an application in `status`, decided at `decidedAt` (epoch ms), is due to be
 * erased; null while it is open or when it is kept.
 */
export function retainUntil(
  status: ApplicationStatus,
  decidedAt: number | null,
  days: RetentionDays,
): number | null {
  if (decidedAt === null) return null;
  if (status === 'declined' || status === 'withdrawn') return decidedAt + days.closed * dayMs;
  if (status === 'adopted') return days.adopted > 0 ? decidedAt + days.adopted * dayMs : null;
  return null;
}
