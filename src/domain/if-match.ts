// What an `If-Match` header asks (RFC 9110, 13.1.1), once parsed: a list of strong entity tags, or `*`.

export type IfMatch = readonly string[] | '*';

/** Whether `etag` satisfies the condition; no condition is satisfied by any. */
export const satisfies = (ifMatch: IfMatch | undefined, etag: string): boolean =>
  ifMatch === undefined || ifMatch === '*' || ifMatch.includes(etag);

/**
 * The bounds of an `If-Match` header: visible characters, spaces and tabs (what HTTP allows in a field value),
 * at most 1,000 of them, room for 25 of the service's ETags and more than a client needs.
 */
export const ifMatchLimits = {
  maxLength: 1000,
  pattern: '^[\\t\\x20-\\x7E\\x80-\\xFF]*$',
  'x-pattern-rule': 'must hold only visible characters, spaces and tabs',
} as const;
