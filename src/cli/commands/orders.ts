// `petstore orders ...` and `petstore inventory`: adoption orders as an API user handles them, over HTTP
// through the SDK, like `petstore pets`.
import { Command, Option } from 'commander';
import type { Inventory, Order, OrderAction, OrderStatus } from '@petstore/client';
import { orderStatuses, orderStepActions, orderTransitions } from '../../domain/order.js';
import { withClient, withClientOptions, type ClientFlags } from '../client-options.js';
import { positiveInteger } from '../option-parsers.js';
import { itemsOfPage } from '../page-hint.js';
import { printFound } from '../print-table.js';

const orderRow = (order: Order) => ({
  id: order.id,
  pet: order.petId,
  status: order.status,
  created: order.createdAt,
  updated: order.updatedAt,
  note: (order.note ?? '').replace(/\n/g, ' '),
});

export function ordersCommand(): Command {
  const orders = new Command('orders').description(
    'Adoption orders as a client handles them, over HTTP: place, list, get, approve, complete, cancel',
  );

  withClientOptions(
    orders
      .command('place')
      .description(
        'Place an order for an available pet, which becomes pending (sent with an Idempotency-Key)',
      )
      .argument('<petId>', 'Pet id', positiveInteger('petId'))
      .option('--note <text>', 'Free text, at most 500 characters; no personal data'),
  ).action(async (petId: number, flags: ClientFlags & { note?: string }) => {
    const order = await withClient(flags, (client) =>
      client.placeOrder({ petId, ...(flags.note !== undefined ? { note: flags.note } : {}) }),
    );
    printFound(order, orderRow, flags.json);
  });

  withClientOptions(
    orders
      .command('list')
      .description('List orders: one page, or every page with --all')
      .addOption(new Option('--status <status>', 'Only orders with this status').choices(orderStatuses))
      .option('--pet <id>', 'Only orders for this pet', positiveInteger('--pet'))
      .option(
        '--limit <n>',
        'Orders per page, 1 to 100 (default 20; 100 with --all)',
        positiveInteger('--limit'),
      )
      .option('--all', 'Every page, following the Link header'),
  ).action(
    async (flags: ClientFlags & { status?: OrderStatus; pet?: number; limit?: number; all?: boolean }) => {
      const query = { status: flags.status, petId: flags.pet, limit: flags.limit };
      const found = await withClient(flags, async (client) => {
        if (!flags.all) return itemsOfPage(await client.listOrdersPage(query), 'orders');
        const collected: Order[] = [];
        for await (const order of client.listAllOrders(query)) collected.push(order);
        return collected;
      });
      printFound(found, orderRow, flags.json);
    },
  );

  withClientOptions(
    orders.command('get').description('Show one order').argument('<id>', 'Order id', positiveInteger('id')),
  ).action(async (id: number, flags: ClientFlags) => {
    printFound(await withClient(flags, (client) => client.getOrder(id)), orderRow, flags.json);
  });

  const call = { approve: 'approveOrder', complete: 'completeOrder', cancel: 'cancelOrder' } as const;
  for (const action of orderStepActions satisfies readonly OrderAction[]) {
    const { from, to, petTo } = orderTransitions[action];
    withClientOptions(
      orders
        .command(action)
        .description(`From ${from.join(' or ')}: the order becomes ${to} and the pet ${petTo}`)
        .argument('<id>', 'Order id', positiveInteger('id')),
    ).action(async (id: number, flags: ClientFlags) => {
      printFound(await withClient(flags, (client) => client[call[action]](id)), orderRow, flags.json);
    });
  }

  return orders;
}

export function inventoryCommand(): Command {
  return withClientOptions(
    new Command('inventory').description('Count pets in each status, over HTTP'),
  ).action(async (flags: ClientFlags) => {
    const inventory: Inventory = await withClient(flags, (client) => client.getInventory());
    printFound(inventory, (counts) => counts, flags.json);
  });
}
