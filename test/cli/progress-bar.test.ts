// The bulk commands' progress on a terminal: a note (a wait for a rate limit) stays on the bar while the rows
// still in flight are answered during the wait, and leaves it with the first update after the wait.
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { test } from 'node:test';
import { progressBar } from '../../src/cli/bulk/progress-bar.js';

const escapeCharacter = String.fromCharCode(27);

/** Runs `work` with stderr taken for a terminal, and returns the last line the bar drew. */
async function drawnOnTerminal(work: () => Promise<void>): Promise<string> {
  const stderr = process.stderr as NodeJS.WriteStream & { isTTY: boolean };
  const { isTTY, write } = stderr;
  let written = '';
  stderr.isTTY = true;
  stderr.write = ((chunk: string | Uint8Array) => {
    written += chunk.toString();
    return true;
  }) as typeof stderr.write;
  try {
    await work();
  } finally {
    stderr.isTTY = isTTY;
    stderr.write = write;
  }
  // Each redraw moves the cursor back and clears the line: frames lie between the escape sequences.
  const frames = written
    .split(new RegExp(`${escapeCharacter}(?:\\[[0-9;?]*[A-Za-z]|[78])|\r|\n`))
    .filter((frame) => frame.trim() !== '');
  return frames.at(-1) ?? '';
}

/** Longer than a frame of the bar (10 a second). */
const aFrame = () => sleep(250);
const format = '{value} bytes | {created} created';

test('the bar starts with the starting counts, not with its tokens', async () => {
  const drawn = await drawnOnTerminal(async () => {
    const bar = progressBar(format, 100, false, { created: 0 });
    await aFrame();
    bar.stop();
  });
  assert.match(drawn, /0 bytes \| 0 created\s*$/);
});

test('a note stays on the bar while rows are answered during its wait', async () => {
  const drawn = await drawnOnTerminal(async () => {
    const bar = progressBar(format, 100, false, { created: 0 });
    bar.note('rate limited: waiting 5 s', 5_000);
    bar.update(10, { created: 3 });
    await aFrame();
    bar.stop();
  });
  assert.match(drawn, /10 bytes \| 3 created \| rate limited: waiting 5 s\s*$/);
});

test('a note goes with the first update after its wait', async () => {
  const drawn = await drawnOnTerminal(async () => {
    const bar = progressBar(format, 100, false, { created: 0 });
    bar.note('rate limited: waiting 0.1 s', 100);
    await sleep(150);
    bar.update(20, { created: 5 });
    await aFrame();
    bar.stop();
  });
  assert.match(drawn, /20 bytes \| 5 created\s*$/);
});
