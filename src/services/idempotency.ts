// Runs a creating use case at most once per Idempotency-Key: the first request's outcome is stored in the same
// transaction as what it created, and replayed to every retry until it expires. Keyed creations that arrive
// together share a transaction (group-commit.ts), each in its own savepoint, so that one whose key another
// request holds is undone alone while the others commit.
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
import { eachInSavepoint } from '../store/savepoint.js';
import { groupCommit } from './group-commit.js';

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

/** Thrown inside the savepoint to roll back its work when another request stored the key first. */
class KeyTaken extends Error {}

/** The most keyed creations one transaction holds, as for creations without a key. */
const runsPerCommit = 64;

interface Run {
  scope: IdempotencyScope;
  fingerprint: string;
  work: (trx: Transaction<Database>) => Promise<Outcome<unknown>>;
}

export function createIdempotency(
  store: Store,
  { ttlMs, waitMs }: IdempotencyOptions,
  clock: () => number = Date.now,
): Idempotency {
  const replay = <T>(record: IdempotencyRecordRow, fingerprint: string): IdempotentOutcome<T> => {
    if (record.fingerprint !== fingerprint) throw new ApiError('idempotency_key_reused');
    return { status: record.response_status, body: JSON.parse(record.response_body) as T, replayed: true };
  };

  /** Runs `work` and stores its outcome under the key; throws KeyTaken if a live record holds the key. */
  async function attempt(trx: Transaction<Database>, { scope, fingerprint, work }: Run) {
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
    return outcome;
  }

  const runTogether = groupCommit(
    (runs: Run[]) =>
      store.db.transaction().execute(async (trx) => {
        // Every idempotent use case creates something clients page or tail by id; the append lock comes
        // first (decision: ids commit in order), and is not bounded by the key's lock wait below.
        await store.serializeAppends(trx);
        await limitLockWait(trx, store.dialect, waitMs);
        // A run whose key another request holds, or that the use case refused, is undone alone.
        return eachInSavepoint(
          trx,
          runs,
          (run) => attempt(trx, run),
          (error) => error instanceof KeyTaken || error instanceof ApiError || store.isLockWaitTimeout(error),
        );
      }),
    runsPerCommit,
  );

  return {
    async run<T>(
      scope: IdempotencyScope,
      fingerprint: string,
      work: (trx: Transaction<Database>) => Promise<Outcome<T>>,
    ): Promise<IdempotentOutcome<T>> {
      // Retries usually come after the first request finished: answer them without a write transaction.
      const done = await findLiveIdempotencyRecord(store.db, scope, clock());
      if (done) return replay(done, fingerprint);
      const ending = await runTogether({ scope, fingerprint, work });
      if ('value' in ending) return { ...(ending.value as Outcome<T>), replayed: false };
      if (store.isLockWaitTimeout(ending.error)) throw new ApiError('idempotency_key_in_flight', waitMs);
      if (!(ending.error instanceof KeyTaken)) throw ending.error;
      // A concurrent request with the key committed first; our work was rolled back. Answer with its outcome.
      const first = await findLiveIdempotencyRecord(store.db, scope, clock());
      if (!first) throw new ApiError('idempotency_key_in_flight', waitMs);
      return replay(first, fingerprint);
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
