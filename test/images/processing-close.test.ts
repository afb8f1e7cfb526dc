// Closing the photo processing pool waits for its children to exit, even in a process with nothing else to
// do: an idle child is unreferenced, and a close that waited on it unreferenced would leave the process to
// end with the close never settled (a script's last `await` unfinished, exit code 13).
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { test } from 'node:test';

const script = `
import { createPhotoProcessing } from './src/images/processing-pool.ts';
import { makeImage } from './test/helpers/images.ts';
const pool = createPhotoProcessing({ size: 1, queueLength: 1, maxWaitMs: 10000 });
await pool.process(await makeImage('png'), 'image/png', 40_000_000);
await pool.close();
console.log('closed');
`;

test('a process whose last work is closing the pool ends once its children have exited', async () => {
  const { code, stdout } = await new Promise<{ code: number; stdout: string }>((resolve) =>
    execFile(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '--eval', script],
      { env: process.env },
      (error, out) => resolve({ code: error ? Number(error.code) : 0, stdout: out }),
    ),
  );
  assert.equal(code, 0);
  assert.equal(stdout.trim(), 'closed');
});
