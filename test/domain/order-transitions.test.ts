// Pins the order transition table against a literal copy: a change to it changes the interface, so it must be
// deliberate. The HTTP suites derive their expectations from the table itself.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { actionsAllowedFrom, decideStep, orderTransitions } from '../../src/domain/order.js';

test('the transition table is the one documented', () => {
  assert.deepEqual(orderTransitions, {
    place: { action: 'place', from: [], petFrom: 'available', to: 'placed', petTo: 'pending' },
    approve: { action: 'approve', from: ['placed'], to: 'approved', petTo: 'pending' },
    complete: { action: 'complete', from: ['approved'], to: 'completed', petTo: 'sold' },
    cancel: { action: 'cancel', from: ['placed', 'approved'], to: 'cancelled', petTo: 'available' },
  });
});

test('what each action does from each status', () => {
  const table = Object.fromEntries(
    (['placed', 'approved', 'completed', 'cancelled'] as const).map((status) => [
      status,
      [decideStep('approve', status), decideStep('complete', status), decideStep('cancel', status)],
    ]),
  );
  assert.deepEqual(table, {
    placed: ['apply', 'conflict', 'apply'],
    approved: ['unchanged', 'apply', 'apply'],
    completed: ['conflict', 'unchanged', 'conflict'],
    cancelled: ['conflict', 'conflict', 'unchanged'],
  });
  assert.deepEqual(actionsAllowedFrom('approved'), ['complete', 'cancel']);
  assert.deepEqual(actionsAllowedFrom('completed'), []);
});
