// An animal's recent changes, on its page: the last few events about it, with who made each. The roles that
// read the feed (`events:read`) see its orders' and applications' changes too; the others, its own.
import type { FastifyInstance } from 'fastify';
import { allows, type Scope } from '../../domain/scopes.js';
import type { Messages } from '../messages/en.js';
import { activityPath } from './activity.js';
import { ChangeList, petNamesOf } from './change-list.js';

const shown = 10;

export async function recentChanges(
  scope: FastifyInstance,
  messages: Messages,
  scopes: readonly Scope[],
  petId: number,
) {
  const readsFeed = allows(scopes, 'listEvents');
  const { events } = await scope.services.events.recent({
    beforeId: undefined,
    limit: shown,
    petId,
    ...(readsFeed ? {} : { typePrefix: 'pet.' }),
  });
  const petName = await petNamesOf(messages, scope.services.pets, events);
  const a = messages.console.activity;
  return (
    <section aria-labelledby="recent-changes">
      <h2 id="recent-changes">{a.recent}</h2>
      <ChangeList messages={messages} events={events} petName={petName} linkAnimals={false} />
      {readsFeed && (
        <p class="link-line">
          <a href={activityPath}>{a.all}</a>
        </p>
      )}
    </section>
  );
}
