// A list of changes, newest first, each with when, who and what in words: the console's activity page and an
// animal's recent changes. A pet's change names the pet as the event holds it (as it was after the change),
// and a removal, whose event holds the id alone, by its id; an order's or an application's names it as it is
// now, or by its id once removed.
import type { Actor } from '../../domain/actor.js';
import { petIdOfEvent, type ServiceEvent } from '../../domain/events.js';
import type { PetsService } from '../../services/pets-service.js';
import type { Messages } from '../messages/en.js';
import { petsById } from './pets-by-id.js';

type ActivityMessages = Messages['console']['activity'];

interface EventData {
  /** A pet's or an order's id (a number), or an application's (a text). */
  id: number | string;
  name?: string;
  petId?: number | null;
  status?: string;
  published?: boolean;
}

function whoText(a: ActivityMessages, actor: Actor | undefined): string {
  if (!actor) return a.who.unknown;
  if (actor.type === 'staff') return actor.name;
  if (actor.type === 'key') return a.who.key(actor.name);
  return a.who[actor.type];
}

/** What an event did, in words; `petName` names the animals an order or application event gives by id. */
function whatText(m: Messages['console'], event: ServiceEvent, petName: (id: number) => string): string {
  const a = m.activity;
  const data = event.data as EventData;
  switch (event.type) {
    case 'pet.created':
    case 'pet.removed':
      return a.what[event.type](data.name ?? petName(Number(data.id)));
    case 'pet.updated': {
      // A change of publishing alone, as the page's one button makes it, is said as that button says it.
      if (event.changes?.length === 1 && event.changes[0] === 'published')
        return a.what[data.published ? 'published' : 'unpublished'](data.name ?? petName(Number(data.id)));
      const fields = (event.changes ?? []).map((field) => a.fields[field] ?? field);
      return a.what['pet.updated'](data.name ?? petName(Number(data.id)), a.and(fields));
    }
    case 'pet.status_changed':
      return a.what['pet.status_changed'](
        data.name ?? petName(Number(data.id)),
        m.statuses[data.status as keyof Messages['console']['statuses']] ?? String(data.status),
      );
    case 'order.placed':
    case 'order.approved':
    case 'order.completed':
    case 'order.cancelled':
      return a.what[event.type](Number(data.id), petName(Number(data.petId)));
    case 'application.submitted':
    case 'application.erased':
      return a.what[event.type](String(data.id));
    case 'key.created':
    case 'key.revoked':
      return a.what[event.type](String(data.name));
    case 'application.status_changed':
      return a.what[event.type](
        String(data.id),
        a.applicationStatuses[String(data.status)] ?? String(data.status),
      );
  }
}

/** The animal an event is about, when it names one. */
const petIdOf = (event: ServiceEvent): number | undefined =>
  petIdOfEvent(event.type, event.data) ?? undefined;

export function ChangeList({
  messages,
  events,
  petName,
  linkAnimals,
}: {
  messages: Messages;
  events: ServiceEvent[];
  petName: (id: number) => string;
  /** Whether each change links to its animal's page (not on that page itself). */
  linkAnimals: boolean;
}) {
  const m = messages.console;
  const a = m.activity;
  if (events.length === 0) return <p class="none">{a.none}</p>;
  return (
    <table class="changes">
      <thead>
        <tr>
          <th scope="col">{a.columns.when}</th>
          <th scope="col">{a.columns.who}</th>
          <th scope="col">{a.columns.what}</th>
        </tr>
      </thead>
      <tbody>
        {events.map((event) => {
          const petId = petIdOf(event);
          const what = whatText(m, event, petName);
          return (
            <tr key={event.id}>
              <td data-label={a.columns.when}>
                <time dateTime={event.createdAt}>{a.at(event.createdAt)}</time>
              </td>
              <td data-label={a.columns.who}>{whoText(a, event.actor)}</td>
              <td data-label={a.columns.what}>
                {linkAnimals && petId !== undefined && event.type !== 'pet.removed' ? (
                  <a href={`/console/animals/${petId}`}>{what}</a>
                ) : (
                  what
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/**
 * Names the animals of the events that give one by id alone (orders, applications): as each is now, or by
 * its id once removed.
 */
export async function petNamesOf(
  messages: Messages,
  pets: Pick<PetsService, 'get'>,
  events: ServiceEvent[],
): Promise<(id: number) => string> {
  const ids = new Set(
    events.flatMap((event) => {
      const id = event.type.startsWith('pet.') ? undefined : petIdOf(event);
      return id === undefined ? [] : [id];
    }),
  );
  const found = await petsById(pets, ids);
  return (id) => found.get(id)?.name ?? messages.console.activity.animal(id);
}
