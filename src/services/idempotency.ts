// Runs a creating use case at most once per Idempotency-Key: the first request's outcome is stored in the same
// transaction as what it created, and replayed to every retry until it expires. The keyed runs of a use case
// that arrive together share a transaction (Speed.groupCommit), and nearly every statement in it: one reads the
// outcomes their keys already have, the use case does the work of all the others at once, and one stores
// their outcomes. Should a key turn out to be held by a request elsewhere, that is undone and the runs are
// done again one by one, each in a savepoint, so that only the run with that key is answered differently.
import type { Transaction } from 'kysely';
import { ApiError } from '../errors/api-error.js';
import type { Database, IdempotencyRecordRow } from '../store/schema.js';
import type { Store } from '../store/store.js';
import {
  deleteExpiredIdempotencyRecords,
  findLiveIdempotencyRecords,
  scopeId,
  storeIdempotencyRecords,
  type IdempotencyScope,
} from '../store/repositories/idempotency-repository.js';
import { eachInSavepoint, inSavepoint, type ItemEnding } from '../store/savepoint.js';
import type { Speed } from '../speed/index.js';

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

/**
 * Does the work of several runs in `trx`, in their order. A run whose ending is an error is answered with it
 * alone, and must have left no write behind (eachInSavepoint); an error thrown fails them all.
 */
export type WorkAll<I, T> = (trx: Transaction<Database>, inputs: I[]) => Promise<ItemEnding<Outcome<T>>[]>;

/**
 * Runs the use case for `input` unless the key already has an outcome, which is replayed instead. A key
 * reused with another fingerprint is 422; a key whose first request is still running after `waitMs` is 409.
 */
export type IdempotentRun<I, T> = (
  scope: IdempotencyScope,
  fingerprint: string,
  input: I,
) => Promise<IdempotentOutcome<T>>;

export interface Idempotency {
  /** The runner of a use case whose work `workAll` does, in a transaction after `Store.serializeAppends`. */
  useCase<I, T>(workAll: WorkAll<I, T>): IdempotentRun<I, T>;
  /**
   * The outcome the key already has, replayed (422 for another fingerprint); undefined when it has none yet.
   * For a use case whose costly work comes before its run (an image to process): a retry skips it.
   */
  storedOutcome<T>(scope: IdempotencyScope, fingerprint: string): Promise<IdempotentOutcome<T> | undefined>;
  /** Deletes expired records; returns how many. */
  prune(): Promise<number>;
}

/** Thrown to roll back work when another request stored a key first. */
class KeyTaken extends Error {}

interface Run<I> {
  scope: IdempotencyScope;
  fingerprint: string;
  input: I;
}

/** How one run of a group ended. */
type RunEnding<T> =
  | { done: Outcome<T> }
  /** The key already had this outcome: it is replayed. */
  | { stored: IdempotencyRecordRow }
  | { failed: unknown }
  /** The key came twice in the group: the second is run again once the first has committed, and replays it. */
  | { again: true };

