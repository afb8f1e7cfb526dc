// A bound on the images decoded and encoded at once: one per core. sharp gives each image one libvips thread
// (its default with glibc's malloc) on one thread of libuv's pool (4 by default), so on a machine with fewer
// cores than that, more images at once only share the cores while each holds its decoded pixels and its
// encoder's buffers, and keep the pool's threads from the file system. The uploads admitted past it
// (processing-slots.ts bounds them) wait in order, holding only their body.
import { availableParallelism } from 'node:os';

export class CoreTurns {
  #running = 0;
  readonly #waiting: (() => void)[] = [];

  constructor(private readonly cores: number = availableParallelism()) {}

  /** Runs `work` once fewer than `cores` others run, in the order asked. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.#running >= this.cores) await new Promise<void>((resolve) => this.#waiting.push(resolve));
    else this.#running++;
    try {
      return await work();
    } finally {
      // The turn passes straight to the next in line, so the count stays as it is.
      const next = this.#waiting.shift();
      if (next) next();
      else this.#running--;
    }
  }
}
