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

/** Headers that every response carries, for the OpenAPI document. */
export const commonHeaders: Record<string, TSchema> = {
  'X-Request-Id': Type.String({ description: 'Identifier of this request, also in the service logs' }),
};

/** A response entry for an error status: its codes named in the description. */
export function errorResponse(status: number, headers: Record<string, TSchema> = {}) {
  const codes = codesForStatus(status)
    .map((code) => `\`${code}\` (${errorCatalogue[code].when})`)
    .join(' ');
  return Type.Ref(ErrorSchema, {
    description: `Error. Codes: ${codes}`,
    headers: { ...commonHeaders, ...headers },
  });
}
