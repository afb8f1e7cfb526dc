// The event feed, GET /v1/events: every change the service made, in commit order.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { defaultPageSize } from '../../domain/page.js';
import { pageLink } from '../../http/page-link.js';
import { commonErrors, errorResponse } from '../../http/schemas/error.js';
import { ListEventsQuery, listEventsResponse } from './schemas.js';

export interface EventsRoutesOptions {
  /** Base of absolute links, ending in /v1; '/v1' gives relative ones. */
  baseUrl: string;
}

export const eventsRoutes: FastifyPluginAsyncTypebox<EventsRoutesOptions> = async (app, { baseUrl }) => {
  const { events } = app.services;

  app.get(
    '/events',
    {
      schema: {
        operationId: 'listEvents',
        tags: ['events'],
        summary: 'List events',
        description:
          'Every change the service made (`pet.created`, `pet.status_changed`, `order.placed`, ' +
          '`order.approved`, `order.completed`, `order.cancelled`), in commit order, kept for 30 days by ' +
          'default. Paginated like `GET /pets`: follow `Link: rel="next"` to the end; the last page\'s ' +
          '`Link: rel="resume"` is where to continue later. See docs/webhooks.md.',
        querystring: ListEventsQuery,
        response: {
          200: listEventsResponse,
          400: errorResponse(400, {}, [
            'validation_failed',
            'invalid_cursor',
            'unknown_event_type',
            'bad_request',
          ]),
          ...commonErrors,
        },
      },
    },
    async (request, reply) => {
      // An unknown `type` was refused by its schema, with unknown_event_type (http/schema-refusals.ts).
      const { limit = defaultPageSize, type, cursor } = request.query;
      const page = await events.list({ type, limit, cursor });
      pageLink(reply, `${baseUrl}/events`, { limit, type }, page);
      return page.items;
    },
  );
};
