// The order races, over any way of sending a request (app.inject, or fetch to one of several processes), so
// that the in-process and the multi-process suites check exactly the same thing.
import assert from 'node:assert/strict';

/** The fields of the bodies the races read: a pet or an order, a list of them, or an Error. */
type Body = { id: number; status: string; code?: string; length?: number };

/** Sends request number `i` of a burst; returns its status and JSON body. */
export type Send = (
  i: number,
  method: 'GET' | 'POST',
  path: string,
  body?: object,
) => Promise<{ status: number; body: Body }>;

export const placeRacers = 50;

/** 50 concurrent places for one available pet: exactly one 201, 49 × 409 pet_not_available, pet pending. */
export async function racePlace(send: Send): Promise<void> {
  const pet = await send(0, 'POST', '/v1/pets', { name: 'Contested', categoryId: 1 });
  assert.equal(pet.status, 201);
  const results = await Promise.all(
    Array.from({ length: placeRacers }, (_, i) =>
      send(i, 'POST', '/v1/store/orders', { petId: pet.body.id }),
    ),
  );
  const statuses = results.map((r) => r.status);
  assert.equal(statuses.filter((s) => s === 201).length, 1, `statuses: ${statuses.join(',')}`);
  assert.equal(statuses.filter((s) => s === 409).length, placeRacers - 1, `statuses: ${statuses.join(',')}`);
  for (const r of results.filter((r) => r.status === 409)) assert.equal(r.body.code, 'pet_not_available');
  const orders = await send(1, 'GET', `/v1/store/orders?petId=${pet.body.id}`);
  assert.equal(orders.body.length, 1, 'one order for the pet');
  assert.equal((await send(1, 'GET', `/v1/pets/${pet.body.id}`)).body.status, 'pending');
}

/** complete and cancel together on an approved order: exactly one wins, and the pet matches the winner. */
export async function raceCompleteCancel(send: Send): Promise<void> {
  const pet = await send(0, 'POST', '/v1/pets', { name: 'Torn', categoryId: 1 });
  const order = await send(0, 'POST', '/v1/store/orders', { petId: pet.body.id });
  assert.equal((await send(0, 'POST', `/v1/store/orders/${order.body.id}/approve`)).status, 200);
  const [complete, cancel] = await Promise.all([
    send(0, 'POST', `/v1/store/orders/${order.body.id}/complete`),
    send(1, 'POST', `/v1/store/orders/${order.body.id}/cancel`),
  ]);
  const statuses = [complete.status, cancel.status].sort();
  assert.deepEqual(statuses, [200, 409], `complete ${complete.status}, cancel ${cancel.status}`);
  const loser = complete.status === 409 ? complete : cancel;
  assert.equal(loser.body.code, 'order_status_conflict');
  const final = (await send(1, 'GET', `/v1/store/orders/${order.body.id}`)).body.status;
  const petStatus = (await send(0, 'GET', `/v1/pets/${pet.body.id}`)).body.status;
  if (complete.status === 200) {
    assert.equal(final, 'completed');
    assert.equal(petStatus, 'sold');
  } else {
    assert.equal(final, 'cancelled');
    assert.equal(petStatus, 'available');
  }
}
