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

/** The onRequest hook of the photo downloads, served without a key: their own budget per client address. */
export function limitPhotosByAddress(limiter: RateLimiter) {
  return async function limitPhotoRequest(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const decision = await limiter.limitPhotos(request.ip).catch((error: unknown) => {
      request.log.error({ err: error }, 'rate limiter failed on a photo request; it is let through');
    });
    if (decision) enforce(reply, decision, limiter.now());
  };
}

/**
 * Refuses a request from an address that used up its anonymous budget, unless `mayBeValid` says it carries
 * a key worth looking up (asked only of a blocked address, so the usual request pays nothing for it). Such a
 * key is looked up as usual: a valid one is limited by its own quota only, and a blocked address's invalid
 * one gets this 429 from `chargeAddress`.
 */
export function refuseBlockedAddress(
  limiter: RateLimiter,
  request: FastifyRequest,
  reply: FastifyReply,
  mayBeValid: (request: FastifyRequest) => boolean,
): void {
  const blocked = limiter.blockedAddress(request.ip);
  if (blocked && !mayBeValid(request)) enforce(reply, blocked, limiter.now());
}

/**
 * Counts a request that failed authentication against its address; throws the 429 once the budget is used.
 * A blocked address is refused without a count, like its requests that are refused before any lookup.
 */
export async function chargeAddress(
  limiter: RateLimiter,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const blocked = limiter.blockedAddress(request.ip);
  if (blocked) enforce(reply, blocked, limiter.now());
  const decision = await limiter.limitAddress(request.ip).catch((error: unknown) => {
    request.log.error({ err: error }, 'rate limiter failed on an unauthenticated request');
  });
  if (decision) enforce(reply, decision, limiter.now());
}
