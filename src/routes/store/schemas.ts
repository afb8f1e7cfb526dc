// Schemas of the store area (orders and inventory): validation, serialization, types and OpenAPI at once.
import { Type } from '@sinclair/typebox';
import { noControlCharactersButNewline } from '../../domain/control-characters.js';
import { noteMaxLength, orderStatuses, type OrderStatus } from '../../domain/order.js';
import { defaultPageSize, maxPageSize, maxSafeId } from '../../domain/pet.js';
import { commonHeaders } from '../../http/schemas/error.js';
import { idempotentReplayedHeader } from '../../http/schemas/idempotency.js';
import { pageLinkHeader } from '../../http/page-link.js';

export const OrderStatusSchema = Type.Unsafe<OrderStatus>({
  $id: 'OrderStatus',
  type: 'string',
  enum: [...orderStatuses],
  description:
    'Where the adoption stands: `placed` and `approved` are open (the pet is `pending`); `completed` (the pet is ' +
    '`sold`) and `cancelled` (the pet is `available` again) are final',
});

const id = (description: string) =>
  Type.Integer({ minimum: 1, maximum: maxSafeId, format: 'int64', description });

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
    petId: id('The animal to adopt; it must be `available`'),
    note: Type.Optional(note),
  },
  {
    $id: 'NewOrder',
    additionalProperties: false,
    description: 'An adoption order to place; unknown fields are rejected',
  },
);

const timestamp = (description: string) => Type.String({ format: 'date-time', description });

export const OrderSchema = Type.Object(
  {
    id: id('Unique identifier, assigned by the service; ids only grow'),
    petId: id('The animal being adopted'),
    status: Type.Ref(OrderStatusSchema),
    note: Type.Optional(note),
    createdAt: timestamp('When the order was placed, RFC 3339 UTC'),
    updatedAt: timestamp('When the order last changed status, RFC 3339 UTC'),
  },
  { $id: 'Order', additionalProperties: false, description: 'An adoption order as returned' },
);

export const OrdersSchema = Type.Array(Type.Ref(OrderSchema), {
  $id: 'Orders',
  description: 'A JSON array of Order',
});

export const InventorySchema = Type.Object(
  {
    available: Type.Integer({ minimum: 0, description: 'Animals available for adoption' }),
    pending: Type.Integer({ minimum: 0, description: 'Animals with an open order' }),
    sold: Type.Integer({ minimum: 0, description: 'Animals adopted' }),
  },
  { $id: 'Inventory', additionalProperties: false, description: 'How many animals are in each status' },
);

export const ListOrdersQuery = Type.Object(
  {
    limit: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: maxPageSize,
        default: defaultPageSize,
        description: 'Most orders returned',
      }),
    ),
    status: Type.Optional(Type.Ref(OrderStatusSchema, { description: 'Only orders with this status' })),
    petId: Type.Optional(id('Only orders for this animal')),
    cursor: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 200,
        description:
          'Opaque position from the `Link: rel="next"` header of the previous page; valid only with the same `status` and `petId`',
      }),
    ),
  },
  { additionalProperties: false },
);

export const OrderIdParams = Type.Object({ orderId: id('Identifier of the order') });

export const listOrdersResponse = Type.Ref(OrdersSchema, {
  description: 'A page of orders in ascending `id` order. When more follow, `Link` gives the next page.',
  headers: {
    ...commonHeaders,
    Link: pageLinkHeader('/store/orders', 'orders'),
  },
});

export const placeOrderResponse = Type.Ref(OrderSchema, {
  description:
    'The placed order, with its assigned id; or, with `Idempotent-Replayed: true`, the stored response of ' +
    'the first request with the same Idempotency-Key',
  headers: {
    ...commonHeaders,
    Location: Type.String({ description: 'URL of the placed order' }),
    ...idempotentReplayedHeader,
  },
});

export const orderResponse = (description: string) =>
  Type.Ref(OrderSchema, { description, headers: commonHeaders });

export const inventoryResponse = Type.Ref(InventorySchema, {
  description: 'The count of animals in each status',
  headers: commonHeaders,
});

export const sharedStoreSchemas = [
  OrderStatusSchema,
  NewOrderSchema,
  OrderSchema,
  OrdersSchema,
  InventorySchema,
];
