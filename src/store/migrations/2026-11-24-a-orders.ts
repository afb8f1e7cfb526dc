// Adoption orders: each names its pet and the key that placed it; a pet has at most one open order.
import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../store.js';

export const orders = (dialect: DialectName): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('orders')
      .addColumn('id', dialect === 'sqlite' ? 'integer' : 'bigint', (col) =>
        // As for pets: ids are never reused and only grow, so keyset cursors stay exact.
        dialect === 'sqlite'
          ? col.primaryKey().autoIncrement()
          : col.primaryKey().generatedByDefaultAsIdentity(),
      )
      .addColumn('pet_id', 'bigint', (col) => col.notNull().references('pets.id'))
      .addColumn('api_key_id', 'text', (col) => col.notNull().references('api_keys.id'))
      .addColumn('status', 'text', (col) =>
        col.notNull().check(sql`status in ('placed', 'approved', 'completed', 'cancelled')`),
      )
      .addColumn('note', 'text')
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .execute();
    // The rule "a pet has at most one open order" held by the database itself, so concurrent placements
    // on any number of instances cannot both succeed. Both dialects take partial indexes.
    await sql`create unique index orders_one_open_per_pet on orders (pet_id) where status in ('placed', 'approved')`.execute(
      db,
    );
    // Keyset listings filtered by status or pet; the primary key serves the unfiltered one.
    await db.schema.createIndex('orders_status_id').on('orders').columns(['status', 'id']).execute();
    await db.schema.createIndex('orders_pet_id_id').on('orders').columns(['pet_id', 'id']).execute();
    // A key that does not manage all orders lists only its own.
    await db.schema.createIndex('orders_api_key_id_id').on('orders').columns(['api_key_id', 'id']).execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('orders').execute();
  },
});
