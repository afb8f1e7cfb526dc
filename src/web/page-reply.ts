// Sends a page: rendered to a string with escaping (preact-render-to-string), with the pages' headers and,
// for an answer that may be cached, its ETag; a request that already holds that ETag gets 304. Each page is
// given the site's links of its request (embedded or not), so that no page decides that for itself.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { h, type VNode } from 'preact';
import { render } from 'preact-render-to-string';
import { siteLinks, SiteLinksContext } from './components/site-links.js';
import { isEmbedded } from './embedding.js';
import { etagOf, matchesNoneOf, pageCaching } from './page-headers.js';

/** Text sent with the caching of pages: revalidated by ETag after a minute. */
export function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  type: string,
  body: string,
  caching: string = pageCaching,
  etag: string = etagOf(body),
): FastifyReply {
  reply.header('cache-control', caching).header('etag', etag);
  if (matchesNoneOf(request.headers['if-none-match'], etag)) return reply.code(304).send();
  return reply.type(type).send(body);
}

export const htmlOf = (request: FastifyRequest, page: VNode): string =>
  `<!doctype html>${render(h(SiteLinksContext.Provider, { value: siteLinks(isEmbedded(request)) }, page))}`;

/**
 * A page never cached: an error, so that the page that replaces it shows on the next request, or a form,
 * whose token is its own and whose answer holds what one person typed.
 */
export const sendUncachedPage = (reply: FastifyReply, status: number, page: VNode): FastifyReply =>
  sendUncachedHtml(reply, status, htmlOf(reply.request, page));

/** A page's HTML, already rendered, never cached. */
export const sendUncachedHtml = (reply: FastifyReply, status: number, html: string): FastifyReply =>
  reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