export function createIdempotency(
  store: Store,
  { groupCommit }: Pick<Speed, 'groupCommit'>,
  { ttlMs, waitMs }: IdempotencyOptions,
  clock: () => number = Date.now,
): Idempotency {
  const replay = <T>(record: IdempotencyRecordRow, fingerprint: string): IdempotentOutcome<T> => {
    if (record.fingerprint !== fingerprint) throw new ApiError('idempotency_key_reused');
    return { status: record.response_status, body: JSON.parse(record.response_body) as T, replayed: true };
  };

  const recordOf = ({ scope, fingerprint }: Run<unknown>, outcome: Outcome<unknown>, now: number) => ({
    api_key_id: scope.apiKeyId,
    idempotency_key: scope.key,
    fingerprint,
    response_status: outcome.status,
    response_body: JSON.stringify(outcome.body),
    created_at: now,
    expires_at: now + ttlMs,
  });

  function useCase<I, T>(workAll: WorkAll<I, T>): IdempotentRun<I, T> {
    /** Every run at once; throws KeyTaken when a key turns out to be held elsewhere. */
    async function allAtOnce(trx: Transaction<Database>, runs: Run<I>[], now: number) {
      const endings = await workAll(
        trx,
        runs.map((run) => run.input),
      );
      const records = runs.flatMap((run, i) => {
        const ending = endings[i]!;
        return 'value' in ending ? [recordOf(run, ending.value, now)] : [];
      });
      const stored = await storeIdempotencyRecords(trx, records, now);
      if (stored.length < records.length) throw new KeyTaken();
      return endings;
    }

    /** Each run in a savepoint: one whose key is held elsewhere, or that the use case refused, is undone alone. */
    const oneByOne = (trx: Transaction<Database>, runs: Run<I>[], now: number) =>
      eachInSavepoint(
        trx,
        runs,
        async (run) => {
          const ending = (await workAll(trx, [run.input]))[0]!;
          if ('error' in ending) throw ending.error;
          const stored = await storeIdempotencyRecords(trx, [recordOf(run, ending.value, now)], now);
          if (stored.length === 0) throw new KeyTaken();
          return ending.value;
        },
        (error) => error instanceof KeyTaken || error instanceof ApiError || store.isLockWaitTimeout(error),
      );

    const runTogether = groupCommit((runs: Run<I>[]) =>
      store.db.transaction().execute(async (trx) => {
        // Every idempotent use case creates something clients page or tail by id; the append lock comes
        // first (decision: ids commit in order), and is not bounded by the key's lock wait below. Holding
        // it, no other run of this service can store a key between the read below and the store.
        await store.serializeAppends(trx);
        await store.limitLockWait(trx, waitMs);
        const now = clock();
        const live = await findLiveIdempotencyRecords(
          trx,
          runs.map((run) => run.scope),
          now,
        );
        const liveByScope = new Map(
          live.map((record) => [
            scopeId({ apiKeyId: record.api_key_id, key: record.idempotency_key }),
            record,
          ]),
        );
        const endings: RunEnding<T>[] = [];
        const fresh: Run<I>[] = [];
        const freshAt: number[] = [];
        const seen = new Set<string>();
        runs.forEach((run, i) => {
          const id = scopeId(run.scope);
          const record = liveByScope.get(id);
          if (record) endings[i] = { stored: record };
          else if (seen.has(id)) endings[i] = { again: true };
          else {
            seen.add(id);
            fresh.push(run);
            freshAt.push(i);
          }
        });
        if (fresh.length === 0) return endings;
        let done: ItemEnding<Outcome<T>>[];
        try {
          done = await inSavepoint(trx, () => allAtOnce(trx, fresh, now));
        } catch (error) {
          if (!(error instanceof KeyTaken || store.isLockWaitTimeout(error))) throw error;
          done = await oneByOne(trx, fresh, now);
        }
        done.forEach((ending, j) => {
          endings[freshAt[j]!] = 'value' in ending ? { done: ending.value } : { failed: ending.error };
        });
        return endings;
      }),
    );

    return async (scope, fingerprint, input) => {
      for (;;) {
        const ending = await runTogether({ scope, fingerprint, input });
        if ('again' in ending) continue;
        if ('stored' in ending) return replay<T>(ending.stored, fingerprint);
        if ('done' in ending) return { ...ending.done, replayed: false };
        const error = ending.failed;
        if (store.isLockWaitTimeout(error)) throw new ApiError('idempotency_key_in_flight', waitMs);
        if (!(error instanceof KeyTaken)) throw error;
        // A request with the key elsewhere committed first; our work was rolled back. Answer with its outcome.
        const [first] = await findLiveIdempotencyRecords(store.db, [scope], clock());
        if (!first) throw new ApiError('idempotency_key_in_flight', waitMs);
        return replay<T>(first, fingerprint);
      }
    };
  }

  return {
    useCase,
    async storedOutcome<T>(scope: IdempotencyScope, fingerprint: string) {
      const [record] = await findLiveIdempotencyRecords(store.db, [scope], clock());
      return record && replay<T>(record, fingerprint);
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
