// What a load generator is asked to do and what it reports, whichever tool produces the load.
import type { IdSequence } from './id-sequence.js';

export interface LoadRequest {
  method: 'GET' | 'POST' | 'PATCH';
  /**
   * Path and query; with `randomIdUpTo`, a random id in 1..randomIdUpTo is appended to it per request; with
   * `sequentialIds`, `{id}` in it (and in the header values and the body) stands for the request's id.
   */
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** A body read from this file instead (an image), sent as it is: no `{id}` is replaced in it. */
  bodyFile?: string;
  randomIdUpTo?: number;
  /** Each request takes the next id of the sequence, which the row's later runs continue. */
  sequentialIds?: IdSequence;
}

export interface LoadOptions {
  connections: number;
  seconds: number;
  /** A request slower than this counts as an error. */
  timeoutSeconds: number;
}

export interface LoadResult {
  rps: number;
  p50Ms: number;
  p99Ms: number;
  /** Answers with a status outside 2xx (wrk also counts 3xx as success; the API issues none). */
  non2xx: number;
  /** Connection errors and timeouts. */
  errors: number;
}

export interface LoadGenerator {
  name: string;
  version: string;
  run(baseUrl: string, request: LoadRequest, options: LoadOptions): Promise<LoadResult>;
}
