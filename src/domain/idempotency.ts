// What makes two requests "the same" for Idempotency-Key, and how long a key is remembered.
import { hash } from 'node:crypto';

/**
 * A digest of an operation and the values of its request. `values` must be listed in a fixed order, so that
 * the same request always gives the same fingerprint whatever the order of the fields in its JSON.
 */
export const requestFingerprint = (operation: string, values: readonly unknown[]): string =>
  hash('sha256', `${operation}\n${JSON.stringify(values)}`, 'hex');

/** The limits on an Idempotency-Key value: 1 to 255 printable ASCII characters. */
export const idempotencyKeyLimits = { minLength: 1, maxLength: 255, pattern: '^[\\x20-\\x7E]+$' } as const;
