// Function-level authorization: every /v1 operation is allowed by the scopes that src/domain/scopes.ts gives
// its operationId, checked after authentication and rate limiting (a refusal counts against the key's quota)
// and before the body is read. Registering a route also documents it: the security requirement, a sentence in
// the description, and the 403. A route whose operationId is not in the table stops the app from starting.
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { allows, operationScopes, type OperationId } from '../domain/scopes.js';
import { ApiError } from '../errors/api-error.js';
import { leftOut } from '../left-out.js';
import { bearerChallenge } from './auth.js';
import { errorResponse } from './schemas/error.js';
import { Type } from '@sinclair/typebox';

const insufficientScope = 'error="insufficient_scope"';

const isOperationId = (id: unknown): id is OperationId => typeof id === 'string' && id in operationScopes;

/** The scopes named in words: `pets:read`, or `one of orders:write, orders:manage`. */
const neededScopesText = (operation: OperationId): string => {
  const needed = operationScopes[operation];
  return needed.length === 1 ? needed[0]! : `one of ${needed.join(', ')}`;
};

/** The route-level onRequest hook that refuses a key without a scope that allows `operation`. */
export function requireScope(operation: OperationId) {
  const needed = operationScopes[operation];
  const challenge = bearerChallenge(insufficientScope, `scope="${needed.join(' ')}"`);
  return async function checkScope(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (allows(request.apiKey!.scopes, operation)) return;
    reply.header('www-authenticate', challenge);
    throw new ApiError('insufficient_scope', neededScopesText(operation));
  };
}

const forbidden = errorResponse(403, {
  'WWW-Authenticate': Type.String({
    description: `RFC 6750 §3.1: \`${bearerChallenge(insufficientScope, 'scope="<needed scopes>"')}\``,
  }),
});

/** Writes the operation's scopes into its OpenAPI entry: security requirement, description and 403. */
function documentScopes(schema: NonNullable<RouteOptions['schema']>, operation: OperationId): void {
  const sentence = `Requires an API key with the scope ${neededScopesText(operation)} (docs/security.md).`;
  const doc = schema as { security?: unknown; description?: string; response?: Record<string, unknown> };
  doc.security = [{ bearerAuth: [...operationScopes[operation]] }];
  // HEAD routes share their GET route's schema: say it once.
  if (!doc.description?.includes(sentence))
    doc.description = `${doc.description ?? ''}\n\n${sentence}`.trim();
  doc.response = { ...doc.response, 403: doc.response?.[403] ?? forbidden };
}

/**
 * Enforces and documents scopes on every route registered in `v1` (and its children) from now on; only
 * documents them when a benchmark leaves the checks out (src/left-out.ts).
 */
export function enforceScopes(v1: FastifyInstance): void {
  const check = !leftOut.scopeChecks;
  v1.addHook('onRoute', (route) => {
    // Routes hidden from the document are no operation: they only answer 405 for a known path.
    if (route.schema?.hide) return;
    const operation = route.schema?.operationId;
    if (!isOperationId(operation)) {
      throw new Error(
        `${route.method} ${route.url}: operationId ${String(operation)} has no entry in operationScopes ` +
          '(src/domain/scopes.ts); every /v1 operation must say which scopes allow it',
      );
    }
    documentScopes(route.schema!, operation);
    if (!check) return;
    const existing = route.onRequest ? [route.onRequest].flat() : [];
    route.onRequest = [requireScope(operation), ...existing];
  });
}
