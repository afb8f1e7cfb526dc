// Runs a creating use case at most once per Idempotency-Key: the first request's outcome is stored in the same
// transaction as what it created, and replayed to every retry until it expires.
import type { Transaction } from 'kysely';
import { ApiError } from '../errors/api-error.js';
import type { Database } from '../store/schema.js';
import type { Store } from '../store/store.js';
import {
  deleteExpiredIdempotencyRecords,
  findLiveIdempotencyRecord,
  limitLockWait,
  storeIdempotencyRecord,
  type IdempotencyScope,
} from '../store/repositories/idempotency-repository.js';
import type { IdempotencyRecordRow } from '../store/schema.js';

export type { IdempotencyScope };

export interface IdempotencyOptions {
  /** How long a key is remembered. */
  ttlMs: number;
  /** How long a request waits for another one holding the same key before answering 409. */
  waitMs: number;
}

export interface Outcome<T> {
  status: number;
  body: T;
}

export interface IdempotentOutcome<T> extends Outcome<T> {
  /** True when this is the stored outcome of an earlier request. */
  replayed: boolean;
}

export interface Idempotency {
  /**
   * Runs `work` in a transaction, after `Store.serializeAppends`, unless the key already has an outcome, which is replayed instead. A key
   * reused with another fingerprint is 422; a key whose first request is still running after `waitMs` is 409.
   */
  run<T>(
    scope: IdempotencyScope,
    fingerprint: string,
    work: (trx: Transaction<Database>) => Promise<Outcome<T>>,
  ): Promise<IdempotentOutcome<T>>;
  /** Deletes expired records; returns how many. */
  prune(): Promise<number>;
}

/** Thrown inside the transaction to roll back its work when another request stored the key first. */
class KeyTaken extends Error {}

export function createIdempotency(
  store: Store,
  { ttlMs, waitMs }: IdempotencyOptions,
  clock: () => number = Date.now,
): Idempotency {
  const replay = <T>(record: IdempotencyRecordRow, fingerprint: string): IdempotentOutcome<T> => {
    if (record.fingerprint !== fingerprint) throw new ApiError('idempotency_key_reused');
    return { status: record.response_status, body: JSON.parse(record.response_body) as T, replayed: true };
  };

  return {
    async run(scope, fingerprint, work) {
      // Retries usually come after the first request finished: answer them without a write transaction.
      const done = await findLiveIdempotencyRecord(store.db, scope, clock());
      if (done) return replay(done, fingerprint);
      try {
        return await store.db.transaction().execute(async (trx) => {
          // Every idempotent use case creates something clients page or tail by id; the append lock comes
          // first (decision: ids commit in order), and is not bounded by the key's lock wait below.
          await store.serializeAppends(trx);
          await limitLockWait(trx, store.dialect, waitMs);
          const outcome = await work(trx);
          const now = clock();
          const stored = await storeIdempotencyRecord(trx, {
            api_key_id: scope.apiKeyId,
            idempotency_key: scope.key,
            fingerprint,
            response_status: outcome.status,
            response_body: JSON.stringify(outcome.body),
            created_at: now,
            expires_at: now + ttlMs,
          });
          if (!stored) throw new KeyTaken();
          return { ...outcome, replayed: false };
        });
      } catch (error) {
        if (store.isLockWaitTimeout(error)) throw new ApiError('idempotency_key_in_flight', waitMs);
        if (!(error instanceof KeyTaken)) throw error;
        // A concurrent request with the key committed first; our work was rolled back. Answer with its outcome.
        const first = await findLiveIdempotencyRecord(store.db, scope, clock());
        if (!first) throw new ApiError('idempotency_key_in_flight', waitMs);
        return replay(first, fingerprint);
      }
    },

    prune: () => deleteExpiredIdempotencyRecords(store.db, clock()),
  };
}

/** Prunes expired records (idempotency records, old events) every `intervalMs` until the returned function is called. */
export function schedulePruning(
  idempotency: Pick<Idempotency, 'prune'>,
  intervalMs: number,
  onError: (error: unknown) => void,
): () => void {
  const timer = setInterval(() => idempotency.prune().catch(onError), intervalMs);
  // Housekeeping must never keep a process alive on its own.
  timer.unref();
  return () => clearInterval(timer);
}
