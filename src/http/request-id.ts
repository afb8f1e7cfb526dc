// One id per request, in every log line and in the X-Request-Id response header (src/http/standard-headers.ts).
// A caller's own id is kept when it is short and plain, so a request can be followed across services.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const acceptable = /^[\w.:-]{1,128}$/;

/** An id of our own, for a request that brought none (or one that could not be read). */
export const newRequestId = (): string => randomUUID();

export function requestIdOf(raw: IncomingMessage): string {
  const presented = raw.headers['x-request-id'];
  return typeof presented === 'string' && acceptable.test(presented) ? presented : newRequestId();
}
