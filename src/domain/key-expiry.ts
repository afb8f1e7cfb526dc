// When an API key expires: parsing `--expires-in`/`--expires-at`, and the warning window before expiry.

/** From this long before expiry, every response warns of it (docs/security.md). */
export const expiryWarningMs = 7 * 24 * 60 * 60 * 1000;

/** The response header that carries the warning: the key's expiry time, RFC 3339 UTC. */
export const expiryWarningHeader = 'API-Key-Expires';

const units = { h: 60 * 60 * 1000, d: 24 * 60 * 60 * 1000 } as const;

/** Milliseconds of a duration such as `90d` or `12h`; throws a message naming the accepted forms. */
export function parseDuration(text: string): number {
  const match = /^(\d+)([dh])$/.exec(text.trim());
  const amount = Number(match?.[1]);
  if (!match || !Number.isSafeInteger(amount) || amount < 1) {
    throw new Error(
      `a duration is a positive whole number of days or hours, such as 90d or 12h; got "${text}"`,
    );
  }
  return amount * units[match[2] as keyof typeof units];
}

const rfc3339 = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

/** Unix epoch milliseconds of an RFC 3339 time with an offset; throws on anything else. */
export function parseInstant(text: string): number {
  const ms = rfc3339.test(text.trim()) ? Date.parse(text.trim()) : NaN;
  if (Number.isNaN(ms)) {
    throw new Error(`a time is RFC 3339 with an offset, such as 2027-03-01T00:00:00Z; got "${text}"`);
  }
  return ms;
}

/** Whether a key expiring at `expiresAt` (null: never) no longer works at `now`: expiry is inclusive. */
export const isExpired = (expiresAt: number | null, now: number): boolean =>
  expiresAt !== null && now >= expiresAt;

/** Whether responses to a key expiring at `expiresAt` carry the expiry warning at `now`. */
export const warnsOfExpiry = (expiresAt: number | null, now: number): boolean =>
  expiresAt !== null && now >= expiresAt - expiryWarningMs;
