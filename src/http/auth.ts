// Bearer authentication of every /v1 operation. Failures are 401 with WWW-Authenticate (RFC 6750). With
// rate limiting on, requests without a valid key are counted against their client address's anonymous
// budget: the 401 carries that budget's headers, and once it is used up such requests from the address get
// 429. A valid key is never refused for its address's budget, since many clients may share one address (a
// NAT): from a blocked address only a key that has the deployment's shape and passes its checksum is looked
// up, the rest are refused with no lookup. Keys stay unguessable by their 178 random bits, not by the budget.
// From a week before a key expires, every response to it says when (docs/security.md).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { expiryWarningHeader, warnsOfExpiry } from '../domain/key-expiry.js';
import { ApiError } from '../errors/api-error.js';
import type { RateLimiter } from '../limits/index.js';
import type { ApiKeysService } from '../services/api-keys-service.js';
import type { Speed } from '../speed/index.js';
import { chargeAddress, refuseBlockedAddress } from './rate-limit.js';

const bearer = /^Bearer +(\S+) *$/i;

/** RFC 6750's `WWW-Authenticate` challenge, with the parameters of an error if any. */
export const bearerChallenge = (...parameters: string[]): string =>
  ['Bearer realm="petstore"', ...parameters].join(', ');

const askForKey = bearerChallenge();
const refuseKey = bearerChallenge('error="invalid_token"');

function presentedKey(header: string | undefined): string {
  if (!header) throw new ApiError('authentication_required', 'none was sent');
  const match = bearer.exec(header);
  if (!match?.[1]) {
    throw new ApiError('authentication_required', 'the one sent does not have the form `Bearer <API key>`');
  }
  return match[1];
}

export function authenticate(
  apiKeys: ApiKeysService,
  speed: Pick<Speed, 'view'>,
  limiter?: RateLimiter,
  clock: () => number = Date.now,
) {
  /** Whether a request's key could be valid, told without a lookup (shape, checksum, deployment). */
  const carriesWellFormedKey = (request: FastifyRequest): boolean => {
    const key = bearer.exec(request.headers.authorization ?? '')?.[1];
    return key !== undefined && apiKeys.wellFormed(key);
  };

  return async function authenticateRequest(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (limiter) refuseBlockedAddress(limiter, request, reply, carriesWellFormedKey);
    request.dataVersion = speed.view(request.method === 'GET' || request.method === 'HEAD');
    try {
      const key = await apiKeys.authenticate(
        presentedKey(request.headers.authorization),
        request.dataVersion,
      );
      request.apiKey = key;
      if (key.expiresAt !== null && warnsOfExpiry(Date.parse(key.expiresAt), clock())) {
        reply.header(expiryWarningHeader, key.expiresAt);
      }
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        if (limiter) await chargeAddress(limiter, request, reply);
        reply.header('www-authenticate', error.code === 'authentication_required' ? askForKey : refuseKey);
      }
      throw error;
    }
  };
}
