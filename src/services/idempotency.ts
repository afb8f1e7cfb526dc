// At most once per Idempotency-Key: the first request's outcome is stored in the same transaction as what
// it created, and replayed to every retry until it expires. The keyed runs that arrive together share a
// transaction (the group commit of src/services/writes.ts, which owns it), and nearly every statement in it: one
// reads the outcomes their keys already have, the use case does the work of all the others at once, and one
// stores their outcomes. Should a key turn out to be held by a request elsewhere, that is undone and the runs
// are done again one by one, each in a savepoint, so that only the run with that key is answered differently.
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

/** One keyed run of a use case: its input, and the key it is run at most once under. */
export interface KeyedRun<I> {
  scope: IdempotencyScope;
  fingerprint: string;
  input: I;
}

/** How one run of a group ended, in its transaction. */
export type RunEnding<T> =
  | { done: Outcome<T> }
  /** The key already had this outcome: it is replayed. */
  | { stored: IdempotencyRecordRow }
  | { failed: unknown }
  /** The key came twice in the group: the second is run again once the first has committed, and replays it. */
  | { again: true };

export interface Idempotency {
  /**
   * Runs a group of keyed runs in `trx`, which took the append lock first (`Store.serializeAppends`): runs
   * whose key has an outcome are not done again, the others are done together by `workAll`, and their
   * outcomes stored. Only src/services/writes.ts calls it, inside the transaction it owns.
   */
  runGroup<I, T>(
    trx: Transaction<Database>,
    runs: KeyedRun<I>[],
    workAll: WorkAll<I, T>,
  ): Promise<RunEnding<T>[]>;
  /**
   * After the group's commit: the run's answer (a replay is 422 for another fingerprint, a key whose first
   * request is still running after `waitMs` 409), or undefined when it must be run again.
   */
  answer<T>(run: KeyedRun<unknown>, ending: RunEnding<T>): Promise<IdempotentOutcome<T> | undefined>;
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

export function createIdempotency(
  store: Store,
  { ttlMs, waitMs }: IdempotencyOptions,
  clock: () => number = Date.now,
): Idempotency {
  const replay = <T>(record: IdempotencyRecordRow, fingerprint: string): IdempotentOutcome<T> => {
    if (record.fingerprint !== fingerprint) throw new ApiError('idempotency_key_reused');
    return { status: record.response_status, body: JSON.parse(record.response_body) as T, replayed: true };
  };

  const recordOf = ({ scope, fingerprint }: KeyedRun<unknown>, outcome: Outcome<unknown>, now: number) => ({
    api_key_id: scope.apiKeyId,
    idempotency_key: scope.key,
    fingerprint,
    response_status: outcome.status,
    response_body: JSON.stringify(outcome.body),
    created_at: now,
    expires_at: now + ttlMs,
  });

  /** Every run at once; throws KeyTaken when a key turns out to be held elsewhere. */
  async function allAtOnce<I, T>(
    trx: Transaction<Database>,
    runs: KeyedRun<I>[],
    workAll: WorkAll<I, T>,
    now: number,
  ) {
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
  const oneByOne = <I, T>(
    trx: Transaction<Database>,
    runs: KeyedRun<I>[],
    workAll: WorkAll<I, T>,
    now: number,
  ) =>
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

  async function runGroup<I, T>(
    trx: Transaction<Database>,
    runs: KeyedRun<I>[],
    workAll: WorkAll<I, T>,
  ): Promise<RunEnding<T>[]> {
    // The append lock came first (decision: ids commit in order), and is not bounded by the key's lock wait
    // below. Holding it, no other run of this service can store a key between the read below and the store.
    await store.limitLockWait(trx, waitMs);
    const now = clock();
    const live = await findLiveIdempotencyRecords(
      trx,
      runs.map((run) => run.scope),
      now,
    );
    const liveByScope = new Map(
      live.map((record) => [scopeId({ apiKeyId: record.api_key_id, key: record.idempotency_key }), record]),
    );
    const endings: RunEnding<T>[] = [];
    const fresh: KeyedRun<I>[] = [];
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
      done = await inSavepoint(trx, () => allAtOnce(trx, fresh, workAll, now));
    } catch (error) {
      if (!(error instanceof KeyTaken || store.isLockWaitTimeout(error))) throw error;
      done = await oneByOne(trx, fresh, workAll, now);
    }
    done.forEach((ending, j) => {
      endings[freshAt[j]!] = 'value' in ending ? { done: ending.value } : { failed: ending.error };
    });
    return endings;
  }

  async function answer<T>(
    { scope, fingerprint }: KeyedRun<unknown>,
    ending: RunEnding<T>,
  ): Promise<IdempotentOutcome<T> | undefined> {
    if ('again' in ending) return undefined;
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

  return {
    runGroup,
    answer,
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
