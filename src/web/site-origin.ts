// The site's origin, for absolute links and the forms' Origin check: the public URL without its /v1, or
// the request's own when none is set.
import type { FastifyRequest } from 'fastify';
import { siteOriginOf } from '../domain/console-links.js';

export const originOfRequest = (publicUrl: string, request: FastifyRequest): string =>
  siteOriginOf(publicUrl, `${request.protocol}://${request.host}`);

/**
 * Whether a form's POST came from a page of this site: browsers send `Origin` with every form POST (and the
 * pages' Referrer-Policy, same-origin, keeps it a real origin rather than `null`).
 */
export const fromThisSite = (publicUrl: string, request: FastifyRequest): boolean =>
  request.headers.origin === originOfRequest(publicUrl, request);
