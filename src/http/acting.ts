// Every route's handler runs on behalf of whoever sent its request (src/services/acting.ts), so that the
// events of its writes say who made them: the signed-in staff account of a console page, else the request's
// API key, else the public (a visitor of the adoption pages).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { publicActor, type Actor } from '../domain/actor.js';
import { actingAs } from '../services/acting.js';

const actorOf = ({ signedIn, apiKey }: FastifyRequest): Actor => {
  if (signedIn) return { type: 'staff', id: signedIn.account.id, name: signedIn.account.name };
  if (apiKey) return { type: 'key', id: apiKey.id, name: apiKey.name };
  return publicActor;
};

/** Wraps the handler of every route registered from now on, in `app` and its children. */
export function actOnBehalfOfRequests(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const handler = route.handler;
    route.handler = function actingHandler(request, reply) {
      return actingAs(actorOf(request), () => handler.call(this, request, reply));
    };
  });
}
