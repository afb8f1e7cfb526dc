// The bound on images decoded and encoded at once: never more than its cores run, the others wait in the
// order they came, and a failure passes the turn on as a success does.
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { test } from 'node:test';
import { CoreTurns } from '../../src/images/core-turns.js';

test('at most `cores` run at once; the others run in the order they asked, none is dropped', async () => {
  const turns = new CoreTurns(2);
  let running = 0;
  let most = 0;
  const started: number[] = [];
  const work = (i: number) => async () => {
    started.push(i);
    most = Math.max(most, ++running);
    await sleep(5);
    running--;
    if (i === 3) throw new Error('a refused image');
    return i;
  };
  const outcomes = await Promise.allSettled(Array.from({ length: 7 }, (_, i) => turns.run(work(i))));
  assert.equal(most, 2);
  assert.deepEqual(started, [0, 1, 2, 3, 4, 5, 6]);
  assert.deepEqual(
    outcomes.map((o) => (o.status === 'fulfilled' ? o.value : 'refused')),
    [0, 1, 2, 'refused', 4, 5, 6],
  );
  // Every turn was given back, the failed one's too: two more run side by side.
  most = 0;
  const both = await Promise.all([turns.run(work(7)), turns.run(work(8))]);
  assert.deepEqual(both, [7, 8]);
  assert.equal(most, 2);
});
