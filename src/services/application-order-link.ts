// Applications and their orders move together, in one transaction: approving places and approves an order
// for the animal; declining or withdrawing an approved application cancels it; and an order completed or
// cancelled through the orders API moves its application (the table in src/domain/application.ts).
import type { Transaction } from 'kysely';
import {
  adoptedByAnotherReason,
  applicationTransitions,
  openApplicationStatuses,
  retainUntil,
  type RetentionDays,
} from '../domain/application.js';
import { orderTransitions } from '../domain/order.js';
import { ApiError } from '../errors/api-error.js';
import type { NewEvent } from '../store/repositories/events-repository.js';
import {
  findApplicationByOrder,
  updateApplication,
  updateApplicationsOfPet,
} from '../store/repositories/applications-repository.js';
import {
  insertOrders,
  movePet,
  movePetsFrom,
  updateOrderStatus,
} from '../store/repositories/orders-repository.js';
import { findPetById } from '../store/repositories/pets-repository.js';
import type { Database, OrderRow } from '../store/schema.js';
import { statusChanged } from './application-record.js';
import { eventsOf, toOrder, type OrderFollower } from './orders-service.js';
import type { PetPhotos } from './pet-photos.js';

type Trx = Transaction<Database>;

export interface OrderLink {
  /** Places an order for the animal and approves it, as the orders API would; refused unless it is available. */
  placeApproved(
    trx: Trx,
    petId: number,
    apiKeyId: string | null,
    now: number,
  ): Promise<{ orderId: number; events: NewEvent[] }>;
  /** Cancels the order (the animal is available again); no event when it was no longer open. */
  cancel(trx: Trx, orderId: number, now: number): Promise<NewEvent[]>;
  /** What an order's step through the orders API does to its application. */
  follow: OrderFollower;
}

export function createOrderLink(petPhotos: PetPhotos, days: RetentionDays): OrderLink {
  async function orderEvents(trx: Trx, order: OrderRow, movedPetId: number | undefined, now: number) {
    const pet = movedPetId === undefined ? undefined : await findPetById(trx, movedPetId);
    const photos = await petPhotos.of(trx, pet ? [pet.id] : []);
    return eventsOf(toOrder(order), pet, photos, now);
  }

  return {
    async placeApproved(trx, petId, apiKeyId, now) {
      const { petFrom, petTo, to } = orderTransitions.place;
      const [moved] = await movePetsFrom(trx, [petId], petFrom, petTo, now);
      if (!moved) {
        const current = await findPetById(trx, petId);
        throw current
          ? new ApiError('pet_not_available', petId, current.status)
          : new ApiError('pet_not_found', petId);
      }
      const [placed] = await insertOrders(trx, [
        { pet_id: petId, api_key_id: apiKeyId, status: to, note: null, created_at: now, updated_at: now },
      ]);
      const { from, to: approved } = orderTransitions.approve;
      const order = (await updateOrderStatus(trx, {
        id: placed!.id,
        ownerKeyId: undefined,
        from,
        to: approved,
        now,
      }))!;
      const events = [
        ...(await orderEvents(trx, placed!, petId, now)),
        ...(await orderEvents(trx, order, undefined, now)),
      ];
      return { orderId: order.id, events };
    },

    async cancel(trx, orderId, now) {
      const { from, to, petTo } = orderTransitions.cancel;
      const order = await updateOrderStatus(trx, { id: orderId, ownerKeyId: undefined, from, to, now });
      if (!order) return [];
      const moved = await movePet(trx, order.pet_id, petTo, now);
      return orderEvents(trx, order, moved?.id, now);
    },

    async follow(trx, order, now) {
      const linked = await findApplicationByOrder(trx, order.id);
      if (!linked) return [];
      if (order.status === 'completed') {
        const { from, to } = applicationTransitions.orderCompleted;
        const adopted = await updateApplication(trx, linked.id, from, {
          status: to,
          decided_at: now,
          updated_at: now,
          retain_until: retainUntil(to, now, days),
        });
        if (!adopted) return [];
        const declined = await updateApplicationsOfPet(trx, order.pet_id, openApplicationStatuses, {
          status: 'declined',
          decline_reason: adoptedByAnotherReason,
          decided_at: now,
          updated_at: now,
          retain_until: retainUntil('declined', now, days),
        });
        return [adopted, ...declined].map((row) => statusChanged(row, now));
      }
      if (order.status === 'cancelled') {
        const { from, to } = applicationTransitions.orderCancelled;
        const back = await updateApplication(trx, linked.id, from, {
          status: to,
          order_id: null,
          updated_at: now,
        });
        return back ? [statusChanged(back, now)] : [];
      }
      return [];
    },
  };
}
