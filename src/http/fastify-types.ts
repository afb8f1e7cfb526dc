// What the service adds to Fastify's instance and request types.
import type { Config } from '../config.js';
import type { DeprecationNotice } from './deprecation.js';
import type { RateLimiter } from '../limits/index.js';
import type { Metrics } from '../metrics/metrics.js';
import type { ApiKeyInfo } from '../services/api-keys-service.js';
import type { VersionView } from '../speed/index.js';
import type { Services } from '../services/index.js';
import type { SignedIn } from '../services/staff/sessions.js';
import type { Store } from '../store/store.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    store: Store;
    services: Services;
    /** The rate limiter; undefined when limiting is off. Metrics subscribe with `rateLimiter.observe`. */
    rateLimiter: RateLimiter | undefined;
    /** Prometheus metrics of this app; also where rate limiting records its rejections and bans. */
    metrics: Metrics;
  }
  interface FastifyRequest {
    /** The authenticated key of a /v1 request; set by the auth hook. */
    apiKey: ApiKeyInfo | undefined;
    /** The data version as this /v1 request sees it, read once for every cache it consults; set by the auth hook. */
    dataVersion: VersionView | undefined;
    /** The console session of the request's cookie, while it is valid; set by the console's hook. */
    signedIn: SignedIn | undefined;
    /** How many applications are new, for the console's badge, when the session's role reads them. */
    newApplications: number | undefined;
  }
  interface FastifyContextConfig {
    /** Marks the route's path deprecated: all its responses carry the headers (http/deprecation.ts). */
    deprecation?: DeprecationNotice;
    /** The route's requests carry personal data: the request log keeps no value of its query. */
    personalData?: boolean;
  }
}
