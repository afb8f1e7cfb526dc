// Headers that mark a deprecated path on every one of its responses (RFC 9745, RFC 8594, RFC 8288). The path
// is what is deprecated, not one method of it: its 405s carry them too, and so do the errors the router
// raises on it before any route is found (bad percent-encoding, an over-long identifier).
import type { FastifyInstance, onSendHookHandler } from 'fastify';

export interface DeprecationNotice {
  /** When the operation was deprecated. */
  deprecatedAt: Date;
  /** When it will be removed. */
  sunsetAt: Date;
  /** Documentation of what replaces it. */
  replacementDocs: string;
}

type Headers = Record<string, string>;

const headersOf = ({ deprecatedAt, sunsetAt, replacementDocs }: DeprecationNotice): Headers => ({
  deprecation: `@${Math.floor(deprecatedAt.getTime() / 1000)}`,
  sunset: sunsetAt.toUTCString(),
  link: `<${replacementDocs}>; rel="deprecation"; type="text/html"`,
});

const sendHeaders =
  (headers: Headers): onSendHookHandler =>
  (_request, reply, payload, done) => {
    reply.headers(headers);
    done(null, payload);
  };

// `/v1/pets/:petId` matches `/v1/pets/` and any one segment after it, as the router's parameters do.
const patternOf = (url: string): RegExp =>
  new RegExp(`^${url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:\w+/g, '[^/]*')}$`);

/** The deprecated paths of an app: a route is marked by `config: { deprecation }`. */
export class DeprecatedPaths {
  readonly #byUrl = new Map<string, { pattern: RegExp; headers: Headers }>();

  /** From now on, every route at a marked route's URL (registered with it or later) sends the headers. */
  watch(app: FastifyInstance): void {
    app.addHook('onRoute', (route) => {
      const notice = route.config?.deprecation;
      if (notice) this.#byUrl.set(route.url, { pattern: patternOf(route.url), headers: headersOf(notice) });
      const marked = this.#byUrl.get(route.url);
      if (!marked) return;
      route.onSend = [...(route.onSend ? [route.onSend].flat() : []), sendHeaders(marked.headers)];
    });
  }

  /** The headers for a request no route took (the router refused it), by its path; none if not deprecated. */
  headersFor(url: string): Headers | undefined {
    const path = url.split('?', 1)[0]!;
    for (const { pattern, headers } of this.#byUrl.values()) if (pattern.test(path)) return headers;
    return undefined;
  }
}
