// The public adoption pages, beside the API and at the same layer as its routes: rendered on the server from
// the same services (and their caches) as `/v1`, with no key, no cookie and no script (but for the one that
// sizes an embedded view's frame). Registered by buildApp unless PETSTORE_PUBLIC_PAGES is off.
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ApiError } from '../errors/api-error.js';
import { idOfText } from '../domain/resource-id.js';
import type { Pet } from '../domain/pet.js';
import type { Shelter } from '../domain/shelter.js';
import type { VersionView } from '../speed/index.js';
import { accentCss, accentFileName, accentOfFileName } from './assets/accent-stylesheet.js';
import { embedScriptOf } from './assets/embed-script.js';
import { favicon } from './assets/favicon.js';
import { frameHeightScript } from './assets/frame-height.js';
import { stylesheet } from './assets/stylesheet.js';
import { ErrorPage } from './components/error-page.js';
import { Layout, type PageHead } from './components/layout.js';
import { summaryOf } from './components/pet-words.js';
import { frameAncestorsOf, isEmbedded } from './embedding.js';
import { en, type Messages } from './messages/en.js';
import { assetCaching, fixedAddressCaching, pagePolicy } from './page-headers.js';
import { sendCached, sendUncachedPage } from './page-reply.js';
import { readListForm } from './public/list-form.js';
import { applyRoutes } from './public/apply-routes.js';
import { ListPage } from './public/list-page.js';
import { listPets } from './public/list-pets.js';
import { PetPage } from './public/pet-page.js';
import { robotsOf, sitemapOf } from './public/sitemap.js';
import { renderedPages } from './rendered-pages.js';
import { originOfRequest } from './site-origin.js';
import type { ComponentChildren, VNode } from 'preact';

const stylesheetHref = `/adopt/assets/${stylesheet.name}`;
const frameScriptHref = `/adopt/assets/${frameHeightScript.name}`;
const javaScript = 'text/javascript; charset=utf-8';
/** A meta description: the first words of the description, as search results show about this many. */
const descriptionLength = 155;
/** Pages are not operations of the API: left out of its OpenAPI document. */
const page = { schema: { hide: true } };

