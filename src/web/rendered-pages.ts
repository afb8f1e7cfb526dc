// The public pages kept rendered, each by its address and the data version it was read under (a read cache
// of src/speed): the next request for the same address, while no write has moved the version, is sent the
// same text and ETag without reading or rendering again. A write acknowledged before a request began always
// moves the version first, so no request is ever sent a page older than it (src/speed/index.ts). Nothing a
// page shows depends on anything else: no clock, no cookie, no header but the host, which is in the key.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { VNode } from 'preact';
import type { Speed, VersionView } from '../speed/index.js';
import { etagOf } from './page-headers.js';
import { htmlOf, sendCached, sendUncachedHtml } from './page-reply.js';

interface RenderedPage {
  /** 200 for the page, 404 for the animal not shown: both follow the data alone. */
  status: 200 | 404;
  html: string;
  etag: string;
}

export type PageOutcome = { status: 200 | 404; page: VNode };

/** Pages kept at most: 25 MB at worst, at 5 to 50 kB a page. */
const keptPages = 500;

export function renderedPages(speed: Pick<Speed, 'cache'>) {
  const pages = speed.cache<RenderedPage>('data', keptPages);
  return {
    /** Sends the page of the request's address (`origin` + its URL), rendered by `render` unless kept. */
    async send(
      request: FastifyRequest,
      reply: FastifyReply,
      origin: string,
      view: VersionView,
      render: () => Promise<PageOutcome>,
    ): Promise<FastifyReply> {
      const page = await pages.read(
        `${origin}${request.url}`,
        async () => {
          const { status, page } = await render();
          const html = htmlOf(request, page);
          return { status, html, etag: etagOf(html) };
        },
        view,
      );
      if (page.status === 404) return sendUncachedHtml(reply, 404, page.html);
      return sendCached(request, reply, 'text/html; charset=utf-8', page.html, undefined, page.etag);
    },
  };
}
