// Use cases on adoption orders: place, list, get, the approve/complete/cancel actions of the transition
// table, and the inventory. Order and pet change together, in one transaction, shared with the placements or
// actions that arrive at the same time (writes.ts).
import type { Transaction } from 'kysely';
import { CursorCodec } from '../domain/cursor.js';
import { requestFingerprint } from '../domain/idempotency.js';
import {
  actionsAllowedFrom,
  decideStep,
  orderTransitions,
  type NewOrder,
  type Order,
  type OrderCaller,
  type OrderStatus,
  type OrderStepAction,
} from '../domain/order.js';
import { defaultPageSize } from '../domain/page.js';
import { petStatuses, type PetStatus } from '../domain/pet.js';
import type { Photo } from '../domain/photo.js';
import { ApiError, isRefusal } from '../errors/api-error.js';
import type { NewEvent } from '../store/repositories/events-repository.js';
import { findPetById } from '../store/repositories/pets-repository.js';
import {
  countPetsByStatus,
  findOrderById,
  insertOrders,
  listOrdersAfter,
  oneOpenOrderPerPetIndex,
  updateOrderStatus,
  movePet,
  movePetsFrom,
} from '../store/repositories/orders-repository.js';
import { readSetting } from '../store/repositories/settings-repository.js';
import type { Database, OrderRow, PetRow } from '../store/schema.js';
import { eachAlone, eachInSavepoint, inSavepoint, type ItemEnding } from '../store/savepoint.js';
import type { Store } from '../store/store.js';
import type { Speed, VersionView } from '../speed/index.js';
import type { IdempotencyScope, IdempotentOutcome } from './idempotency.js';
import type { PetPhotos } from './pet-photos.js';
import { toPet } from './pet-record.js';
import { readKeysetPage } from './keyset-page.js';
import type { GroupContext, WriteContext, Writes } from './writes.js';

export interface OrderPage {
  orders: Order[];
  /** Cursor to the next page, when more orders followed at the time of the read. */
  nextCursor: string | undefined;
  /** On the last page: where a client tailing the listing resumes later (as for pets). */
  resumeCursor: string | undefined;
  /** The page size asked for, or the default one: the links keep it. */
  limit: number;
}

export interface ListOrdersInput {
  status?: OrderStatus;
  petId?: number;
  limit?: number;
  cursor?: string;
}

export type Inventory = Record<PetStatus, number>;

export interface OrdersService {
  place(caller: OrderCaller, newOrder: NewOrder): Promise<Order>;
  /** Places the order unless the Idempotency-Key already has an outcome, which is replayed instead. */
  placeIdempotently(
    caller: OrderCaller,
    newOrder: NewOrder,
    scope: IdempotencyScope,
  ): Promise<IdempotentOutcome<Order>>;
  get(caller: OrderCaller, id: number): Promise<Order>;
  list(caller: OrderCaller, input: ListOrdersInput): Promise<OrderPage>;
  /** Applies an action of the transition table; an order already in the action's target state is returned unchanged. */
  act(caller: OrderCaller, id: number, action: OrderStepAction): Promise<Order>;
  /** `version` is the request's view of the versions (Speed.view), if it has one. */
  inventory(version?: VersionView): Promise<Inventory>;
}

export const toOrder = (row: OrderRow): Order => ({
  id: row.id,
  petId: row.pet_id,
  status: row.status,
  ...(row.note === null ? {} : { note: row.note }),
  createdAt: new Date(Number(row.created_at)).toISOString(),
  updatedAt: new Date(Number(row.updated_at)).toISOString(),
});

/** The events of an order's step: the order's, and the pet's (with its photos) when the step moved it. */
export const eventsOf = (
  order: Order,
  movedPet: PetRow | undefined,
  photos: Map<number, Photo[]>,
  now: number,
): NewEvent[] => {
  const orderEvent: NewEvent = { type: `order.${order.status}`, data: order, createdAt: now };
  return movedPet
    ? [
        orderEvent,
        { type: 'pet.status_changed', data: toPet(movedPet, photos.get(movedPet.id) ?? []), createdAt: now },
      ]
    : [orderEvent];
};

