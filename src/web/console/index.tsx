// The staff console at /console, beside the public pages and at the same layer as the API's routes: pages
// rendered on the server from the same services, for the people who run the shelter. Every page needs a
// session but sign-in and the one-time link's; every POST must come from this site and, once signed in,
// carry the session's CSRF token. No page is cached or framed, and no URL's query is logged.
import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { consoleScript } from '../assets/console-script.js';
import { stylesheet } from '../assets/stylesheet.js';
import { en } from '../messages/en.js';
import { assetCaching, pagePolicy } from '../page-headers.js';
import { isFormBody, readFormBody } from '../public/form-body.js';
import { ApiError } from '../../errors/api-error.js';
import { allows } from '../../domain/scopes.js';
import { accountRoutes } from './account.js';
import { activityRoutes } from './activity.js';
import { adminKeysRoutes } from './admin-keys.js';
import { adminStaffRoutes } from './admin-staff.js';
import { adoptionsRoutes } from './adoptions.js';
import { applicationPageRoutes } from './application-page.js';
import { applicationsRoutes } from './applications.js';
import { animalPage, animalRoutes } from './animal-page.js';
import { removalRoutes } from './animal-removal.js';
import { animalsRoutes } from './animals.js';
import { catalogueRoutes } from './catalogue.js';
import {
  sendConsolePage,
  sendErrorPage,
  sendNotFound,
  seeOther,
  type ConsoleContext,
} from './console-page.js';
import { postAllowed } from './csrf.js';
import { intakeRoutes } from './intake.js';
import { readPhotoFormBodies } from './photo-form-body.js';
import { photoRoutes } from './photo-routes.js';
import { clearSessionCookie, sessionIdOf } from './session-cookie.js';
import { signInRoutes, signInToResume } from './sign-in.js';
import { fromThisSite } from '../site-origin.js';
import { welcomeRoutes } from './welcome.js';

/** The pages a browser may open without a session. */
const openPaths = new Set([
  '/console/sign-in',
  '/console/welcome',
  `/console/assets/${stylesheet.name}`,
  `/console/assets/${consoleScript.name}`,
]);
/** Largest form body of the console, in bytes. */
const formBodyLimit = 64 * 1024;

export interface ConsoleOptions {
  clock?: () => number;
}

export const consolePages: FastifyPluginAsync<ConsoleOptions> = async (app, { clock = Date.now }) => {
  const { publicUrl, consoleSessionDays } = app.config;
  const context: ConsoleContext = {
    messages: en,
    publicUrl,
    staff: app.services.staff,
    stylesheetHref: `/console/assets/${stylesheet.name}`,
    scriptHref: `/console/assets/${consoleScript.name}`,
    cookieSeconds: consoleSessionDays * 86_400,
    resumable: [],
  };
  const policy = pagePolicy(publicUrl, { script: true, chosenPhotos: true });
  const e = context.messages.console.errors;

  await app.register(
    async (scope: FastifyInstance) => {
      await scope.register(cookie);
      readFormBody(scope, formBodyLimit);
      await readPhotoFormBodies(scope, {
        fileSize: app.config.photoUploadLimit,
        files: app.config.photosPerPet,
      });
      scope.decorateRequest('signedIn', undefined);
      scope.decorateRequest('newApplications', undefined);

      scope.addHook('onRoute', (route) => {
        // The console's pages are not operations of the API, and their queries (a token, a search for a
        // person's name) are personal: logged without their values.
        route.schema = { ...route.schema, hide: true };
        route.config = { ...route.config, personalData: true };
      });

      scope.addHook('onRequest', async (request, reply) => {
        reply
          .header('content-security-policy', policy)
          .header('x-frame-options', 'DENY')
          .header('cache-control', 'no-store')
          .header('referrer-policy', 'same-origin');
        const sessionId = sessionIdOf(request);
        request.signedIn = await context.staff.sessions.session(sessionId);
        // A cookie of a session that ended is dropped, so the browser stops sending it.
        if (sessionId !== undefined && !request.signedIn) clearSessionCookie(reply);
        const path = request.url.split('?')[0]!;
        // The badge in the navigation of every page: read at once, as the data is now, on any instance. Not
        // for the assets, nor for a POST, which most often answers with a redirect and no page.
        const showsPage = request.method === 'GET' && !path.startsWith('/console/assets/');
        if (showsPage && request.signedIn && allows(request.signedIn.scopes, 'countApplications'))
          request.newApplications = (await app.services.applications.counts()).submitted;
        if (request.signedIn || openPaths.has(path)) return;
        if (request.method === 'GET' || request.method === 'HEAD') {
          const next = path === '/console' || path === '/console/' ? '' : `?next=${encodeURIComponent(path)}`;
          return seeOther(reply, `/console/sign-in${next}`);
        }
        // A form posted after its session ended: the pre-handler, once the body is read, keeps its values.
      });

      scope.addHook('preHandler', async (request, reply) => {
        if (request.method !== 'POST') return;
        // The forms' own encoding alone, so that every value is a text: a JSON body is for the API.
        if (!isFormBody(request) && !request.isMultipart())
          return sendErrorPage(context, request, reply, 415);
        const path = request.url.split('?')[0]!;
        if (!request.signedIn && !openPaths.has(path) && fromThisSite(publicUrl, request))
          return signInToResume(context, request, reply);
        if (postAllowed(publicUrl, request, request.signedIn)) return;
        request.log.info('console: a POST without this site’s Origin or the session’s token was refused');
        return sendConsolePage(
          context,
          request,
          reply,
          403,
          e.forbiddenTitle,
          <>
            <h1>{e.forbiddenTitle}</h1>
            <p>{e.csrf}</p>
          </>,
        );
      });

      // Reached only when signed in: the hooks above send anyone else to sign in first.
      scope.setNotFoundHandler((request, reply) => sendNotFound(context, request, reply));
      scope.setErrorHandler((error, request, reply) => {
        // Fastify's own refusals (a body too large, one it cannot parse) carry their 4xx status.
        const own = (error as { statusCode?: number }).statusCode;
        const status =
          error instanceof ApiError ? error.status : own !== undefined && own >= 400 && own < 500 ? own : 500;
        if (status >= 500) request.log.error({ err: error }, 'console page failed');
        else
          request.log.info(
            { code: error instanceof ApiError ? error.code : undefined },
            'console page refused',
          );
        return sendErrorPage(context, request, reply, status);
      });

      scope.get(`/assets/${stylesheet.name}`, async (_request, reply) =>
        reply.header('cache-control', assetCaching).type('text/css; charset=utf-8').send(stylesheet.text),
      );
      scope.get(`/assets/${consoleScript.name}`, async (_request, reply) =>
        reply
          .header('cache-control', assetCaching)
          .type('text/javascript; charset=utf-8')
          .send(consoleScript.text),
      );

      signInRoutes(scope, context);
      welcomeRoutes(scope, context);
      accountRoutes(scope, context);
      animalsRoutes(scope, context, clock);
      const animal = animalPage(scope, context);
      intakeRoutes(scope, context, animal);
      animalRoutes(scope, context, animal);
      photoRoutes(scope, context, animal);
      removalRoutes(scope, context, animal);
      catalogueRoutes(scope, context);
      applicationsRoutes(scope, context);
      applicationPageRoutes(scope, context);
      adoptionsRoutes(scope, context);
      activityRoutes(scope, context);
      adminStaffRoutes(scope, context);
      adminKeysRoutes(scope, context);
    },
    { prefix: '/console' },
  );
};
