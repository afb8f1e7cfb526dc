// Bulk seed of the orders deployment's orders, each with the event the service would have written for its
// last change, straight into a SQLite file whose pets are already seeded in the matching statuses.
import SqliteDatabase from 'better-sqlite3';
import type { Order } from '../../src/domain/order.js';
import { orderStatusOf, type OrderLayout } from './order-rows.js';

const batchSize = 50_000;

/** Writes orders 1..layout.orders, order `id` on pet `id`, placed by the key `apiKeyId`, with their events. */
export function seedSqliteOrders(
  file: string,
  layout: OrderLayout,
  apiKeyId: string,
  createdAt: number,
): void {
  const db = new SqliteDatabase(file);
  try {
    db.pragma('synchronous = OFF'); // as for the pets: only this loading connection
    const insertOrder = db.prepare(
      'insert into orders (id, pet_id, api_key_id, status, note, created_at, updated_at) ' +
        'values (?, ?, ?, ?, null, ?, ?)',
    );
    const insertEvent = db.prepare('insert into events (type, created_at, data) values (?, ?, ?)');
    const insertRange = db.transaction((from: number, to: number) => {
      for (let id = from; id <= to; id++) {
        const status = orderStatusOf(id);
        const at = createdAt + id;
        insertOrder.run(id, id, apiKeyId, status, at, at);
        // The event's data is the order as the API returns it (src/services/orders-service.ts, toOrder).
        const iso = new Date(at).toISOString();
        const order: Order = { id, petId: id, status, createdAt: iso, updatedAt: iso };
        insertEvent.run(`order.${status}`, at, JSON.stringify(order));
      }
    });
    for (let from = 1; from <= layout.orders; from += batchSize)
      insertRange(from, Math.min(layout.orders, from + batchSize - 1));
    db.exec('analyze');
  } finally {
    db.close();
  }
}
