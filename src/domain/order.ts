// What an adoption order is: its statuses, the limits on its note, its schemas (validation, serialization,
// OpenAPI and the TypeScript types at once), and the one transition table that the service, the OpenAPI
// descriptions, the docs and the tests all read.
import { Type, type Static } from '@sinclair/typebox';
import { noControlCharactersButNewline } from './control-characters.js';
import type { PetStatus } from './pet.js';
import { idSchema } from './resource-id.js';

export const orderStatuses = ['placed', 'approved', 'completed', 'cancelled'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

export const noteMaxLength = 500;

export type OrderAction = 'place' | 'approve' | 'complete' | 'cancel';
/** The actions on an existing order, each its own POST /store/orders/{orderId}/<action>. */
export type OrderStepAction = Exclude<OrderAction, 'place'>;

export interface Transition {
  action: OrderAction;
  /** Order statuses the action applies to; none for `place`, which starts from the pet. */
  from: readonly OrderStatus[];
  /** Pet status `place` requires. */
  petFrom?: PetStatus;
  to: OrderStatus;
  /** The pet's status afterwards. */
  petTo: PetStatus;
}

/** The transition table. Anything it does not list is refused with order_status_conflict. */
export const orderTransitions = {
  place: { action: 'place', from: [], petFrom: 'available', to: 'placed', petTo: 'pending' },
  approve: { action: 'approve', from: ['placed'], to: 'approved', petTo: 'pending' },
  complete: { action: 'complete', from: ['approved'], to: 'completed', petTo: 'sold' },
  cancel: { action: 'cancel', from: ['placed', 'approved'], to: 'cancelled', petTo: 'available' },
} as const satisfies Record<OrderAction, Transition>;

/** The statuses of an open order, the one a pet may have at a time: those an order can still be cancelled from. */
export const openOrderStatuses: readonly OrderStatus[] = orderTransitions.cancel.from;

export const orderStepActions = [
  'approve',
  'complete',
  'cancel',
] as const satisfies readonly OrderStepAction[];

/** Actions the table allows on an order in `status`. */
export const actionsAllowedFrom = (status: OrderStatus): OrderStepAction[] =>
  orderStepActions.filter((action) => (orderTransitions[action].from as readonly string[]).includes(status));

/**
 * What `action` does to an order in `status`: apply the transition, answer unchanged (the order is already
 * in the action's target state, so a retry is safe), or refuse.
 */
export function decideStep(action: OrderStepAction, status: OrderStatus): 'apply' | 'unchanged' | 'conflict' {
  const transition = orderTransitions[action];
  if ((transition.from as readonly string[]).includes(status)) return 'apply';
  if (transition.to === status) return 'unchanged';
  return 'conflict';
}

/** One line per row of the table, for OpenAPI descriptions. */
export const describeTransition = (action: OrderAction): string => {
  const t: Transition = orderTransitions[action];
  const from = action === 'place' ? `pet \`${t.petFrom}\`` : t.from.map((s) => `\`${s}\``).join(' or ');
  return `From ${from}: the order becomes \`${t.to}\` and the pet \`${t.petTo}\`, in one transaction.`;
};

export const OrderStatusSchema = Type.Unsafe<OrderStatus>({
  $id: 'OrderStatus',
  type: 'string',
  enum: [...orderStatuses],
  description:
    'Where the adoption stands: `placed` and `approved` are open (the pet is `pending`); `completed` (the pet is ' +
    '`sold`) and `cancelled` (the pet is `available` again) are final',
});

const note = Type.String({
  maxLength: noteMaxLength,
  ...noControlCharactersButNewline,
  'x-trimmed': true,
  description:
    'Free text about the adoption, at most 500 characters after surrounding white space is removed; newlines ' +
    'allowed, other control characters not. Do not put personal data (names, addresses, phone numbers) here.',
  examples: ['Will collect on Saturday'],
});

export const NewOrderSchema = Type.Object(
  {
    petId: idSchema('The animal to adopt; it must be `available`'),
    note: Type.Optional(note),
  },
  {
    $id: 'NewOrder',
    additionalProperties: false,
    description: 'An adoption order to place; unknown fields are rejected',
  },
);
export type NewOrder = Static<typeof NewOrderSchema>;

const timestamp = (description: string) => Type.String({ format: 'date-time', description });

export const OrderSchema = Type.Object(
  {
    id: idSchema('Unique identifier, assigned by the service; ids only grow'),
    petId: idSchema('The animal being adopted'),
    status: Type.Ref(OrderStatusSchema),
    note: Type.Optional(note),
    createdAt: timestamp('When the order was placed, RFC 3339 UTC'),
    updatedAt: timestamp('When the order last changed status, RFC 3339 UTC'),
  },
  { $id: 'Order', additionalProperties: false, description: 'An adoption order as returned' },
);
export type Order = Static<typeof OrderSchema>;

/**
 * Who asks: a key, and whether it reaches every order or only those it placed; or the shelter's staff in the
 * console (no key), who reach every order.
 */
export type OrderCaller = { apiKeyId: string; managesAll: boolean } | { apiKeyId: null; managesAll: true };
