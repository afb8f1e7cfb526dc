// Secure headers for every response (set by src/http/standard-headers.ts), and CORS only for the origins an
// operator allows.
import type { IncomingMessage, ServerResponse } from 'node:http';
import cors from '@fastify/cors';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../errors/api-error.js';
import helmet from 'helmet';
import { expiryWarningHeader } from '../domain/key-expiry.js';
import { rateLimitHeaderNames } from './rate-limit-headers.js';
import { idempotentReplayedName } from './schemas/idempotency.js';

/** Headers a browser client may read, beyond the CORS-safelisted ones. */
const exposedHeaders = [
  'X-Request-Id',
  'Link',
  'Location',
  'Retry-After',
  'Deprecation',
  'Sunset',
  rateLimitHeaderNames.limit,
  rateLimitHeaderNames.remaining,
  rateLimitHeaderNames.reset,
  rateLimitHeaderNames.current,
  rateLimitHeaderNames.policy,
  idempotentReplayedName,
  'WWW-Authenticate',
  expiryWarningHeader,
];

export const corsOriginsOf = (setting: string): string[] =>
  setting
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);

/**
 * The headers helmet sets, computed once: with these options they do not depend on the request, and
 * setting a fixed list costs a fraction of running helmet's middleware on every response.
 */
function helmetHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet({
    // The API answers JSON only: nothing may load from it or frame it. The docs page sets its own policy.
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
    },
    // Headers that only matter to old browsers rendering documents; every response pays for their bytes.
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
    originAgentCluster: false,
  })({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return headers;
}

/** Set on every response of both listeners, the router's own errors included (src/http/standard-headers.ts). */
export const secureHeaders = helmetHeaders();

/** `corsMethods` are the API's methods, gathered from its routes as they register (read at each preflight). */
export async function registerCors(
  app: FastifyInstance,
  corsOrigins: string[],
  corsMethods: string[],
): Promise<void> {
  if (corsOrigins.length === 0) return;
  await app.register(cors, {
    origin: corsOrigins,
    methods: corsMethods,
    allowedHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key', 'X-Request-Id'],
    exposedHeaders,
    maxAge: 600,
  });
}

/** A browser's CORS preflight: OPTIONS naming the origin and the method it is about to send. */
const isPreflight = (request: FastifyRequest): boolean =>
  request.method === 'OPTIONS' &&
  request.headers.origin !== undefined &&
  request.headers['access-control-request-method'] !== undefined;

/**
 * The onRequest hook, while CORS is off, that answers a preflight with 403 `cors_disabled`, which names the
 * setting that turns it on. A browser sends no key with a preflight, so without it the web developer would
 * read a 401 that asks for a key they did send on the real request. `charge` (the anonymous budget, where
 * rate limiting is on) runs first, so the answer carries the rate-limit headers like any other.
 */
export function refusePreflights(
  charge?: (request: FastifyRequest, reply: FastifyReply) => Promise<void>,
): (request: FastifyRequest, reply: FastifyReply) => Promise<void> {
  return async function refusePreflight(request, reply) {
    if (!isPreflight(request)) return;
    await charge?.(request, reply);
    throw new ApiError('cors_disabled');
  };
}
