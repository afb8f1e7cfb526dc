// Headers that mark a deprecated operation on every one of its responses (RFC 9745, RFC 8594, RFC 8288).
import type { onSendHookHandler } from 'fastify';

export interface DeprecationNotice {
  /** When the operation was deprecated. */
  deprecatedAt: Date;
  /** When it will be removed. */
  sunsetAt: Date;
  /** Documentation of what replaces it. */
  replacementDocs: string;
}

export function deprecationHeaders({
  deprecatedAt,
  sunsetAt,
  replacementDocs,
}: DeprecationNotice): onSendHookHandler {
  const headers = {
    deprecation: `@${Math.floor(deprecatedAt.getTime() / 1000)}`,
    sunset: sunsetAt.toUTCString(),
    link: `<${replacementDocs}>; rel="deprecation"; type="text/html"`,
  };
  return (_request, reply, payload, done) => {
    reply.headers(headers);
    done(null, payload);
  };
}
