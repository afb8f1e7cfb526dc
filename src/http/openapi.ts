// The OpenAPI 3.1 document, generated from the route schemas, and the interactive docs page that reads it.
// The docs page is served from the package's own assets, so it works offline.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { quotaTable } from '../limits/quota-table.js';
import { addErrorExamples } from './error-examples.js';
import { rateLimitHeaderNames as names } from './rate-limit-headers.js';
import { ErrorSchema, markRequiredHeaders, type DocumentResponse } from './schemas/error.js';
import { markOptionalBody } from './schemas/no-fields-body.js';

type Operation = { responses?: Record<string, DocumentResponse>; requestBody?: { required?: boolean } };

/**
 * The servers that exist: this deployment first, so the docs page calls it (its configured URL, or its own
 * relative `/v1` when none is set), then the other deployment only when its URL is configured. A placeholder
 * for an unknown server would be offered on the docs page and fail there. Both serve the public, staging
 * included (for clients' tests): `x-internal: false` says so to documentation tools.
 */
function serversOf(config: Config) {
  const configured = { production: config.productionUrl, staging: config.stagingUrl };
  const other = config.env === 'production' ? 'staging' : 'production';
  return [
    {
      url: configured[config.env] || config.publicUrl || '/v1',
      description: `${config.env} (this deployment)`,
      'x-internal': false,
    },
    ...(configured[other] ? [{ url: configured[other], description: other, 'x-internal': false }] : []),
  ];
}

export async function registerOpenApi(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Pet Adoption Service',
        version: '1.0.0',
        description:
          'Browse and manage animals available for adoption. Every operation needs `Authorization: Bearer <API key>`. ' +
          'Errors are `{code, message, status}`; the codes are listed under the `Error` schema.\n\n' +
          '## Rate limits\n\nEach key may make so many requests per minute and per day, by plan:\n\n' +
          `${quotaTable()}\n\n` +
          `Every response carries \`${names.limit}\`, \`${names.remaining}\` and \`${names.reset}\` for the ` +
          `window closest to exhaustion, and \`${names.policy}\` and \`${names.current}\` for every window. Over a limit ` +
          'the answer is 429 with `Retry-After`; a key that goes on after 429s is banned for a while. Requests ' +
          'without a valid key share a small budget per client address. See docs/rate-limits.md.\n\n' +
          '## Scopes and expiry\n\nEach operation names the scopes that allow it in its security requirement; a ' +
          'key without one gets 403 `insufficient_scope`, with `WWW-Authenticate` naming the scope. From 7 days ' +
          'before a key expires, every response carries `API-Key-Expires` with the expiry time; an expired key gets ' +
          '401 `api_key_expired`. See docs/security.md.',
      },
      servers: serversOf(config),
      tags: [
        { name: 'pets', description: 'Animals available for adoption' },
        { name: 'photos', description: 'Photos of the animals, served without a key (docs/photos.md)' },
        { name: 'store', description: 'Adoption orders and the inventory (docs/orders.md)' },
        { name: 'catalog', description: 'Categories of animals and their breeds (docs/categories.md)' },
      ],
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            description: 'An API key: `pet_live_…` for production, `pet_test_…` for staging',
          },
        },
      },
      security: [{ bearerAuth: [] }],
    },
    // Paths are relative to the servers, which already end in /v1.
    transform: ({ schema, url }) => ({ schema, url: url.replace(/^\/v1(?=\/)/, '') }),
    // Once per document: the example bodies and the required headers of every response, and the bodies that
    // may be left out, in place.
    transformObject: (documentObject) => {
      // The `openapi` option above makes it an OpenAPI 3 document, never a Swagger 2 one.
      const { openapiObject } = documentObject as Extract<typeof documentObject, { openapiObject: unknown }>;
      const paths = (openapiObject.paths ?? {}) as Record<string, Record<string, Operation>>;
      for (const operations of Object.values(paths))
        for (const operation of Object.values(operations)) {
          markOptionalBody(operation);
          for (const [status, response] of Object.entries(operation.responses ?? {})) {
            addErrorExamples(Number(status), response);
            markRequiredHeaders(Number(status), response, config.rateLimits);
          }
        }
      return openapiObject;
    },
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => String(json.$id ?? `def-${i}`) },
  });
  app.addSchema(ErrorSchema);
}

/** Content-Security-Policy of the docs page: its own scripts and styles, nothing from elsewhere. */
const docsTitle = 'Pet Adoption Service';

const docsPolicy =
  "default-src 'self'; base-uri 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; " +
  "img-src 'self' data:; connect-src 'self'; font-src 'self' data:; object-src 'none'; frame-ancestors 'none'";

/** The service's name as the docs page's logo: drawn inline (a data: URL), so the page asks nothing of elsewhere. */
const docsLogo =
  '<svg xmlns="http://www.w3.org/2000/svg" width="320" height="40" viewBox="0 0 320 40">' +
  '<text x="0" y="28" font-family="sans-serif" font-size="24" font-weight="bold" fill="#ffffff">' +
  `${docsTitle}</text></svg>`;

export async function registerDocsRoutes(app: FastifyInstance): Promise<void> {
  app.get('/v1/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  await app.register(swaggerUi, {
    routePrefix: '/v1/docs',
    // The service's name and title rather than the library's logo and "Swagger UI".
    logo: { type: 'image/svg+xml', content: docsLogo, href: '/v1/docs', target: '_self' },
    theme: { title: `${docsTitle} — API documentation` },
    staticCSP: docsPolicy,
    uiConfig: { url: '/v1/openapi.json', deepLinking: true, validatorUrl: null, displayOperationId: true },
  });
}
