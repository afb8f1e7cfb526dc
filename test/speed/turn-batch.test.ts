// The lookups of one turn share their loads, at most 500 keys each, and each caller gets its own key's value.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { turnBatch } from '../../src/speed/turn-batch.js';

test('one load per 500 keys of a turn; repeated keys asked once; the next turn loads again', async () => {
  const loads: number[][] = [];
  const lookUp = turnBatch(async (keys: number[]) => {
    loads.push(keys);
    return new Map(keys.filter((key) => key % 7 !== 0).map((key) => [key, `pet ${key}`]));
  });
  const keys = Array.from({ length: 1001 }, (_, i) => i + 1);
  const answers = await Promise.all([...keys, 3, 3].map(lookUp));
  assert.deepEqual(
    loads.map((batch) => batch.length),
    [500, 500, 1],
  );
  assert.deepEqual(
    answers,
    [...keys, 3, 3].map((key) => (key % 7 === 0 ? undefined : `pet ${key}`)),
  );

  assert.equal(await lookUp(5), 'pet 5');
  assert.equal(loads.length, 4, 'a lookup of a later turn is not answered from an earlier load');
});
