// The orders deployment's data: a few thousand orders of every status for the listing and the event feed,
// then a pool of placed orders that approve-order approves one per request, then a pool of available pets
// that place-order orders one per request. Each pool holds enough for a whole run at the rate assumed below.
// update-pet renames the pets of both pools, one per request: a rename leaves their orders and statuses alone.
import { orderTransitions, type OrderStatus } from '../../src/domain/order.js';
import type { PetStatus } from '../../src/domain/pet.js';
import { IdSequence } from './load/id-sequence.js';

export interface RunLength {
  rounds: number;
  seconds: number;
  warmupSeconds: number;
}

/**
 * Above the write rates measured so far, with a margin on top: a run that still outruns its pool stops with
 * an error rather than measuring 404s or 409s. `approve-order` ran at 4,027 req/s in a run of 23 November on
 * a fast 2-core machine, one transaction each; since placements and actions commit in groups, `place-order`
 * ran at 9,071 and `approve-order` at 7,935 on 24 November.
 */
const assumedRequestsPerSecond = { approve: 12_000, place: 12_000 };
const margin = 1.5;

/** Ids a row that uses one up per request needs for a whole run: warm-up, measurement and two probes a round. */
const idsForRun = ({ rounds, seconds, warmupSeconds }: RunLength, perSecond: number): number =>
  Math.ceil(perSecond * (seconds + warmupSeconds) * rounds * margin) + 2 * rounds;

/** Orders of every status ahead of the pools, so that the first page of a listing is the same every round. */
const listedOrders = 5_000;

export interface OrderLayout {
  /** Every pet; order `id` (up to `orders`) is on pet `id`. */
  pets: number;
  orders: number;
  /** Placed orders that approve-order approves, by order id. */
  toApprove: { first: number; last: number };
  /** Available pets, with no order, that place-order orders, by pet id. */
  toPlace: { first: number; last: number };
}

export function orderLayout(run: RunLength): OrderLayout {
  const toApprove = {
    first: listedOrders + 1,
    last: listedOrders + idsForRun(run, assumedRequestsPerSecond.approve),
  };
  const toPlace = {
    first: toApprove.last + 1,
    last: toApprove.last + idsForRun(run, assumedRequestsPerSecond.place),
  };
  return { pets: toPlace.last, orders: toApprove.last, toApprove, toPlace };
}

/** Of every 10 listed orders: 5 placed, 2 approved, 2 completed, 1 cancelled; every pooled order is placed. */
export function orderStatusOf(id: number): OrderStatus {
  if (id > listedOrders) return 'placed';
  const slot = id % 10;
  return slot < 5 ? 'placed' : slot < 7 ? 'approved' : slot < 9 ? 'completed' : 'cancelled';
}

/** A pet's status as its order left it (the transition table's), available when it has none. */
export const petStatusIn =
  (layout: OrderLayout) =>
  (id: number): PetStatus => {
    if (id > layout.orders) return 'available';
    const status = orderStatusOf(id);
    return Object.values(orderTransitions).find((t) => t.to === status)!.petTo;
  };

/** Each run of approve-order goes on with the next placed order of the pool. */
export const ordersToApprove = ({ toApprove }: OrderLayout) =>
  new IdSequence(toApprove.first, toApprove.last);

/** Each run of place-order goes on with the next available pet of the pool. */
export const petsToPlace = ({ toPlace }: OrderLayout) => new IdSequence(toPlace.first, toPlace.last);

/**
 * Each run of update-pet goes on with the next pet of both pools, twice the ids of one: a pet renamed again
 * to the same name would be a patch that changes nothing, answered without a write.
 */
export const petsToRename = ({ toApprove, toPlace }: OrderLayout) =>
  new IdSequence(toApprove.first, toPlace.last);
