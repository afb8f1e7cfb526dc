// A known path asked with a method it does not take answers 405 with Allow, rather than 404, whatever the
// method: TRACE and WebDAV's PROPFIND included. The registered routes are the one source of each path's Allow
// list and of the methods CORS allows.
import { METHODS } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import { ApiError } from '../errors/api-error.js';
import { sendApiError } from './error-handler.js';

/**
 * Lets the router route every method Node's parser accepts, so that each can be answered 405 on a known path
 * (Fastify routes only the common ones and TRACE; any other would be 404). CONNECT never reaches the router:
 * Node hands it to its own event. None of them is given a body: their 405 is answered before one is read.
 */
export function routeEveryMethod(app: FastifyInstance): void {
  for (const method of METHODS) {
    if (method !== 'CONNECT' && !app.supportedMethods.includes(method)) app.addHttpMethod(method);
  }
}

/** The methods of each route under a prefix, gathered as the routes register. */
export interface RouteMethods {
  /** Methods by URL, in registration order (HEAD left out: it follows GET). */
  byUrl: Map<string, HTTPMethods[]>;
  /** Every method some route takes, for CORS; filled in place, since CORS reads it at each preflight. */
  all: string[];
}

/**
 * Starts gathering the methods of every operation (a route with an operationId) registered from now on under
 * `prefix`. The 405 routes added later have none, so they are not gathered.
 */
export function collectRouteMethods(app: FastifyInstance, prefix: string): RouteMethods {
  const routes: RouteMethods = { byUrl: new Map(), all: [] };
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(prefix) || !route.schema?.operationId) return;
    const taken = routes.byUrl.get(route.url) ?? [];
    for (const method of [route.method].flat() as HTTPMethods[]) {
      if (method === 'HEAD' || taken.includes(method)) continue;
      taken.push(method);
      if (!routes.all.includes(method)) routes.all.push(method);
    }
    routes.byUrl.set(route.url, taken);
  });
  return routes;
}

/**
 * Answers every other method on each gathered URL with 405. Call it after the routes are registered, in the
 * plugin that registered them (its prefix is taken off the gathered URLs).
 * OPTIONS is left to CORS when CORS is on, so that preflight requests still work.
 */
export function answerOtherMethods(app: FastifyInstance, routes: RouteMethods, corsEnabled: boolean): void {
  for (const [url, allowed] of routes.byUrl) allowOnly(app, url, allowed, corsEnabled);
}

function allowOnly(app: FastifyInstance, url: string, allowed: HTTPMethods[], corsEnabled: boolean): void {
  const allow = allowed.includes('GET') ? [...allowed, 'HEAD'] : allowed;
  const allowHeader = allow.join(', ');
  const answer = (request: FastifyRequest, reply: FastifyReply) =>
    sendApiError(
      reply.header('allow', allowHeader),
      new ApiError('method_not_allowed', request.method, url, allowHeader),
    );
  app.route({
    method: (app.supportedMethods as HTTPMethods[]).filter(
      (m) => !allow.includes(m) && !(corsEnabled && m === 'OPTIONS'),
    ),
    url: url.slice(app.prefix.length),
    schema: { hide: true },
    // Answered as the request arrives, after the /v1 hooks: its body is not read, so a body that is no JSON
    // cannot turn the 405 into a 400.
    onRequest: async (request, reply) => answer(request, reply),
    handler: answer,
  });
}
