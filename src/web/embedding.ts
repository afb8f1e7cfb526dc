// Embedded views: a page asked with `?embed=1` may be framed by the origins of PETSTORE_EMBED_ORIGINS, and
// its links stay embedded; every other page is never framed.
import type { FastifyRequest } from 'fastify';
import { embedParam } from './components/site-links.js';

/** Whether this request asks for the embedded view of a page. */
export const isEmbedded = (request: FastifyRequest): boolean => {
  const value = (request.query as Record<string, unknown> | undefined)?.[embedParam.name];
  return (Array.isArray(value) ? value[0] : value) === embedParam.value;
};

/** The `frame-ancestors` sources of the setting (validated at start): its origins, space-separated. */
export const frameAncestorsOf = (setting: string): string =>
  setting
    .split(/[\s,]+/)
    .filter(Boolean)
    .join(' ');