export const publicPages: FastifyPluginAsync = async (app) => {
  const { pets, catalog, shelter, speed } = app.services;
  const { publicUrl } = app.config;
  const messages: Messages = en;
  const policy = pagePolicy(publicUrl);
  const embeddedPolicy = pagePolicy(publicUrl, { frameAncestors: frameAncestorsOf(app.config.embedOrigins) });
  const embedScript = embedScriptOf(messages.embedFrameTitle);
  // The list and an animal's page, kept rendered by their address and the data version.
  const rendered = renderedPages(speed);
  /** The site's origin: the public URL without its /v1, or the request's own. */
  const originOf = (request: FastifyRequest) => originOfRequest(publicUrl, request);
  const absolute = (request: FastifyRequest, url: string) =>
    url.startsWith('/') ? originOf(request) + url : url;
  /** The request's one view of the versions, made on its first read: every read of its page goes through it. */
  const views = new WeakMap<FastifyRequest, VersionView>();
  const viewOf = (request: FastifyRequest): VersionView => {
    let view = views.get(request);
    if (!view) views.set(request, (view = speed.view(true)));
    return view;
  };
  /** A page in its frame, with the shelter's details as the page's own view reads them. */
  const framed = async (request: FastifyRequest, head: PageHead, children: ComponentChildren) =>
    inLayout(head, children, await shelter.get(viewOf(request)));
  const inLayout = (head: PageHead, children: ComponentChildren, details?: Shelter): VNode => (
    <Layout
      messages={messages}
      head={head}
      stylesheetHref={stylesheetHref}
      accentHref={details?.accentColour ? `/adopt/assets/${accentFileName(details.accentColour)}` : undefined}
      shelter={details}
      frameScriptHref={frameScriptHref}
    >
      {children}
    </Layout>
  );
  const errorPage = async (request: FastifyRequest, status: number, ownText?: string) => {
    const e = messages.errors;
    const [title, text] =
      status === 404
        ? [e.notFoundTitle, e.notFoundText]
        : status < 500
          ? [e.badRequestTitle, e.badRequestText]
          : [e.serverTitle, e.serverText];
    const content = <ErrorPage messages={messages} title={title} text={ownText ?? text} />;
    // The error may be the store's own: the page is still shown, without the shelter's details.
    const details = await shelter.get(viewOf(request)).catch((error: unknown) => {
      request.log.warn({ err: error }, 'error page: the shelter could not be read');
      return undefined;
    });
    return inLayout({ title, noIndex: true }, content, details);
  };

  app.addHook('onRequest', async (_request, reply) => {
    reply
      .header('content-security-policy', policy)
      .header('x-frame-options', 'DENY')
      // Under the API's no-referrer, a browser sends its form POSTs with `Origin: null`, and the form's
      // Origin check could not tell its own page from another; same-origin still tells other sites nothing.
      .header('referrer-policy', 'same-origin');
  });

  await app.register(
    async (adopt: FastifyInstance) => {
      // An embedded view may be framed by the configured origins, and so carries no X-Frame-Options, which
      // knows no list of origins; every other page keeps the policy above.
      adopt.addHook('onRequest', async (request, reply) => {
        if (!isEmbedded(request)) return;
        reply.header('content-security-policy', embeddedPolicy).removeHeader('x-frame-options');
      });
      adopt.setNotFoundHandler(async (request, reply) =>
        sendUncachedPage(reply, 404, await errorPage(request, 404)),
      );
      adopt.setErrorHandler(async (error, request, reply) => {
        // Fastify's own refusals (a body too large, one it cannot parse) carry their 4xx status.
        const own = (error as { statusCode?: number }).statusCode;
        const status =
          error instanceof ApiError ? error.status : own !== undefined && own >= 400 && own < 500 ? own : 500;
        if (status >= 500) request.log.error({ err: error }, 'page failed');
        else request.log.info({ code: error instanceof ApiError ? error.code : undefined }, 'page refused');
        return sendUncachedPage(reply, status, await errorPage(request, status));
      });

      adopt.get('/', page, async (request, reply) => {
        const view = viewOf(request);
        const form = readListForm(request.query as Record<string, string | string[]>);
        return rendered.send(request, reply, originOf(request), view, async () => {
          const [categories, listed] = await Promise.all([
            catalog.listCategories(view),
            listPets(pets, form, view),
          ]);
          const head: PageHead = {
            title: messages.list.title,
            description: messages.list.intro,
            canonical: `${originOf(request)}/adopt`,
          };
          return {
            status: 200,
            page: await framed(
              request,
              head,
              <ListPage messages={messages} form={form} categories={categories} listed={listed} />,
            ),
          };
        });
      });

      adopt.get<{ Params: { id: string } }>('/pets/:id', page, async (request, reply) =>
        rendered.send(request, reply, originOf(request), viewOf(request), async () => {
          const pet = await shownPet(request.params.id);
          if (!pet) return { status: 404, page: await errorPage(request, 404) };
          const categories = await catalog.listCategories(viewOf(request));
          const species =
            categories.find((c) => c.id === pet.categoryId)?.name ?? messages.unknownSpecies(pet.categoryId);
          const primary = pet.photos[0];
          const head: PageHead = {
            title: messages.pet.title(pet.name),
            description: describe(pet, species),
            canonical: `${originOf(request)}/adopt/pets/${pet.id}`,
            ...(primary ? { image: absolute(request, primary.urls.large) } : {}),
          };
          return {
            status: 200,
            page: await framed(request, head, <PetPage messages={messages} pet={pet} species={species} />),
          };
        }),
      );

      await applyRoutes(adopt, {
        messages,
        framed,
        errorPage,
        shownPet,
        originOf,
        bodyLimit: app.config.applicationBodyLimit,
      });

      adopt.get('/sitemap.xml', page, async (request, reply) =>
        sendCached(
          request,
          reply,
          'application/xml; charset=utf-8',
          await sitemapOf(pets, originOf(request), viewOf(request)),
        ),
      );

      adopt.get(`/assets/${stylesheet.name}`, page, async (_request, reply) =>
        reply.header('cache-control', assetCaching).type('text/css; charset=utf-8').send(stylesheet.text),
      );

      // Any colour's stylesheet, made of its numbers alone: a name that holds no colour is the 404 page.
      adopt.get<{ Params: { name: string } }>('/assets/:name', page, async (request, reply) => {
        const channels = accentOfFileName(request.params.name);
        if (!channels) return sendUncachedPage(reply, 404, await errorPage(request, 404));
        return reply
          .header('cache-control', assetCaching)
          .type('text/css; charset=utf-8')
          .send(accentCss(channels));
      });

      adopt.get(`/assets/${frameHeightScript.name}`, page, async (_request, reply) =>
        reply.header('cache-control', assetCaching).type(javaScript).send(frameHeightScript.text),
      );

      // Loaded by other sites' pages: the API's same-origin resource policy would make browsers refuse it.
      adopt.get('/embed.js', page, async (request, reply) =>
        sendCached(
          request,
          reply.header('cross-origin-resource-policy', 'cross-origin'),
          javaScript,
          embedScript,
          fixedAddressCaching,
        ),
      );
    },
    { prefix: '/adopt' },
  );

  // Browsers ask for it on every page, console and embedded views included; a day, then again.
  app.get('/favicon.ico', page, async (_request, reply) =>
    reply.header('cache-control', fixedAddressCaching).type('image/png').send(favicon),
  );

  app.get('/robots.txt', page, async (request, reply) =>
    sendCached(request, reply, 'text/plain; charset=utf-8', robotsOf(originOf(request))),
  );

  /**
   * The animal of a page: only a published one, available or pending; an unpublished, sold, removed or unknown
   * one is none.
   */
  async function shownPet(param: string): Promise<Pet | undefined> {
    const id = idOfText(param);
    if (id === undefined) return undefined;
    try {
      const { pet } = await pets.get(id);
      return pet.published && pet.status !== 'sold' ? pet : undefined;
    } catch (error) {
      if (error instanceof ApiError && error.code === 'pet_not_found') return undefined;
      throw error;
    }
  }

  function describe(pet: Pet, species: string): string {
    const text = pet.description?.replace(/\s+/g, ' ').trim();
    if (!text) return messages.pet.description(pet.name, summaryOf(pet, messages) || species);
    return text.length <= descriptionLength ? text : `${text.slice(0, descriptionLength - 1).trimEnd()}…`;
  }
};
