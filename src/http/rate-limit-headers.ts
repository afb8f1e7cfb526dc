// The rate-limit headers of every /v1 response, and the 429 of a refused request. X-RateLimit-* report the
// binding window (the one closest to exhaustion); RateLimit-Policy and RateLimit (IETF draft) list every
// window. Set in onRequest, so that errors raised later (400, 404, 413, 415) keep them.
import type { FastifyReply } from 'fastify';
import { ApiError } from '../errors/api-error.js';
import type { Decision, WindowState } from '../limits/index.js';

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
  reply.headers({
    'x-ratelimit-limit': binding.limit,
    'x-ratelimit-remaining': binding.remaining,
    'x-ratelimit-reset': Math.ceil((now + binding.resetMs) / 1000),
    'ratelimit-policy': policyOf(windows),
    ratelimit: current,
  });
  if (refusal) {
    reply.header('retry-after', refusal.retryAfterSeconds);
    throw new ApiError(refusal.code, refusal.detail, refusal.retryAfterSeconds);
  }
}
