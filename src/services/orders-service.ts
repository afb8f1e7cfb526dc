// Use cases on adoption orders: place, list, get, the approve/complete/cancel actions of the transition
// table, and the inventory. Each action is one transaction in one function here: order and pet change together.
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
import { defaultPageSize, petStatuses, type PetStatus } from '../domain/pet.js';
import { ApiError } from '../errors/api-error.js';
import { appendEvents } from '../store/repositories/events-repository.js';
import { findPetById } from '../store/repositories/pets-repository.js';
import {
  countPetsByStatus,
  findOrderById,
  insertOrder,
  listOrdersAfter,
  oneOpenOrderPerPetIndex,
  updateOrderStatus,
  movePet,
  movePetFrom,
} from '../store/repositories/orders-repository.js';
import { readSetting } from '../store/repositories/settings-repository.js';
import type { Database, OrderRow, PetRow } from '../store/schema.js';
import { eachInSavepoint } from '../store/savepoint.js';
import type { Store } from '../store/store.js';
import type { DataVersion, VersionView } from './data-version.js';
import type { Idempotency, IdempotencyScope, IdempotentOutcome } from './idempotency.js';
import { toPet } from './pets-service.js';
import { groupCommit } from './group-commit.js';
import { ReadCache } from './read-cache.js';
import { readKeysetPage } from './keyset-page.js';

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
  /** `version` is the request's view of the versions (DataVersion.view), if it has one. */
  inventory(version?: VersionView): Promise<Inventory>;
}

const toOrder = (row: OrderRow): Order => ({
  id: row.id,
  petId: row.pet_id,
  status: row.status,
  ...(row.note === null ? {} : { note: row.note }),
  createdAt: new Date(Number(row.created_at)).toISOString(),
  updatedAt: new Date(Number(row.updated_at)).toISOString(),
});

/** The most placements one transaction holds, as for creations (pets-service.ts). */
const placementsPerCommit = 64;

/** The key whose orders a caller may reach: its own, or undefined for all. */
const ownerFilter = ({ apiKeyId, managesAll }: OrderCaller) => (managesAll ? undefined : apiKeyId);

export async function createOrdersService(
  store: Store,
  idempotency: Idempotency,
  version: DataVersion,
  clock: () => number = Date.now,
): Promise<OrdersService> {
  const cursors = new CursorCodec(await readSetting(store.db, 'cursor_secret'), 'status|petId', 'orders');
  const inventoryCache = new ReadCache<Inventory>(version, 'data', 1);

  /**
   * The place transaction: the pet goes available → pending and the order is inserted, or neither. `trx`
   * has called `store.serializeAppends` first (idempotency.run does it for the idempotent path).
   */
  async function placeIn(trx: Transaction<Database>, caller: OrderCaller, { petId, note }: NewOrder) {
    const { petFrom, petTo, to } = orderTransitions.place;
    // The conditional update decides concurrent placements: only one finds the pet still available.
    const pet = await movePetFrom(trx, petId, petFrom, petTo);
    if (!pet) {
      const current = await findPetById(trx, petId);
      if (!current) throw new ApiError('pet_not_found', petId);
      throw new ApiError('pet_not_available', petId, current.status);
    }
    const now = clock();
    let order: Order;
    try {
      order = toOrder(
        await insertOrder(trx, {
          pet_id: petId,
          api_key_id: caller.apiKeyId,
          status: to,
          note: note ?? null,
          created_at: now,
          updated_at: now,
        }),
      );
    } catch (error) {
      // Unreachable while pets and orders agree; the index holds the rule even if they ever do not.
      if (store.isUniqueViolation(error, oneOpenOrderPerPetIndex)) {
        throw new ApiError('pet_not_available', petId, petTo);
      }
      throw error;
    }
    await recordEvents(trx, order, pet, now);
    return order;
  }

  /** The order's event, and the pet's when the action moved it: in the action's own transaction. */
  async function recordEvents(
    trx: Transaction<Database>,
    order: Order,
    movedPet: PetRow | undefined,
    now: number,
  ) {
    const orderEvent = { type: `order.${order.status}` as const, data: order, createdAt: now };
    await appendEvents(
      trx,
      movedPet
        ? [orderEvent, { type: 'pet.status_changed', data: toPet(movedPet), createdAt: now }]
        : [orderEvent],
    );
  }

  // Placements without an Idempotency-Key share transactions (group-commit.ts). Each runs in a savepoint, so
  // that one refused (the pet is not available) is undone alone and answered with its error, while the
  // others of its transaction commit.
  const placeTogether = groupCommit(
    (placements: Array<{ caller: OrderCaller; newOrder: NewOrder }>) =>
      version.write('data', () =>
        store.db.transaction().execute(async (trx) => {
          // First in the transaction: order and event ids then commit in order.
          await store.serializeAppends(trx);
          return eachInSavepoint(
            trx,
            placements,
            ({ caller, newOrder }) => placeIn(trx, caller, newOrder),
            (error) => error instanceof ApiError,
          );
        }),
      ),
    placementsPerCommit,
  );

  return {
    async place(caller, newOrder) {
      const ending = await placeTogether({ caller, newOrder });
      if ('error' in ending) throw ending.error;
      return ending.value;
    },

    placeIdempotently(caller, newOrder, scope) {
      const fingerprint = requestFingerprint('placeOrder', [newOrder.petId, newOrder.note]);
      // A replay is announced too: it may acknowledge a placement whose first answer was a 503.
      return version.write('data', () =>
        idempotency.run(scope, fingerprint, async (trx) => ({
          status: 201,
          body: await placeIn(trx, caller, newOrder),
        })),
      );
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

    act: (caller, id, action) =>
      version.write('data', () =>
        store.db.transaction().execute(async (trx) => {
          // First: the action appends events, whose ids must commit in order.
          await store.serializeAppends(trx);
          const { from, to, petTo } = orderTransitions[action];
          const owner = ownerFilter(caller);
          const now = clock();
          // The conditional update decides concurrent actions on one order: only one moves it out of `from`.
          const updated = await updateOrderStatus(trx, { id, ownerKeyId: owner, from, to, now });
          if (updated) {
            const order = toOrder(updated);
            await recordEvents(trx, order, await movePet(trx, updated.pet_id, petTo), now);
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
        }),
      ),

    inventory: (version) =>
      inventoryCache.get(
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
