// Ids handed out in increasing order, each to one request only, across every run of a row (probes, warm-up,
// measurement, every round): for requests that use up what they act on, such as placing an order on an
// available pet, which a second request on the same pet would meet with 409.

/** Stands for the request's id in the path, the header values and the body of a request with `sequentialIds`. */
export const idPlaceholder = '{id}';

interface Shaped {
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/** The path, headers and body of one request with `id` in place of every `{id}`. */
export const withId = ({ path, headers, body }: Shaped, id: number): Shaped => {
  const put = (text: string) => text.replaceAll(idPlaceholder, String(id));
  return {
    path: put(path),
    headers: Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, put(value)])),
    ...(body !== undefined && { body: put(body) }),
  };
};

export class IdSequence {
  #next: number;

  /** Ids `first` to `last` were seeded for the row. */
  constructor(
    first: number,
    private readonly last: number,
  ) {
    this.#next = first;
  }

  /** The first id no request has taken yet. */
  get next(): number {
    return this.#next;
  }

  take(): number {
    return this.#next++;
  }

  /** For a generator in another process (wrk), which reports where its own count ended. */
  skipTo(next: number): void {
    this.#next = Math.max(this.#next, next);
  }

  /**
   * Throws once requests have taken ids past the seeded ones: those acted on something else (a pet that does
   * not exist, an order another row placed), so the row no longer measures what it says.
   */
  assertWithinPool(): void {
    if (this.#next - 1 > this.last) {
      throw new Error(
        `requests took ids up to ${this.#next - 1}, past the last seeded one (${this.last}): the server ` +
          'was faster than the pool assumes (bench/lib/order-rows.ts)',
      );
    }
  }
}
