// The console's session cookie: `__Host-` prefixed, so that browsers take it only when it is Secure, from
// this very host, for the whole site (no Domain, Path=/); HttpOnly, so no script reads it; SameSite=Lax,
// so that another site's form POST carries none. Browsers count http://127.0.0.1 and http://localhost as
// secure, so a local start works without TLS.
import type { FastifyReply, FastifyRequest } from 'fastify';

export const sessionCookie = '__Host-petstore-session';

const attributes = { path: '/', secure: true, httpOnly: true, sameSite: 'lax' } as const;

export const sessionIdOf = (request: FastifyRequest): string | undefined => request.cookies[sessionCookie];

/** Sets the cookie for as long as the session may last at most; the server ends it sooner when idle. */
export const setSessionCookie = (reply: FastifyReply, sessionId: string, maxAgeSeconds: number) =>
  reply.setCookie(sessionCookie, sessionId, { ...attributes, maxAge: maxAgeSeconds });

export const clearSessionCookie = (reply: FastifyReply) => reply.clearCookie(sessionCookie, attributes);

/** Whether a browser would keep a Secure cookie from this request: https, or plain http on a loopback address. */
export function keepsSecureCookies(request: FastifyRequest): boolean {
  if (request.protocol === 'https') return true;
  return ['127.0.0.1', 'localhost', '[::1]', '::1'].includes(request.hostname);
}
