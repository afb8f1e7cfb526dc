// Who the current request acts for, held for the whole of its handler: the write path reads it when an input
// joins a group (writes.ts), so that each input's events name their own actor, whoever's request happens to
// run the group's transaction. Outside any request (the service's jobs, the command line) it is the service.
import { AsyncLocalStorage } from 'node:async_hooks';
import { serviceActor, type Actor } from '../domain/actor.js';

const acting = new AsyncLocalStorage<Actor>();

/** Runs `work`, and everything it starts, on behalf of `actor`. */
export const actingAs = <T>(actor: Actor, work: () => T): T => acting.run(actor, work);

/** The actor of the work now running. */
export const currentActor = (): Actor => acting.getStore() ?? serviceActor;
