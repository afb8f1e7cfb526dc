// A bound on the images one process re-encodes at once. sharp runs each on libuv's thread pool, off the event
// loop, but every one takes a core and tens of megabytes while it runs: past the bound an upload is refused
// with 503 and Retry-After at once, never queued, so that a burst of uploads cannot hold decoded images or
// delay every other request without limit. (The bodies being received are not counted here: docs/photos.md.)
import { ApiError } from '../errors/api-error.js';

export class ProcessingSlots {
  #busy = 0;

  constructor(private readonly size: number) {}

  /** Runs `work` in a free slot; throws 503 `service_unavailable` when every slot is taken. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.#busy >= this.size) {
      throw new ApiError(
        'service_unavailable',
        `every one of this instance's ${this.size} image processing slots is busy; retry shortly`,
      );
    }
    this.#busy++;
    try {
      return await work();
    } finally {
      this.#busy--;
    }
  }
}
