// How long a client may take to send a whole request, headers and body, as Fastify and Node's HTTP server
// options. A late request is refused by Node, before or while Fastify reads it, with a client error that
// src/http/client-errors.ts answers (408 `request_timeout`).

/**
 * Node looks for late requests on a timer (every 30 s by default, which would let a 30 s limit run to a
 * minute); looking this many times per limit answers a late request within a tenth of the limit.
 */
const checksPerTimeout = 10;

export function requestTimeoutOptions(timeoutMs: number) {
  return {
    requestTimeout: timeoutMs,
    http: {
      // The headers get no longer than the whole request (Node's own default for them is 60 s).
      headersTimeout: timeoutMs,
      requestTimeout: timeoutMs,
      connectionsCheckingInterval: Math.ceil(timeoutMs / checksPerTimeout),
    },
  };
}
