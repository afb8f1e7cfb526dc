// The entry of a child process that processes photos (processing-pool.ts starts it): each message is one
// upload, answered with its sizes or with the refusal the catalogue names. The child runs at a lower OS
// priority than the service, so that decoding and encoding take only the CPU that requests leave over.
import { readdirSync } from 'node:fs';
import { setPriority } from 'node:os';
import { ApiError } from '../errors/api-error.js';
import { processPhoto } from './process-photo.js';
import type { ChildAnswer, ChildJob } from './processing-protocol.js';

// Started without an IPC channel, it has nothing to do.
if (!process.send) process.exit(1);

// Lowered here, once loaded (at the service's priority, so that a first upload does not wait long for it),
// before the first image. On Linux a priority is each thread's, and a thread takes its creator's: every
// thread running now is lowered (libuv's pool among them), so that the libvips threads they start later are
// lower too. Elsewhere the process's priority covers its threads. Where it is not supported, it runs as is.
function lowerPriority(priority: number) {
  let threads: string[] = [];
  try {
    threads = readdirSync('/proc/self/task');
  } catch {
    // Not Linux.
  }
  for (const id of [0, ...threads.map(Number)]) {
    try {
      setPriority(id, priority);
    } catch {
      // Not supported here, or the thread has ended.
    }
  }
}
lowerPriority(Number(process.argv[2]));

const answer = (message: ChildAnswer) => process.send!(message);

// Started with --expose-gc (processing-pool.ts): an image's buffers, tens of megabytes, go once it is answered.
const collect = (globalThis as { gc?: () => void }).gc ?? (() => {});

process.on('message', ({ id, bytes, declared, maxPixels }: ChildJob) => {
  // The advanced serialization gives a Uint8Array; sharp and the digests take it as a Buffer without a copy.
  const body = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  processPhoto(body, declared, maxPixels)
    .then(
      (processed) => answer({ id, processed }),
      (error: unknown) =>
        answer(
          error instanceof ApiError
            ? { id, refusal: { code: error.code, message: error.message } }
            : { id, failure: error instanceof Error ? error.message : String(error) },
        ),
    )
    .finally(() => setImmediate(collect));
});
// The service closing its end (or exiting) ends the child.
process.on('disconnect', () => process.exit(0));
