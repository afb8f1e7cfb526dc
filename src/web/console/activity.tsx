// `/console/activity`: who changed what, newest first: the events feed (the events service, read exactly),
// each change with its actor, for the roles that may read the feed (`events:read`: staff and admin). Pages
// go back by event id, so a change made meanwhile never shifts a page.
import type { FastifyInstance } from 'fastify';
import { idOfText } from '../../domain/resource-id.js';
import { allows } from '../../domain/scopes.js';
import { ChangeList, petNamesOf } from './change-list.js';
import { sendConsolePage, sendForbidden, type ConsoleContext } from './console-page.js';

export const activityPath = '/console/activity';
const pageSize = 50;

export function activityRoutes(scope: FastifyInstance, context: ConsoleContext): void {
  const { events, pets } = scope.services;
  const a = context.messages.console.activity;

  scope.get('/activity', async (request, reply) => {
    if (!allows(request.signedIn!.scopes, 'listEvents')) return sendForbidden(context, request, reply);
    // A `before` that names no id shows the newest changes.
    const beforeId = idOfText((request.query as Record<string, unknown>).before);
    const page = await events.recent({ beforeId, limit: pageSize });
    const petName = await petNamesOf(context.messages, pets, page.events);
    return sendConsolePage(
      context,
      request,
      reply,
      200,
      a.title,
      <>
        <h1>{a.title}</h1>
        <p>{a.intro}</p>
        <ChangeList messages={context.messages} events={page.events} petName={petName} linkAnimals />
        <p class="pager">
          {beforeId !== undefined && <a href={activityPath}>{a.newest}</a>}
          {page.olderBefore !== undefined && (
            <a href={`${activityPath}?before=${page.olderBefore}`}>{a.older}</a>
          )}
        </p>
      </>,
    );
  });
}
