// `petstore events list`: the event feed as an API user reads it (scope events:read), over HTTP through the
// SDK, like `petstore pets` and `petstore orders`.
import { Command, Option } from 'commander';
import type { Event, EventTypeFilter } from '@petstore/client';
import { eventTypeFilters } from '../../domain/events.js';
import { withClient, withClientOptions, type ClientFlags } from '../client-options.js';
import { withListOptions, printPage, type ListFlags } from '../listing.js';
import { printFound } from '../print-table.js';

/** Who made the change, in a word or a name: `-` for an event recorded before it was kept. */
function byOf({ actor }: Event): string {
  if (!actor) return '-';
  if (actor.type === 'staff') return `${actor.name} (console)`;
  if (actor.type === 'key') return `${actor.name} (key ${actor.id})`;
  return actor.type;
}

const eventRow = (event: Event) => ({
  id: event.id,
  type: event.type,
  created: event.createdAt,
  by: byOf(event),
  // A pet or an order as it was after the change; both have an id and a status.
  resource: String(event.data.id ?? '-'),
  status: String(event.data.status ?? '-'),
});

export function eventsCommand(): Command {
  const events = new Command('events');

  withClientOptions(
    withListOptions(
      events
        .command('list')
        .description('List events: one page (the first, or the one --cursor names), or every page with --all')
        .addOption(
          new Option('--type <type>', 'Only events of this type, or pet.*/order.*').choices(eventTypeFilters),
        ),
      'events',
    ),
  ).action(async (flags: ClientFlags & ListFlags & { type?: EventTypeFilter }) => {
    const query = { type: flags.type, limit: flags.limit, cursor: flags.cursor };
    await withClient(flags, async (client) => {
      if (!flags.all) return printPage(await client.listEventsPage(query), 'events', eventRow, flags.json);
      const collected: Event[] = [];
      for await (const event of client.listAllEvents(query)) collected.push(event);
      printFound(collected, eventRow, flags.json);
    });
  });

  return events;
}