/**
 * What else an order's step changes, in its transaction: the application that placed it follows it
 * (application-order-link.ts). Returns the events of those changes.
 */
export type OrderFollower = (trx: Transaction<Database>, order: OrderRow, now: number) => Promise<NewEvent[]>;

/** The key whose orders a caller may reach: its own, or undefined for all. */
const ownerFilter = ({ apiKeyId, managesAll }: OrderCaller) => (managesAll ? undefined : apiKeyId);

export async function createOrdersService(
  store: Store,
  writes: Writes,
  speed: Speed,
  petPhotos: PetPhotos,
  followOrder: OrderFollower = async () => [],
): Promise<OrdersService> {
  const cursors = new CursorCodec(await readSetting(store.db, 'cursor_secret'), 'status|petId', 'orders');
  const inventoryCache = speed.cache<Inventory>('data', 1);

  /** Why a pet could not be moved out of `available`: it does not exist, or it is in another status. */
  async function refusal(trx: Transaction<Database>, petId: number): Promise<ApiError> {
    const current = await findPetById(trx, petId);
    return current
      ? new ApiError('pet_not_available', petId, current.status)
      : new ApiError('pet_not_found', petId);
  }

  type Placement = { caller: OrderCaller; newOrder: NewOrder };
  type Action = { caller: OrderCaller; id: number; action: OrderStepAction };

  /**
   * A group's placements in a few statements: one conditional update of all their pets, then every order in
   * one insert and every event in one more. A refused placement changed nothing (no row of its was updated),
   * so it needs no savepoint of its own. A pet asked for twice goes to the first placement, as if each had
   * been placed in turn. The rows keep the placements' order, so ids still follow it.
   */
  async function placeAll(
    trx: Transaction<Database>,
    placements: Placement[],
    context: GroupContext<Placement>,
  ): Promise<ItemEnding<Order>[]> {
    const { petFrom, petTo, to } = orderTransitions.place;
    const now = await context.changeTime();
    const petIds = placements.map(({ newOrder }) => newOrder.petId);
    const movedPets = new Map(
      (await movePetsFrom(trx, [...new Set(petIds)], petFrom, petTo, now)).map((pet) => [pet.id, pet]),
    );
    const moved: Array<PetRow | ApiError> = [];
    for (const petId of petIds) {
      const pet = movedPets.get(petId);
      movedPets.delete(petId);
      moved.push(pet ?? (await refusal(trx, petId)));
    }
    const placed = placements.flatMap((placement, i) => {
      const pet = moved[i]!;
      return pet instanceof ApiError ? [] : [{ ...placement, placement, pet }];
    });
    const orders =
      placed.length === 0
        ? []
        : (
            await insertOrders(
              trx,
              placed.map(({ caller, newOrder }) => ({
                pet_id: newOrder.petId,
                api_key_id: caller.apiKeyId,
                status: to,
                note: newOrder.note ?? null,
                created_at: now,
                updated_at: now,
              })),
            )
          ).map(toOrder);
    if (orders.length > 0) {
      // One query for the photos of every pet the group moved, whatever its size.
      const photos = await petPhotos.of(
        trx,
        placed.map(({ pet }) => pet.id),
      );
      orders.forEach((order, i) =>
        context.for(placed[i]!.placement).emit(...eventsOf(order, placed[i]!.pet, photos, now)),
      );
    }
    let next = 0;
    return moved.map((pet) => (pet instanceof ApiError ? { error: pet } : { value: orders[next++]! }));
  }

  /**
   * Every placement, keyed or not: a group's in the few statements of placeAll. Should the orders' insert
   * break the one-open-order index (unreachable while pets and orders agree), the group is undone and placed
   * again one by one, each in a savepoint, so that only the placement at fault is refused.
   */
  async function place(
    trx: Transaction<Database>,
    placements: Placement[],
    context: GroupContext<Placement>,
  ): Promise<ItemEnding<Order>[]> {
    try {
      return await inSavepoint(trx, () => placeAll(trx, placements, context));
    } catch (error) {
      if (!store.isUniqueViolation(error, oneOpenOrderPerPetIndex)) throw error;
      return eachInSavepoint(trx, placements, (placement) => placeAlone(trx, placement, context), isRefusal);
    }
  }

  /** One placement, its breach of the one-open-order index refused as the pet not being available. */
  async function placeAlone(
    trx: Transaction<Database>,
    placement: Placement,
    context: GroupContext<Placement>,
  ): Promise<Order> {
    let ending: ItemEnding<Order>;
    try {
      [ending] = (await placeAll(trx, [placement], context)) as [ItemEnding<Order>];
    } catch (error) {
      if (!store.isUniqueViolation(error, oneOpenOrderPerPetIndex)) throw error;
      throw new ApiError('pet_not_available', placement.newOrder.petId, orderTransitions.place.petTo);
    }
    if ('error' in ending) throw ending.error;
    return ending.value;
  }

  // Placements share transactions, keyed or not: one refused (the pet is not available) is answered with its
  // error, while the others of its transaction commit.
  const placements = writes.grouped('data', place, 201);

  /** One action of the transition table on one order, inside its group's transaction. */
  async function actIn(
    trx: Transaction<Database>,
    { caller, id, action }: Action,
    context: WriteContext,
  ): Promise<Order> {
    const { from, to, petTo } = orderTransitions[action];
    const owner = ownerFilter(caller);
    const now = await context.changeTime();
    // The conditional update decides concurrent actions on one order: only one moves it out of `from`.
    const updated = await updateOrderStatus(trx, { id, ownerKeyId: owner, from, to, now });
    if (updated) {
      const order = toOrder(updated);
      const movedPet = await movePet(trx, updated.pet_id, petTo, now);
      const photos = await petPhotos.of(trx, movedPet ? [movedPet.id] : []);
      context.emit(...eventsOf(order, movedPet, photos, now), ...(await followOrder(trx, updated, now)));
      return order;
    }
    const current = await findOrderById(trx, id, owner);
    if (!current) throw new ApiError('order_not_found', id);
    if (decideStep(action, current.status) === 'unchanged') return toOrder(current);
    const allowed = actionsAllowedFrom(current.status);
    throw new ApiError(
      'order_status_conflict',
      action,
      id,
      current.status,
      allowed.length > 0 ? allowed.join(', ') : 'none',
    );
  }

  // Actions share transactions too. A refused one wrote nothing (its conditional update matched no row, and
  // it throws before any other write), so it needs no savepoint: it is answered with its error while the
  // others of its transaction commit. Any other error fails the whole group, as it would have failed each
  // action alone.
  const actions = writes.grouped(
    'data',
    (trx, group: Action[], context) =>
      eachAlone(group, (item) => actIn(trx, item, context.for(item)), isRefusal),
    200,
  );

  return {
    place: (caller, newOrder) => placements.run({ caller, newOrder }),

    placeIdempotently(caller, newOrder, scope) {
      const fingerprint = requestFingerprint('placeOrder', [newOrder.petId, newOrder.note]);
      return placements.runIdempotently({ caller, newOrder }, scope, fingerprint);
    },

    async get(caller, id) {
      const row = await findOrderById(store.db, id, ownerFilter(caller));
      if (!row) throw new ApiError('order_not_found', id);
      return toOrder(row);
    },

    async list(caller, { status, petId, limit = defaultPageSize, cursor }) {
      const { items, nextCursor, resumeCursor } = await readKeysetPage(
        cursors,
        { filter: `${status ?? ''}|${petId ?? ''}`, limit, cursor },
        (afterId, rows) =>
          listOrdersAfter(store.db, { status, petId, ownerKeyId: ownerFilter(caller), afterId, limit: rows }),
        toOrder,
      );
      return { orders: items, nextCursor, resumeCursor, limit };
    },

    act: (caller, id, action) => actions.run({ caller, id, action }),

    inventory: (version) =>
      inventoryCache.read(
        'inventory',
        async () => {
          const counts = Object.fromEntries(petStatuses.map((s) => [s, 0])) as Inventory;
          for (const { status, count } of await countPetsByStatus(store.db)) counts[status] = count;
          return counts;
        },
        version,
      ),
  };
}
