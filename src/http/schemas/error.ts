// The spec's Error body, with `code` drawn from the catalogue, and the shared response entries built on it.
import { Type, type TSchema } from '@sinclair/typebox';
import { codesForStatus, errorCodes, errorCatalogue, type ErrorCode } from '../../errors/catalogue.js';
import { rateLimitHeaderNames as names } from '../rate-limit-headers.js';

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
  [names.limit]: Type.Integer({
    description: 'Requests allowed in the binding window: the window closest to exhaustion',
  }),
  [names.remaining]: Type.Integer({ description: 'Requests left in the binding window' }),
  [names.reset]: Type.Integer({
    description: 'Unix time in whole seconds at which the binding window starts afresh',
  }),
  [names.policy]: Type.String({
    description: 'IETF draft: every window of the quota, e.g. `"minute";q=60;w=60, "day";q=1000;w=86400`',
  }),
  [names.current]: Type.String({
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

/** The codes each error response names, by its description: the document keeps only the description. */
const codesByDescription = new Map<string, readonly ErrorCode[]>();

/**
 * A response entry for an error status: its codes named in the description (all of the status's codes,
 * or only `codes`, those the operation can really answer with); 429 also gives Retry-After.
 */
export function errorResponse(
  status: number,
  headers: Record<string, TSchema> = {},
  codes: readonly ErrorCode[] = codesForStatus(status),
) {
  const strangers = codes.filter((code) => errorCatalogue[code].status !== status);
  if (strangers.length > 0) throw new Error(`Not codes of status ${status}: ${strangers.join(', ')}`);
  const description = `Error. Codes: ${codes.map((code) => `\`${code}\` (${errorCatalogue[code].when})`).join(' ')}`;
  codesByDescription.set(description, codes);
  return Type.Ref(ErrorSchema, {
    description,
    headers: { ...commonHeaders, ...(status === 429 ? retryAfter : {}), ...headers },
  });
}

/** The codes an error response of the document names, as given to errorResponse; undefined for any other. */
export const codesNamedBy = (description: string | undefined): readonly ErrorCode[] | undefined =>
  description === undefined ? undefined : codesByDescription.get(description);

/** The errors every /v1 operation can answer with, whatever it does. */
export const commonErrors = {
  401: errorResponse(401),
  429: errorResponse(429),
  500: errorResponse(500),
  503: errorResponse(503),
};

/** Headers every /v1 response carries: all but a 503, which may come before the key could be counted. */
const alwaysSent = ['X-Request-Id', ...Object.keys(rateLimitHeaders)];

/** A response of the OpenAPI document, as far as the touches made once it is generated read it. */
export interface DocumentResponse {
  description?: string;
  headers?: Record<string, { required?: boolean }>;
  content?: Record<string, { examples?: Record<string, { summary: string; value: unknown }> }>;
}

/**
 * Marks the headers of a response that are always sent as `required` (@fastify/swagger passes only a
 * header's schema and description through); the rate-limit ones only when limiting is on.
 */
export function markRequiredHeaders(status: number, response: DocumentResponse, rateLimited: boolean): void {
  if (status === 503) return;
  for (const name of rateLimited ? alwaysSent : ['X-Request-Id']) {
    const header = response.headers?.[name];
    if (header) header.required = true;
  }
}
