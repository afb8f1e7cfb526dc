// Schemas of the store area, orders (an order's own are in domain/order.ts) and inventory: validation,
// serialization, types and OpenAPI at once.
import { Type } from '@sinclair/typebox';
import { cursorLength } from '../../domain/cursor.js';
import { NewOrderSchema, OrderSchema, OrderStatusSchema, orderStatuses } from '../../domain/order.js';
import { idSchema, maxSafeId } from '../../domain/resource-id.js';
import { commonHeaders } from '../../http/schemas/error.js';
import { idempotentReplayedHeader } from '../../http/schemas/idempotency.js';
import { pageCursorQuery, pageLimitQuery, pageLinkHeader } from '../../http/page-link.js';

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
    limit: pageLimitQuery('orders'),
    status: Type.Optional(Type.Ref(OrderStatusSchema, { description: 'Only orders with this status' })),
    petId: Type.Optional(idSchema('Only orders for this animal')),
    // The orders service binds a cursor to `status|petId`.
    cursor: pageCursorQuery(
      '`status` and `petId`',
      cursorLength({ afterId: maxSafeId, filters: orderStatuses.map((status) => `${status}|${maxSafeId}`) }),
    ),
  },
  { additionalProperties: false },
);

export const OrderIdParams = Type.Object({ orderId: idSchema('Identifier of the order') });

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
