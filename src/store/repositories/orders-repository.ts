// Reading and writing order rows, and the conditional pet status change an order action makes.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { OrderStatus } from '../../domain/order.js';
import type { PetStatus } from '../../domain/pet.js';
import type { Database, NewOrderRow, OrderRow, PetRow } from '../schema.js';
import { compiledRows } from './compiled-rows.js';

type Db = Kysely<Database> | Transaction<Database>;

/** The unique index that allows one open order per pet; a violation of it means the pet was just taken. */
export const oneOpenOrderPerPetIndex = 'orders_one_open_per_pet';

/** One order row, past the service's conditional pet update (the store-level tests of the unique index). */
export async function insertOrder(db: Db, row: NewOrderRow): Promise<OrderRow> {
  return db.insertInto('orders').values(row).returningAll().executeTakeFirstOrThrow();
}

/** Inserts orders in one statement; returns them in id order, which is the order of `rows` (as for pets). */
export async function insertOrders(db: Db, rows: NewOrderRow[]): Promise<OrderRow[]> {
  const inserted = await insertOrderRows(db, rows);
  return inserted.sort((a, b) => a.id - b.id);
}

const insertOrderRows = compiledRows((db, rows: NewOrderRow[]) =>
  db.insertInto('orders').values(rows).returningAll(),
);

/** The order, if it exists and `ownerKeyId` (when given) placed it. */
export async function findOrderById(db: Db, id: number, ownerKeyId?: string): Promise<OrderRow | undefined> {
  let query = db.selectFrom('orders').selectAll().where('id', '=', id);
  if (ownerKeyId !== undefined) query = query.where('api_key_id', '=', ownerKeyId);
  return query.executeTakeFirst();
}

export interface StatusChange {
  id: number;
  /** Only an order this key placed; undefined for any order. */
  ownerKeyId: string | undefined;
  from: readonly OrderStatus[];
  to: OrderStatus;
  now: number;
}

/**
 * Moves the order from one of `from` to `to`; returns the updated row, or undefined when no such order is
 * in any of `from` (or another action got there first): the condition makes concurrent actions exact.
 */
export async function updateOrderStatus(
  db: Db,
  { id, ownerKeyId, from, to, now }: StatusChange,
): Promise<OrderRow | undefined> {
  let query = db
    .updateTable('orders')
    .set({ status: to, updated_at: now })
    .where('id', '=', id)
    .where('status', 'in', [...from]);
  if (ownerKeyId !== undefined) query = query.where('api_key_id', '=', ownerKeyId);
  return query.returningAll().executeTakeFirst();
}

/**
 * Sets each pet's status only when it is `from`, in one statement: returns those that were, as they now are.
 * The condition decides concurrent placements: only one finds a pet still available.
 */
export async function movePetsFrom(
  db: Db,
  petIds: number[],
  from: PetStatus,
  to: PetStatus,
  now: number,
): Promise<PetRow[]> {
  return movePetRows(
    db,
    petIds.map((id) => ({ id })),
    { from, to, now },
  );
}

// Compiled once per group size, as the inserts are: a placement's group runs it first.
// A move is a change of the pet: its revision (its ETag) and its updated_at move with it. A removed pet is
// never moved: it has no open order, and none can be placed for it.
const movePetRows = compiledRows(
  (db, pets: Array<{ id: number }>, { from, to, now }: { from: PetStatus; to: PetStatus; now: number }) =>
    db
      .updateTable('pets')
      .set({ status: to, updated_at: now, revision: sql<number>`revision + 1` })
      .where(
        'id',
        'in',
        pets.map((pet) => pet.id),
      )
      .where('status', '=', from)
      .where('removed_at', 'is', null)
      .returningAll(),
);

/** Sets the pet's status; returns the pet as it now is if that changed it, undefined if it was `to` already. */
export async function movePet(
  db: Db,
  petId: number,
  to: PetStatus,
  now: number,
): Promise<PetRow | undefined> {
  return db
    .updateTable('pets')
    .set({ status: to, updated_at: now, revision: sql<number>`revision + 1` })
    .where('id', '=', petId)
    .where('status', '<>', to)
    .returningAll()
    .executeTakeFirst();
}

export interface OrderPageQuery {
  status: OrderStatus | undefined;
  petId: number | undefined;
  /** Only the orders this key placed; undefined for every order. */
  ownerKeyId: string | undefined;
  afterId: number;
  limit: number;
}

/** One keyset page of orders in id order; the owner filter is in SQL so every page is full and exact. */
export async function listOrdersAfter(
  db: Db,
  { status, petId, ownerKeyId, afterId, limit }: OrderPageQuery,
): Promise<OrderRow[]> {
  let query = db.selectFrom('orders').selectAll().where('id', '>', afterId);
  if (status) query = query.where('status', '=', status);
  if (petId !== undefined) query = query.where('pet_id', '=', petId);
  if (ownerKeyId !== undefined) query = query.where('api_key_id', '=', ownerKeyId);
  return query.orderBy('id').limit(limit).execute();
}

/** How many pets are in each status. */
export async function countPetsByStatus(db: Db): Promise<Array<{ status: PetStatus; count: number }>> {
  const rows = await db
    .selectFrom('pets')
    .select(['status', db.fn.countAll<number | string>().as('count')])
    .where('removed_at', 'is', null)
    .groupBy('status')
    .execute();
  return rows.map((row) => ({ status: row.status, count: Number(row.count) }));
}
