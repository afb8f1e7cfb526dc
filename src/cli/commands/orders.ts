// `petstore orders ...` and `petstore inventory`: adoption orders as an API user handles them, over HTTP
// through the SDK, like `petstore pets`.
import { Command, Option } from 'commander';
import type { Inventory, Order, OrderAction, OrderStatus } from '@petstore/client';
import { orderStatuses, orderStepActions, orderTransitions } from '../../domain/order.js';
import { withClient, withClientOptions, type ClientFlags } from '../client-options.js';
import { withListOptions, printPage, type ListFlags } from '../listing.js';
import { positiveInteger } from '../option-parsers.js';
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
  const orders = new Command('orders');

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
    withListOptions(
      orders
        .command('list')
        .description('List orders: one page (the first, or the one --cursor names), or every page with --all')
        .addOption(new Option('--status <status>', 'Only orders with this status').choices(orderStatuses))
        .option('--pet <id>', 'Only orders for this pet', positiveInteger('--pet')),
      'orders',
    ),
  ).action(async (flags: ClientFlags & ListFlags & { status?: OrderStatus; pet?: number }) => {
    const query = { status: flags.status, petId: flags.pet, limit: flags.limit, cursor: flags.cursor };
    await withClient(flags, async (client) => {
      if (!flags.all) return printPage(await client.listOrdersPage(query), 'orders', orderRow, flags.json);
      const collected: Order[] = [];
      for await (const order of client.listAllOrders(query)) collected.push(order);
      printFound(collected, orderRow, flags.json);
    });
  });

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
  return withClientOptions(new Command('inventory')).action(async (flags: ClientFlags) => {
    const inventory: Inventory = await withClient(flags, (client) => client.getInventory());
    printFound(inventory, (counts) => counts, flags.json);
  });
}
