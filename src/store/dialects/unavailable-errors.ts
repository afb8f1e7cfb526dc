// Tells apart the errors that mean "the database is out of reach or too slow right now" from faults in a
// query, for each dialect, by the codes the drivers give. Those become 503s that clients may retry.

/** Socket errors of a lost or unreachable server (Node's own codes). */
const networkCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);

/**
 * SQLSTATEs of a server that is going away, refusing connections, out of resources or cancelling a
 * statement that ran past statement_timeout.
 */
const postgresStates = [/^08/, /^53/, /^57P0[1-3]$/, /^57014$/, /^55P03$/];

/** Errors the pg driver raises itself, without a code, when a connection fails or times out. */
const postgresMessages =
  /connection terminated|timeout exceeded when trying to connect|query read timeout|not queryable|connection error|server closed the connection/i;

export const codeOf = (error: unknown): string =>
  typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'string'
    ? (error as { code: string }).code
    : '';

export function isPostgresUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  // Several addresses tried at once (IPv4 and IPv6) fail together.
  if (error instanceof AggregateError && error.errors.some(isPostgresUnavailable)) return true;
  const code = codeOf(error);
  return (
    networkCodes.has(code) ||
    postgresStates.some((state) => state.test(code)) ||
    postgresMessages.test(error.message)
  );
}

/** Locks held past busy_timeout, a full or failing disk, a file that cannot be opened. */
const sqliteCodes = /^SQLITE_(BUSY|LOCKED|FULL|IOERR|CANTOPEN|READONLY)/;

export function isSqliteUnavailable(error: unknown): boolean {
  return sqliteCodes.test(codeOf(error));
}
