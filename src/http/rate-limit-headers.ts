// The rate-limit headers of every /v1 response, and the 429 of a refused request. X-RateLimit-* report the
// binding window (the one closest to exhaustion); RateLimit-Policy and RateLimit (IETF draft) list every
// window. Set in onRequest, so that errors raised later (400, 404, 413, 415) keep them.
import type { FastifyReply } from 'fastify';
import { ApiError } from '../errors/api-error.js';
import type { Decision, WindowState } from '../limits/index.js';

/** The headers' names as the docs and the OpenAPI document write them. */
export const rateLimitHeaderNames = {
  limit: 'X-RateLimit-Limit',
  remaining: 'X-RateLimit-Remaining',
  reset: 'X-RateLimit-Reset',
  policy: 'RateLimit-Policy',
  current: 'RateLimit',
} as const;

// As sent: Fastify lowers every name it is given, so lowering them once spares that on every response.
const limitName = rateLimitHeaderNames.limit.toLowerCase();
const remainingName = rateLimitHeaderNames.remaining.toLowerCase();
const resetName = rateLimitHeaderNames.reset.toLowerCase();
const policyName = rateLimitHeaderNames.policy.toLowerCase();
const currentName = rateLimitHeaderNames.current.toLowerCase();

/** Policies differ only by quota, so each distinct one is built once. */
const policies = new Map<string, string>();
const maxCachedPolicies = 1000;

function policyOf(windows: readonly WindowState[]): string {
  let id = '';
  for (const w of windows) id += `${w.limit}/${w.seconds};`;
  let policy = policies.get(id);
  if (policy === undefined) {
    policy = windows.map((w) => `"${w.name}";q=${w.limit};w=${w.seconds}`).join(', ');
    if (policies.size >= maxCachedPolicies) policies.clear();
    policies.set(id, policy);
  }
  return policy;
}

const secondsLeft = (ms: number): number => Math.ceil(ms / 1000);

/** Writes the headers of `decision`; throws the 429 when it refuses the request. */
export function enforce(reply: FastifyReply, decision: Decision, now: number): void {
  const { binding, windows, refusal } = decision;
  let current = '';
  for (const w of windows)
    current += `${current ? ', ' : ''}"${w.name}";r=${w.remaining};t=${secondsLeft(w.resetMs)}`;
  reply
    .header(limitName, binding.limit)
    .header(remainingName, binding.remaining)
    .header(resetName, Math.ceil((now + binding.resetMs) / 1000))
    .header(policyName, policyOf(windows))
    .header(currentName, current);
  if (refusal) {
    reply.header('retry-after', refusal.retryAfterSeconds);
    throw new ApiError(refusal.code, refusal.detail, refusal.retryAfterSeconds);
  }
}
