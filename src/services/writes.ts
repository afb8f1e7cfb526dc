// The one way to write what a cached read may show. A use case gives its work on a group of inputs; this
// module does the rest, in this order, so that no use case can do one part without the others: the group
// commit (inputs that arrive while a transaction commits share the next one), the transaction, the append
// lock first (ids and events commit in order), the work, the group's outbox events in one statement, the
// Idempotency-Key's outcome in the same transaction (idempotency.ts), the commit, and the version of the
// topic moved before any input of the group is acknowledged (Speed.write, src/speed/index.ts). Each event
// records who made its change: the actor of the request its input came from (acting.ts), taken as the input
// joins the group, since one request's turn runs the transaction of the whole group.
import type { Transaction } from 'kysely';
import type { Actor } from '../domain/actor.js';
import { leftOut } from '../left-out.js';
import type { Speed, VersionTopic } from '../speed/index.js';
import { appendEvents, type ActedEvent, type NewEvent } from '../store/repositories/events-repository.js';
import { changeTime } from '../store/repositories/pets-repository.js';
import type { ItemEnding } from '../store/savepoint.js';
import type { Database } from '../store/schema.js';
import type { Store } from '../store/store.js';
import { currentActor } from './acting.js';
import type { Idempotency, IdempotencyScope, IdempotentOutcome, KeyedRun } from './idempotency.js';

/** What the inputs of one transaction share while the use case works on them. */
export interface WriteContext {
  /**
   * The group's change time, read once for its whole transaction: after every change already stamped (the
   * pets' latest `updated_at`), so that `sort=updatedAt` and `updatedSince` never go back.
   */
  changeTime(): Promise<number>;
  /**
   * Adds events to the outbox: appended in one statement once the work is done, in its transaction. An
   * input refused alone (an error ending) must emit none, as it writes nothing.
   */
  emit(...events: NewEvent[]): void;
}

/** What the inputs of one group share: the change time, and for each input the context its events go by. */
export interface GroupContext<I> {
  changeTime(): Promise<number>;
  /** The context of one of the group's inputs: the events it emits name that input's actor. */
  for(input: I): WriteContext;
}

/**
 * A use case's work on a group of inputs in `trx`, one ending each, in their order. An input whose ending is
 * an error is answered with it alone and must have written nothing; an error thrown fails the whole group,
 * as it would have failed each input alone.
 */
export type GroupWork<I, T> = (
  trx: Transaction<Database>,
  inputs: I[],
  context: GroupContext<I>,
) => Promise<ItemEnding<T>[]>;

export interface GroupedWrite<I, T> {
  /** Runs the work for `input` in the next group; resolves once committed and announced. */
  run(input: I): Promise<T>;
  /**
   * The same at most once per Idempotency-Key: a key that has an outcome replays it (422 for another
   * `fingerprint`), with no work done. A replay is announced too: it may acknowledge a write whose first
   * answer was a 503.
   */
  runIdempotently(input: I, scope: IdempotencyScope, fingerprint: string): Promise<IdempotentOutcome<T>>;
}

export interface Writes {
  /** The write of a use case whose inputs share transactions; `keyedStatus` is a keyed run's stored status. */
  grouped<I, T>(topic: VersionTopic, work: GroupWork<I, T>, keyedStatus: 200 | 201): GroupedWrite<I, T>;
  /**
   * One write alone, in a transaction of its own: for the rare ones (the catalogue, key records), which
   * gain nothing from a group. Throwing rolls it back, unannounced.
   */
  alone<T>(
    topic: VersionTopic,
    work: (trx: Transaction<Database>, context: WriteContext) => Promise<T>,
  ): Promise<T>;
}

export function createWrites(
  store: Store,
  speed: Pick<Speed, 'groupCommit' | 'write'>,
  idempotency: Idempotency,
  clock: () => number = Date.now,
): Writes {
  const events = !leftOut.eventOutbox;

  /** A transaction that takes the append lock first; `time` is its change time, read at most once. */
  const inTransaction = <R>(body: (trx: Transaction<Database>, time: () => Promise<number>) => Promise<R>) =>
    store.db.transaction().execute(async (trx) => {
      await store.serializeAppends(trx);
      let time: Promise<number> | undefined;
      return body(trx, () => (time ??= changeTime(trx, clock())));
    });

  /**
   * Runs `work` with the context of each input's actor (`actors`, by input), then appends what they emitted,
   * before anything else is written.
   */
  async function withEvents<I, R>(
    trx: Transaction<Database>,
    time: () => Promise<number>,
    actors: Map<I, Actor>,
    work: (context: GroupContext<I>) => Promise<R>,
  ): Promise<R> {
    const emitted: ActedEvent[] = [];
    const result = await work({
      changeTime: time,
      for: (input) => {
        const actor = actors.get(input)!;
        return {
          changeTime: time,
          emit: (...more) => void emitted.push(...more.map((e) => ({ ...e, actor }))),
        };
      },
    });
    if (events && emitted.length > 0) await appendEvents(trx, emitted);
    return result;
  }

  interface Acted<I> {
    input: I;
    actor: Actor;
  }
  const actorsOf = <I>(acted: Acted<I>[]) => new Map(acted.map(({ input, actor }) => [input, actor]));

  return {
    grouped<I, T>(topic: VersionTopic, work: GroupWork<I, T>, keyedStatus: 200 | 201): GroupedWrite<I, T> {
      const together = speed.groupCommit((acted: Acted<I>[]) =>
        inTransaction((trx, time) =>
          withEvents(trx, time, actorsOf(acted), (context) =>
            work(
              trx,
              acted.map(({ input }) => input),
              context,
            ),
          ),
        ),
      );
      // Keyed runs group apart: their transaction waits on other requests' keys at most `waitMs`.
      const keyedTogether = speed.groupCommit((runs: (KeyedRun<I> & Acted<I>)[]) =>
        inTransaction((trx, time) =>
          idempotency.runGroup(trx, runs, async (trx, inputs) =>
            // Work again in a savepoint per run should a key be held elsewhere: events go with each.
            (await withEvents(trx, time, actorsOf(runs), (context) => work(trx, inputs, context))).map(
              (ending) =>
                'error' in ending ? ending : { value: { status: keyedStatus, body: ending.value } },
            ),
          ),
        ),
      );
      return {
        async run(input) {
          // Announced per input, outside the group: the next group's transaction need not wait for it, and
          // the announcements of one group share one advance (src/speed/coalesce.ts).
          const ending = await speed.write(topic, () => together({ input, actor: currentActor() }));
          if ('error' in ending) throw ending.error;
          return ending.value;
        },
        runIdempotently: (input, scope, fingerprint) =>
          speed.write(topic, async () => {
            const run = { scope, fingerprint, input, actor: currentActor() };
            for (;;) {
              const outcome = await idempotency.answer(run, await keyedTogether(run));
              if (outcome) return outcome;
            }
          }),
      };
    },

    alone: (topic, work) => {
      const alone = { input: undefined, actor: currentActor() };
      return speed.write(topic, () =>
        inTransaction((trx, time) =>
          withEvents(trx, time, actorsOf([alone]), (context) => work(trx, context.for(undefined))),
        ),
      );
    },
  };
}
