// The console's guard against forged requests: every POST must come from a page of this site (its Origin
// header) and, once signed in, carry the session's own token in a hidden field. A form another site posts
// has neither, and the session cookie (SameSite=Lax) does not travel with it either.
import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { SignedIn } from '../../services/staff/sessions.js';
import { fromThisSite } from '../site-origin.js';

/** The hidden field of every console form that changes something. */
export const csrfField = 'csrf';

/** The forms that start a session, and so carry no session's token: the Origin check alone guards them. */
const sessionStarts = new Set(['/console/sign-in', '/console/welcome']);

/** Whether a POST may go on: from this site, and with the session's token when there is a session. */
export function postAllowed(
  publicUrl: string,
  request: FastifyRequest,
  signedIn: SignedIn | undefined,
): boolean {
  if (!fromThisSite(publicUrl, request)) return false;
  if (!signedIn || sessionStarts.has(request.url.split('?')[0]!)) return true;
  const given = Buffer.from((request.body as Record<string, string> | undefined)?.[csrfField] ?? '');
  const expected = Buffer.from(signedIn.csrfToken);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
