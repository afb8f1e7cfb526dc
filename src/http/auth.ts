// Bearer authentication of every /v1 operation. Failures are 401 with WWW-Authenticate (RFC 6750).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../errors/api-error.js';
import type { ApiKeysService } from '../services/api-keys-service.js';

const bearer = /^Bearer +(\S+) *$/i;

function presentedKey(header: string | undefined): string {
  if (!header)
    throw new ApiError('authentication_required', 'An `Authorization: Bearer <API key>` header is required');
  const match = bearer.exec(header);
  if (!match?.[1]) {
    throw new ApiError(
      'authentication_required',
      'The Authorization header must have the form `Bearer <API key>`',
    );
  }
  return match[1];
}

export function authenticate(apiKeys: ApiKeysService) {
  return async function authenticateRequest(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    try {
      const apiKey = await apiKeys.authenticate(presentedKey(request.headers.authorization));
      request.apiKey = apiKey;
      request.log = reply.log = request.log.child({ keyId: apiKey.id });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        reply.header(
          'www-authenticate',
          error.code === 'authentication_required'
            ? 'Bearer realm="petstore"'
            : 'Bearer realm="petstore", error="invalid_token"',
        );
      }
      throw error;
    }
  };
}
