// The seam by which another part of the service reads Redis keys of its own in the round trip that the rate
// limiter makes for each batch of counts (count-batch.ts), rather than in a round trip of its own. The limiter
// knows keys and values only; what they mean is the reader's (the caches' versions, src/speed/redis-version.ts).
// When no count is going, the reader reads the same keys alone (redis-count-script.ts, readAlone).

/** Keys read along with each count, and where their values go. */
export interface ReadAlong {
  keys: readonly string[];
  /** What a missing key is set to, and read as: a value never handed out before. */
  seed(): string;
  /** Called as each count is sent, with what it will read: undefined if the count fails. */
  sent(values: Promise<string[] | undefined>): void;
}

/** What offers the seam: the rate limiter, whose counts read `along`'s keys where its counters are in Redis. */
export interface ReadsAlong {
  readAlong(along: ReadAlong): void;
}
