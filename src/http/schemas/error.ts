// The spec's Error body, with `code` drawn from the catalogue, and the shared response entries built on it.
import { Type, type TSchema } from '@sinclair/typebox';
import { codesForStatus, errorCodes, errorCatalogue } from '../../errors/catalogue.js';

export const ErrorSchema = Type.Object(
  {
    code: Type.Unsafe<string>({
      type: 'string',
      enum: errorCodes,
      description: 'Machine-readable error code; the closed set is listed in docs/errors.md.',
    }),
    message: Type.String({ description: 'Human-readable description of what went wrong' }),
    status: Type.Integer({ description: 'The HTTP status code of the response' }),
  },
  { $id: 'Error', additionalProperties: false, description: 'Every error the service answers with.' },
);

/** Rate-limit headers of every /v1 response, whatever its status (docs/rate-limits.md). */
export const rateLimitHeaders: Record<string, TSchema> = {
  'X-RateLimit-Limit': Type.Integer({
    description: 'Requests allowed in the binding window: the window closest to exhaustion',
  }),
  'X-RateLimit-Remaining': Type.Integer({ description: 'Requests left in the binding window' }),
  'X-RateLimit-Reset': Type.Integer({
    description: 'Unix time in whole seconds at which the binding window starts afresh',
  }),
  'RateLimit-Policy': Type.String({
    description: 'IETF draft: every window of the quota, e.g. `"minute";q=60;w=60, "day";q=1000;w=86400`',
  }),
  RateLimit: Type.String({
    description:
      'IETF draft: what is left of each window and its seconds to reset, e.g. `"minute";r=12;t=41, "day";r=900;t=3600`',
  }),
};

/** Headers that every response carries, for the OpenAPI document. */
export const commonHeaders: Record<string, TSchema> = {
  'X-Request-Id': Type.String({ description: 'Identifier of this request, also in the service logs' }),
  ...rateLimitHeaders,
};

const retryAfter = {
  'Retry-After': Type.Integer({
    minimum: 1,
    description:
      'Seconds to wait: a retry after this long is not refused by the same limit, one before it is',
  }),
};

/** A response entry for an error status: its codes named in the description; 429 also gives Retry-After. */
export function errorResponse(status: number, headers: Record<string, TSchema> = {}) {
  const codes = codesForStatus(status)
    .map((code) => `\`${code}\` (${errorCatalogue[code].when})`)
    .join(' ');
  return Type.Ref(ErrorSchema, {
    description: `Error. Codes: ${codes}`,
    headers: { ...commonHeaders, ...(status === 429 ? retryAfter : {}), ...headers },
  });
}
