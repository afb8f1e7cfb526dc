// The store area under /v1: adoption orders, their actions from the transition table, and the inventory.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import { pageLink } from '../../http/page-link.js';
import {
  describeTransition,
  NewOrderSchema,
  orderStepActions,
  type OrderCaller,
  type OrderStepAction,
} from '../../domain/order.js';
import { managesAllOrders, type OperationId } from '../../domain/scopes.js';
import { commonErrors, errorResponse } from '../../http/schemas/error.js';
import { IdempotencyHeaders, markReplayed } from '../../http/schemas/idempotency.js';
import { trimMarkedFields } from '../../http/trimmed-fields.js';
import {
  inventoryResponse,
  listOrdersResponse,
  ListOrdersQuery,
  OrderIdParams,
  orderResponse,
  placeOrderResponse,
} from './schemas.js';

export interface StoreRoutesOptions {
  /** Base of absolute links, ending in /v1; '/v1' gives relative ones. */
  baseUrl: string;
}

/** The caller as the orders service sees it; every /v1 request is authenticated before it gets here. */
const callerOf = (request: FastifyRequest): Extract<OrderCaller, { apiKeyId: string }> => ({
  apiKeyId: request.apiKey!.id,
  managesAll: managesAllOrders(request.apiKey!.scopes),
});

const stepOperations = {
  approve: { operationId: 'approveOrder', summary: 'Approve an order' },
  complete: { operationId: 'completeOrder', summary: 'Complete an adoption' },
  cancel: { operationId: 'cancelOrder', summary: 'Cancel an order' },
} as const satisfies Record<OrderStepAction, { operationId: OperationId; summary: string }>;

export const storeRoutes: FastifyPluginAsyncTypebox<StoreRoutesOptions> = async (app, { baseUrl }) => {
  const { orders } = app.services;

  app.post(
    '/store/orders',
    {
      schema: {
        operationId: 'placeOrder',
        tags: ['store'],
        summary: 'Place an adoption order',
        description:
          `${describeTransition('place')} A pet that is not \`available\` is 409 \`pet_not_available\`; a pet ` +
          'has at most one open order. Send an `Idempotency-Key` to make retries safe, as for `POST /pets`.',
        headers: IdempotencyHeaders,
        body: Type.Ref(NewOrderSchema),
        response: {
          201: placeOrderResponse,
          400: errorResponse(400, {}, ['validation_failed', 'malformed_json', 'bad_request']),
          404: errorResponse(404),
          409: errorResponse(409, {
            'Retry-After': Type.Integer({
              description: 'With `idempotency_key_in_flight` only: seconds to wait before retrying',
            }),
          }),
          413: errorResponse(413),
          415: errorResponse(415),
          422: errorResponse(422),
          ...commonErrors,
        },
      },
      preValidation: trimMarkedFields(NewOrderSchema),
    },
    async (request, reply) => {
      const key = request.headers['idempotency-key'];
      const caller = callerOf(request);
      const {
        status,
        body: order,
        replayed,
      } = key
        ? await orders.placeIdempotently(caller, request.body, { apiKeyId: caller.apiKeyId, key })
        : { status: 201, body: await orders.place(caller, request.body), replayed: false };
      if (replayed) markReplayed(reply);
      return reply.code(status).header('location', `${baseUrl}/store/orders/${order.id}`).send(order);
    },
  );

  app.get(
    '/store/orders',
    {
      schema: {
        operationId: 'listOrders',
        tags: ['store'],
        summary: 'List adoption orders',
        description:
          'Orders in ascending `id` order, optionally filtered by `status` and `petId`; a key without ' +
          '`orders:manage` sees only the orders it placed. Paginated with keyset cursors: follow ' +
          '`Link: rel="next"` until it is absent; the last page carries `Link: rel="resume"` instead, which continues ' +
          'later with every order placed since.',
        querystring: ListOrdersQuery,
        response: {
          200: listOrdersResponse,
          400: errorResponse(400, {}, ['validation_failed', 'invalid_cursor', 'bad_request']),
          ...commonErrors,
        },
      },
    },
    async (request, reply) => {
      const { status, petId } = request.query;
      const page = await orders.list(callerOf(request), request.query);
      pageLink(reply, `${baseUrl}/store/orders`, { limit: page.limit, status, petId }, page);
      return page.orders;
    },
  );

  app.get(
    '/store/orders/:orderId',
    {
      schema: {
        operationId: 'getOrder',
        tags: ['store'],
        summary: 'Get one adoption order',
        description: 'An order placed by another key is 404 unless the key holds `orders:manage`.',
        params: OrderIdParams,
        response: {
          200: orderResponse('The order'),
          400: errorResponse(400, {}, ['validation_failed', 'bad_request']),
          404: errorResponse(404),
          ...commonErrors,
        },
      },
    },
    async (request) => orders.get(callerOf(request), request.params.orderId),
  );

  for (const action of orderStepActions) {
    const { operationId, summary } = stepOperations[action];
    app.post(
      `/store/orders/:orderId/${action}`,
      {
        schema: {
          operationId,
          tags: ['store'],
          summary,
          description:
            `${describeTransition(action)} An order already in the resulting status is returned unchanged, so ` +
            'a retry is safe; any other status is 409 `order_status_conflict`, naming the actions allowed.',
          params: OrderIdParams,
          response: {
            200: orderResponse('The order after the action'),
            // The actions take no body; `{}` may be sent, a field is refused (src/http/v1-rules.ts).
            400: errorResponse(400, {}, ['validation_failed', 'malformed_json', 'bad_request']),
            404: errorResponse(404),
            409: errorResponse(409),
            413: errorResponse(413),
            415: errorResponse(415),
            ...commonErrors,
          },
        },
      },
      async (request) => orders.act(callerOf(request), request.params.orderId, action),
    );
  }

  app.get(
    '/store/inventory',
    {
      schema: {
        operationId: 'getInventory',
        tags: ['store'],
        summary: 'Count animals by status',
        description: 'Exact as of the read: every order action is reflected at once.',
        response: {
          200: inventoryResponse,
          // An unknown query parameter, refused on every operation.
          400: errorResponse(400, {}, ['validation_failed', 'bad_request']),
          ...commonErrors,
        },
      },
    },
    async (request) => orders.inventory(request.dataVersion),
  );
};
