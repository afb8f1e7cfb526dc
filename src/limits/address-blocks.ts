// Addresses that exhausted their anonymous budget, remembered by this process until their window resets,
// so that their next requests are refused without a count, and with no lookup unless they carry a key that
// passes its checksum: a valid key goes through on its own quota (src/http/auth.ts).
// Bounded: past `capacity` entries the expired ones go, then the oldest.
import type { WindowState } from './decision.js';

interface Block {
  until: number;
  windows: Array<WindowState & { resetAt: number }>;
}

export class AddressBlocks {
  readonly #blocks = new Map<string, Block>();

  constructor(private readonly capacity = 100_000) {}

  get size(): number {
    return this.#blocks.size;
  }

  add(address: string, windows: readonly WindowState[], now: number): void {
    if (this.#blocks.size >= this.capacity) this.#evict(now);
    const until = now + Math.max(...windows.filter((w) => w.exhausted).map((w) => w.resetMs));
    this.#blocks.set(address, { until, windows: windows.map((w) => ({ ...w, resetAt: now + w.resetMs })) });
  }

  /** The windows of a blocked address as of `now`; undefined when it is not blocked. */
  get(address: string, now: number): WindowState[] | undefined {
    const block = this.#blocks.get(address);
    if (!block) return undefined;
    if (block.until <= now) {
      this.#blocks.delete(address);
      return undefined;
    }
    return block.windows.map(({ resetAt, ...w }) => ({ ...w, resetMs: Math.max(0, resetAt - now) }));
  }

  #evict(now: number): void {
    for (const [address, block] of this.#blocks) if (block.until <= now) this.#blocks.delete(address);
    while (this.#blocks.size >= this.capacity) {
      const oldest = this.#blocks.keys().next().value as string;
      this.#blocks.delete(oldest);
    }
  }
}
