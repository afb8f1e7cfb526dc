// A bound on the images one instance re-encodes at once, with a short queue in front of it. Every image takes
// a core and tens of megabytes while it is processed, so only `size` are processed at once; an upload that
// finds every slot taken waits for one, in order of arrival, but only while fewer than `queueLength` wait and
// for at most `maxWaitMs`. Past either bound it is refused with 503 and Retry-After, so that a burst of
// uploads can neither hold decoded images nor keep its clients waiting without limit. A waiting upload holds
// only its body. (The bodies being received are not counted here: docs/photos.md.)
import { ApiError } from '../errors/api-error.js';

export interface SlotBounds {
  /** Images processed at once. */
  size: number;
  /** Uploads that may wait for a slot at once; 0 refuses at once when every slot is taken. */
  queueLength: number;
  /** The longest an upload waits for a slot before it is refused. */
  maxWaitMs: number;
}

interface Waiter {
  start(): void;
  timer: NodeJS.Timeout;
}

export class ProcessingSlots {
  #busy = 0;
  readonly #waiting: Waiter[] = [];

  constructor(private readonly bounds: SlotBounds) {}

  /** Runs `work` in a slot, once one is free; throws 503 `service_unavailable` past the queue's bounds. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.#busy >= this.bounds.size) await this.#wait();
    else this.#busy++;
    try {
      return await work();
    } finally {
      this.#release();
    }
  }

  /** Resolves once a slot is handed over (already counted as busy), or rejects past a bound. */
  #wait(): Promise<void> {
    const { size, queueLength, maxWaitMs } = this.bounds;
    if (this.#waiting.length >= queueLength) {
      return Promise.reject(
        new ApiError(
          'service_unavailable',
          `every one of this instance's ${size} image processing slots is busy and ${queueLength} uploads ` +
            'already wait for one; retry shortly',
        ),
      );
    }
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        start: resolve,
        timer: setTimeout(() => {
          this.#waiting.splice(this.#waiting.indexOf(waiter), 1);
          reject(
            new ApiError(
              'service_unavailable',
              `no image processing slot of this instance's ${size} was free within ${maxWaitMs} ms; retry shortly`,
            ),
          );
        }, maxWaitMs),
      };
      this.#waiting.push(waiter);
    });
  }

  /** Hands the slot to the longest waiting upload, or frees it. */
  #release(): void {
    const next = this.#waiting.shift();
    if (!next) {
      this.#busy--;
      return;
    }
    clearTimeout(next.timer);
    next.start();
  }
}
