// Secure headers on every response, and CORS only for the origins an operator allows.
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** Headers a browser client may read, beyond the CORS-safelisted ones. */
export const exposedHeaders = [
  'X-Request-Id',
  'Link',
  'Location',
  'Retry-After',
  'Deprecation',
  'Sunset',
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
  'RateLimit',
  'RateLimit-Policy',
  'Idempotent-Replayed',
];

export const corsOriginsOf = (setting: string): string[] =>
  setting
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);

export async function registerSecurity(app: FastifyInstance, corsOrigins: string[]): Promise<void> {
  await app.register(helmet, {
    // The API answers JSON only: nothing may load from it or frame it. The docs page sets its own policy.
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
    },
  });
  if (corsOrigins.length > 0) {
    await app.register(cors, {
      origin: corsOrigins,
      methods: ['GET', 'POST'],
      allowedHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key', 'X-Request-Id'],
      exposedHeaders,
      maxAge: 600,
    });
  }
}
