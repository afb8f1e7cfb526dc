// The onRequest hook that counts each authenticated request against its key's quota (after auth), and the
// anonymous budget that requests without a valid key are counted against (called from the auth hook).
// The limiter never fails a request: if it breaks, the request goes through unlimited and is logged.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RateLimiter } from '../limits/index.js';
import { enforce } from './rate-limit-headers.js';

export function limitByKey(limiter: RateLimiter) {
  return async function limitRequest(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const decision = await limiter.limitKey(request.apiKey!).catch((error: unknown) => {
      request.log.error({ err: error }, 'rate limiter failed; the request is let through');
    });
    if (decision) enforce(reply, decision, limiter.now());
  };
}

/** Refuses a request from an address that used up its anonymous budget, before its key is even looked at. */
export function refuseBlockedAddress(
  limiter: RateLimiter,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const blocked = limiter.blockedAddress(request.ip);
  if (blocked) enforce(reply, blocked, limiter.now());
}

/** Counts a request that failed authentication against its address; throws the 429 once the budget is used. */
export async function chargeAddress(
  limiter: RateLimiter,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const decision = await limiter.limitAddress(request.ip).catch((error: unknown) => {
    request.log.error({ err: error }, 'rate limiter failed on an unauthenticated request');
  });
  if (decision) enforce(reply, decision, limiter.now());
}
