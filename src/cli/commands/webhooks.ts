// `petstore webhooks ...`: register, inspect, enable, disable and remove webhook endpoints, see their
// deliveries and replay an event, straight against the store. Serving instances do the delivering.
import { Command } from 'commander';
import type { SettingName } from '../../config.js';
import type { WebhookDelivery, WebhookEndpoint } from '../../services/webhooks-service.js';
import { positiveInteger } from '../option-parsers.js';
import { printTable } from '../print-table.js';
import { addSettingOptions, storeSettings } from '../settings-options.js';
import { withServices } from '../with-services.js';

const webhookSettings: SettingName[] = [...storeSettings, 'webhookAllowedHosts'];

const endpointRow = (e: WebhookEndpoint) => ({
  id: e.id,
  url: e.url,
  events: e.events.join(','),
  state: e.enabled ? (e.failingSince ? `failing since ${e.failingSince}` : 'enabled') : 'disabled',
  pending: e.pending,
  description: e.description || '-',
});

function printEndpoint(e: WebhookEndpoint): void {
  console.log(`${e.id}  ${e.url}`);
  console.log(`Events:      ${e.events.join(', ')}`);
  console.log(`Description: ${e.description || '-'}`);
  console.log(`Created:     ${e.createdAt}`);
  if (e.enabled)
    console.log(`State:       enabled${e.failingSince ? `, failing since ${e.failingSince}` : ''}`);
  else
    console.log(
      `State:       disabled at ${e.disabledAt} (${e.disabledReason}); \`webhooks enable\` resumes`,
    );
  console.log(`Pending:     ${e.pending}${e.oldestPendingAt ? `, oldest from ${e.oldestPendingAt}` : ''}`);
}

const deliveryRow = (d: WebhookDelivery) => {
  const last = d.attempts.at(-1);
  return {
    delivery: d.id,
    event: `${d.eventId} ${d.eventType}`,
    state: d.state,
    attempts: d.attempts.length,
    'last status': last ? (last.status ?? '-') : '-',
    'last ms': last ? last.durationMs : '-',
    'next attempt': d.nextAttemptAt ?? '-',
    error: last?.error?.slice(0, 60) ?? '-',
  };
};

/** A subcommand taking one endpoint id, printing the endpoint (or JSON) after `work`. */
function endpointCommand(
  parent: Command,
  name: string,
  description: string,
  work: (services: Parameters<Parameters<typeof withServices>[1]>[0], id: string) => Promise<WebhookEndpoint>,
): void {
  addSettingOptions(
    parent
      .command(name)
      .description(description)
      .argument('<id>', 'Endpoint id')
      .option('--json', 'Print one JSON object'),
    webhookSettings,
  ).action(async (id: string, options: { json?: boolean }, command: Command) => {
    const endpoint = await withServices(command, (services) => work(services, id));
    if (options.json) console.log(JSON.stringify(endpoint));
    else printEndpoint(endpoint);
  });
}

export function webhooksCommand(): Command {
  const webhooks = new Command('webhooks');

  addSettingOptions(
    webhooks
      .command('add')
      .description('Register an endpoint; its signing secret is printed once')
      .argument('<url>', 'Receiver URL (https in production)')
      .requiredOption('--events <types>', 'Comma-separated event types, exact or `order.*`/`pet.*`')
      .option('--description <text>', 'What the endpoint is for', '')
      .option('--json', 'Print one JSON object'),
    webhookSettings,
  ).action(
    async (
      url: string,
      options: { events: string; description: string; json?: boolean },
      command: Command,
    ) => {
      const { endpoint, secret } = await withServices(command, ({ webhooks: w }) =>
        w.add({ url, events: options.events.split(','), description: options.description }),
      );
      if (options.json) {
        console.log(JSON.stringify({ ...endpoint, secret }));
        return;
      }
      console.log(
        `Registered ${endpoint.id} for ${endpoint.events.join(', ')} at ${endpoint.url}.\n` +
          `Its signing secret is shown only now:\n\n  ${secret}\n`,
      );
    },
  );

  addSettingOptions(
    webhooks.command('list').description('List endpoints').option('--json', 'Print a JSON array'),
    webhookSettings,
  ).action(async (options: { json?: boolean }, command: Command) => {
    const all = await withServices(command, ({ webhooks: w }) => w.list());
    if (options.json) console.log(JSON.stringify(all));
    else printTable(all.map(endpointRow));
  });

  endpointCommand(webhooks, 'show', 'Show an endpoint and its backlog', ({ webhooks: w }, id) => w.show(id));
  endpointCommand(webhooks, 'enable', 'Enable an endpoint; waiting deliveries are retried now', (s, id) =>
    s.webhooks.enable(id),
  );
  endpointCommand(webhooks, 'disable', 'Stop delivering to an endpoint; its events wait', (s, id) =>
    s.webhooks.disable(id),
  );

  addSettingOptions(
    webhooks
      .command('remove')
      .description('Remove an endpoint with its deliveries')
      .argument('<id>', 'Endpoint id')
      .option('--json', 'Print one JSON object'),
    webhookSettings,
  ).action(async (id: string, options: { json?: boolean }, command: Command) => {
    await withServices(command, ({ webhooks: w }) => w.remove(id));
    console.log(options.json ? JSON.stringify({ id, removed: true }) : `Removed ${id}`);
  });

  addSettingOptions(
    webhooks
      .command('deliveries')
      .description('Latest deliveries of an endpoint, with every attempt')
      .argument('<id>', 'Endpoint id')
      .option('--limit <n>', 'Most deliveries shown', positiveInteger('--limit'), 20)
      .option('--json', 'Print a JSON array'),
    webhookSettings,
  ).action(async (id: string, options: { limit: number; json?: boolean }, command: Command) => {
    const deliveries = await withServices(command, ({ webhooks: w }) => w.deliveries(id, options.limit));
    if (options.json) console.log(JSON.stringify(deliveries));
    else printTable(deliveries.map(deliveryRow));
  });

  addSettingOptions(
    webhooks
      .command('replay')
      .description('Send an event again, to one endpoint or to every endpoint subscribed to it')
      .argument('<event-id>', 'Event id', positiveInteger('<event-id>'))
      .option('--endpoint <id>', 'Only this endpoint (even if not subscribed to the type)')
      .option('--json', 'Print one JSON object'),
    webhookSettings,
  ).action(async (eventId: number, options: { endpoint?: string; json?: boolean }, command: Command) => {
    const endpoints = await withServices(command, ({ webhooks: w }) => w.replay(eventId, options.endpoint));
    if (options.json) console.log(JSON.stringify({ eventId, endpoints }));
    else if (endpoints.length === 0) console.log(`No enabled endpoint is subscribed to event ${eventId}`);
    else console.log(`Queued event ${eventId} for ${endpoints.join(', ')}`);
  });

  return webhooks;
}
