// Parameters whose schema names an error of their own (`x-error-code`) rather than `validation_failed`: a
// malformed cursor is `invalid_cursor` like a forged one, an unknown event type `unknown_event_type`, a
// photo address that cannot exist `photo_not_found`. The schema states the bound; this says how it is refused.
import type { ErrorObject } from 'ajv';
import { eventTypeFilters } from '../domain/events.js';
import { ApiError } from '../errors/api-error.js';
import type { ErrorCode } from '../errors/catalogue.js';
import { cutToQuote, quotedLength } from './quoted.js';

type Values = Record<string, unknown>;

/** The details of each code's message, from the request's values of the part that failed. */
const detailsOf = {
  invalid_cursor: () => ['it is not in the issued form'],
  unknown_event_type: ({ type }: Values) => [
    `'${cutToQuote(String(type), quotedLength.name)}'`,
    eventTypeFilters.join(', '),
  ],
  photo_not_found: ({ photoId, size }: Values) => [`${String(photoId)} in size ${String(size)}`],
} satisfies Partial<Record<ErrorCode, (values: Values) => string[]>>;

export type SchemaRefusalCode = keyof typeof detailsOf;

const codeOf = (error: ErrorObject): unknown =>
  (error.parentSchema as Record<string, unknown> | undefined)?.['x-error-code'];

/**
 * The error of a request whose every failed rule belongs to parameters naming the same `x-error-code`, or
 * undefined: any other failure among them makes it `validation_failed`, which describes them all.
 */
export function schemaRefusal(errors: readonly ErrorObject[], values: unknown): ApiError | undefined {
  const code = codeOf(errors[0]!);
  if (typeof code !== 'string' || !Object.hasOwn(detailsOf, code)) return undefined;
  if (!errors.every((error) => codeOf(error) === code)) return undefined;
  const refusal = code as SchemaRefusalCode;
  return new ApiError(refusal, ...detailsOf[refusal]((values ?? {}) as Values));
}
