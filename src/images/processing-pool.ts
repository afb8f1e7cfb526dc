// Photo processing out of the service's process: a small pool of child processes (processing-child.ts), one
// image at a time each, behind the slots' bounded queue (processing-slots.ts). libvips decodes and encodes on
// threads of its own, which in the service's process would take the same cores as request handling at the
// same priority (worker threads would too: they are threads of the same process). In children at a lower OS
// priority, the scheduler gives requests the CPU first and the images what is left. A child is started at the
// first upload that needs it and kept; one that dies (killed, out of memory) fails only the upload it held,
// with 503, and the next upload starts another.
import { fork, type ChildProcess } from 'node:child_process';
import { constants } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { UploadType } from '../domain/photo.js';
import { ApiError } from '../errors/api-error.js';
import type { ProcessedPhoto } from './process-photo.js';
import type { ChildAnswer, ChildJob } from './processing-protocol.js';
import { ProcessingSlots, type SlotBounds } from './processing-slots.js';

export interface PhotoProcessing {
  /** `processPhoto` (process-photo.ts) in a child, within the slots' bounds; 503 past them. */
  process(bytes: Buffer, declared: UploadType, maxPixels: number): Promise<ProcessedPhoto>;
  /** Stops every child; an upload still in one gets 503. */
  close(): Promise<void>;
}

/**
 * Below normal (nice 10 on Linux and macOS): the event loop, at normal priority, then gets about nine tenths
 * of a core both want (docs/benchmarks.md), while an otherwise idle machine still gives the images all of its
 * cores.
 */
const childPriority = constants.priority.PRIORITY_BELOW_NORMAL;

// The same module name beside this one: processing-child.ts under tsx (the tests, the benchmarks' source
// runs), processing-child.js in dist/.
const here = fileURLToPath(import.meta.url);
const childEntry = here.replace(/processing-pool\.(\w+)$/, 'processing-child.$1');
// The child takes none of the service's own flags (an --inspect port would clash); TypeScript needs tsx. It
// collects its garbage after each image (processing-child.ts) and keeps a small young generation: the
// buffers of an image it has answered are then not kept in its resident memory until the next one.
const childExecArgv = [
  '--expose-gc',
  '--max-semi-space-size=1',
  ...(here.endsWith('.ts') ? ['--import', import.meta.resolve('tsx')] : []),
];
/**
 * glibc's allocator otherwise keeps what libvips frees in an arena per thread (docs/deployment.md); a child
 * runs one image at a time, so two arenas serve it. Set in the service's own environment, that value holds.
 */
const childEnv = () => ({ MALLOC_ARENA_MAX: '2', ...process.env });

interface Child {
  process: ChildProcess;
  job?: { id: number; settle(answer: ChildAnswer | ApiError): void };
}

export function createPhotoProcessing(bounds: SlotBounds): PhotoProcessing {
  const slots = new ProcessingSlots(bounds);
  const idle: Child[] = [];
  const live = new Set<Child>();
  let nextId = 0;
  let closing = false;

  function start(): Child {
    const child: Child = {
      process: fork(childEntry, [String(childPriority)], {
        execArgv: childExecArgv,
        env: childEnv(),
        serialization: 'advanced',
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      }),
    };
    live.add(child);
    child.process.on('message', (answer: ChildAnswer) => child.job?.settle(answer));
    // 'error' (it could not start) is followed by 'close' where it had started; either ends it here.
    const gone = () => {
      if (!live.delete(child)) return;
      const at = idle.indexOf(child);
      if (at >= 0) idle.splice(at, 1);
      child.job?.settle(
        new ApiError(
          'service_unavailable',
          closing
            ? 'the instance is shutting down'
            : 'the process that re-encodes images stopped while it held this upload; retry shortly',
        ),
      );
    };
    child.process.on('error', gone);
    child.process.on('exit', gone);
    return child;
  }

  /** A child's handles keep the service's process alive only while it holds an upload. */
  function hold(child: Child, busy: boolean) {
    if (busy) {
      child.process.ref();
      child.process.channel?.ref();
    } else {
      child.process.unref();
      child.process.channel?.unref();
    }
  }

  function inChild(bytes: Buffer, declared: UploadType, maxPixels: number): Promise<ProcessedPhoto> {
    if (closing) return Promise.reject(new ApiError('service_unavailable', 'the instance is shutting down'));
    const child = idle.pop() ?? start();
    const id = nextId++;
    hold(child, true);
    return new Promise((resolve, reject) => {
      child.job = {
        id,
        settle(answer) {
          if (!(answer instanceof ApiError) && answer.id !== id) return;
          child.job = undefined;
          if (live.has(child)) {
            hold(child, false);
            idle.push(child);
          }
          if (answer instanceof ApiError) reject(answer);
          else if ('processed' in answer) resolve(answer.processed);
          else if ('refusal' in answer) reject(refusal(answer.refusal));
          else reject(new Error(`processing the image failed: ${answer.failure}`));
        },
      };
      const job: ChildJob = { id, bytes, declared, maxPixels };
      child.process.send(job);
    });
  }

  return {
    process: (bytes, declared, maxPixels) => slots.run(() => inChild(bytes, declared, maxPixels)),

    async close() {
      closing = true;
      await Promise.all(
        [...live].map(
          (child) =>
            new Promise<void>((resolve) => {
              if (child.process.exitCode !== null || child.process.signalCode !== null) return resolve();
              child.process.once('exit', () => resolve());
              // An idle child is unreferenced: referenced again, its exit keeps the process up until it comes,
              // or a process with nothing else to do would end with this close still waiting.
              hold(child, true);
              child.process.kill();
            }),
        ),
      );
    },
  };
}

/** The child's refusal as the catalogue's error, with the message the child wrote from its details. */
function refusal({ code, message }: { code: ApiError['code']; message: string }): ApiError {
  const error = new ApiError(code);
  error.message = message;
  return error;
}
