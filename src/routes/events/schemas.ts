// Schemas of the event feed: validation, serialization, types and OpenAPI at once.
import { Type } from '@sinclair/typebox';
import { cursorLength } from '../../domain/cursor.js';
import { eventTypeFilters, eventTypes } from '../../domain/events.js';
import { maxSafeId } from '../../domain/resource-id.js';
import { commonHeaders } from '../../http/schemas/error.js';
import { pageCursorQuery, pageLimitQuery, pageLinkHeader } from '../../http/page-link.js';

const named = (
  type: 'staff' | 'key',
  id: ReturnType<typeof Type.Integer | typeof Type.String>,
  what: string,
) =>
  Type.Object(
    {
      type: Type.Literal(type),
      id,
      name: Type.String({ description: `The ${what}'s name, as it was at the change` }),
    },
    {
      additionalProperties: false,
      description: `A change made through ${type === 'staff' ? 'the console' : 'the API'}`,
    },
  );

export const ActorSchema = Type.Union(
  [
    named('staff', Type.Integer({ minimum: 1, description: 'The staff account' }), 'account'),
    named('key', Type.String({ description: 'The API key’s id (never the key itself)' }), 'key'),
    Type.Object(
      { type: Type.Literal('public') },
      { additionalProperties: false, description: 'A visitor of the public pages, who is never named' },
    ),
    Type.Object(
      { type: Type.Literal('service') },
      { additionalProperties: false, description: 'The service’s own jobs, and commands run on its machine' },
    ),
  ],
  {
    $id: 'Actor',
    description:
      'Who made the change. Absent on the events recorded before the service kept it (docs/webhooks.md).',
  },
);

export const EventSchema = Type.Object(
  {
    id: Type.Integer({
      minimum: 1,
      format: 'int64',
      description: 'Position in the feed: ids grow in commit order, with no gaps left behind a cursor',
    }),
    type: Type.Unsafe<string>({ type: 'string', enum: [...eventTypes], description: 'What happened' }),
    createdAt: Type.String({ format: 'date-time', description: 'When the change committed' }),
    actor: Type.Optional(Type.Ref(ActorSchema)),
    changes: Type.Optional(
      Type.Array(Type.String(), {
        description: 'On `pet.updated` only: the names of the Pet fields the change changed',
        examples: [['name', 'goodWith']],
      }),
    ),
    data: Type.Object(
      {},
      {
        additionalProperties: true,
        description:
          'The resource (a Pet or an Order) as the API returned it after the change; for `pet.removed`, `{ id }`; ' +
          'for `key.created` and `key.revoked`, the key’s `id`, `name`, `plan`, `scopes` and `expiresAt`, never the key itself',
      },
    ),
  },
  { $id: 'Event', additionalProperties: false, description: 'A change the service made' },
);

export const ListEventsQuery = Type.Object(
  {
    type: Type.Optional(
      // Any other value is 400 unknown_event_type, which names the choices, rather than validation_failed
      // (docs/webhooks.md).
      Type.Unsafe<string>({
        type: 'string',
        enum: [...eventTypeFilters],
        'x-error-code': 'unknown_event_type',
        description:
          'Only events of this type (`order.approved`), or of every type of a resource (`order.*`): one of ' +
          `${eventTypeFilters.map((filter) => `\`${filter}\``).join(', ')}; anything else is 400 \`unknown_event_type\``,
        examples: ['pet.created', 'order.*'],
      }),
    ),
    limit: pageLimitQuery('events'),
    cursor: pageCursorQuery('`type`', cursorLength({ afterId: maxSafeId, filters: eventTypeFilters })),
  },
  { additionalProperties: false },
);

export const EventsSchema = Type.Array(Type.Ref(EventSchema), {
  $id: 'Events',
  description: 'A JSON array of Event',
});

export const sharedEventSchemas = [ActorSchema, EventSchema, EventsSchema];

export const listEventsResponse = Type.Ref(EventsSchema, {
  description:
    'A page of events in commit order. When more follow, `Link` gives the next page; a consumer tailing the ' +
    'feed keeps the last cursor it got and asks again later.',
  headers: {
    ...commonHeaders,
    Link: pageLinkHeader('/events', 'events'),
  },
});
