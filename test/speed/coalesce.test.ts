// A version is advanced once for every write that finished before the advance started, never by one that
// started before a write finished (that one may have been read before the write was in).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { coalesce } from '../../src/speed/coalesce.js';

/** An action whose runs are counted and finished by hand. */
function manualAction() {
  const runs: Array<{ finish(): void; fail(error: Error): void }> = [];
  const action = () => new Promise<void>((resolve, reject) => runs.push({ finish: resolve, fail: reject }));
  return { runs, action };
}

test('callers during a run share the next run; none is served by a run that started before it asked', async () => {
  const { runs, action } = manualAction();
  const advance = coalesce(action);
  const order: string[] = [];
  const first = advance().then(() => order.push('first'));
  const alongside = advance().then(() => order.push('alongside'));
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(runs.length, 1, 'callers before a run starts share it');
  const second = advance().then(() => order.push('second'));
  const third = advance().then(() => order.push('third'));
  assert.equal(runs.length, 1, 'the later callers wait rather than start a run alongside');
  runs[0]!.finish();
  await Promise.all([first, alongside]);
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(
    order,
    ['first', 'alongside'],
    'the second and third wait for a run that starts after they asked',
  );
  assert.equal(runs.length, 2, 'one run for both');
  runs[1]!.finish();
  await Promise.all([second, third]);
  assert.deepEqual(order, ['first', 'alongside', 'second', 'third']);
});

test('a failed run fails the callers it served, and the next caller starts a new run', async () => {
  const { runs, action } = manualAction();
  const advance = coalesce(action);
  const first = advance();
  await new Promise((resolve) => setImmediate(resolve));
  const waiting = advance();
  runs[0]!.fail(new Error('unreachable'));
  await assert.rejects(first, /unreachable/);
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(runs.length, 2, 'the waiting caller gets a run of its own');
  runs[1]!.finish();
  await waiting;
  const later = advance();
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(runs.length, 3);
  runs[2]!.finish();
  await later;
});
