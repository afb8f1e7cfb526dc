// `petstore events list`: the event feed as an API user reads it (scope events:read), over HTTP through the
// SDK, like `petstore pets` and `petstore orders`.
import { Command, Option } from 'commander';
import type { Event, EventTypeFilter } from '@petstore/client';
import { eventTypeFilters } from '../../domain/events.js';
import { withClient, withClientOptions, type ClientFlags } from '../client-options.js';
import { positiveInteger } from '../option-parsers.js';
import { itemsOfPage } from '../page-hint.js';
import { printFound } from '../print-table.js';

const eventRow = (event: Event) => ({
  id: event.id,
  type: event.type,
  created: event.createdAt,
  // A pet or an order as it was after the change; both have an id and a status.
  resource: String(event.data.id ?? '-'),
  status: String(event.data.status ?? '-'),
});

export function eventsCommand(): Command {
  const events = new Command('events').description(
    'The event feed as a client reads it, over HTTP: every change the service made, in commit order',
  );

  withClientOptions(
    events
      .command('list')
      .description('List events: one page, or every page with --all')
      .addOption(
        new Option('--type <type>', 'Only events of this type, or pet.*/order.*').choices(eventTypeFilters),
      )
      .option(
        '--limit <n>',
        'Events per page, 1 to 100 (default 20; 100 with --all)',
        positiveInteger('--limit'),
      )
      .option('--all', 'Every page, following the Link header'),
  ).action(async (flags: ClientFlags & { type?: EventTypeFilter; limit?: number; all?: boolean }) => {
    const query = { type: flags.type, limit: flags.limit };
    const found = await withClient(flags, async (client) => {
      if (!flags.all) return itemsOfPage(await client.listEventsPage(query), 'events');
      const collected: Event[] = [];
      for await (const event of client.listAllEvents(query)) collected.push(event);
      return collected;
    });
    printFound(found, eventRow, flags.json);
  });

  return events;
}
