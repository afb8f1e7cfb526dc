// Liveness and readiness probes for orchestrators and load balancers; outside /v1 and without auth.
import type { FastifyPluginAsync } from 'fastify';
import { databaseUnavailable } from '../http/error-handler.js';

export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));

  app.get('/readyz', { schema: { hide: true } }, async () => {
    try {
      await app.store.ping();
    } catch (error) {
      app.log.warn({ err: error }, 'not ready: the database does not answer');
      throw databaseUnavailable();
    }
    // Still ready when writes are refused for want of Redis: every instance shares it, so taking this one
    // out would gain nothing and lose the reads, which go on. The answer says so, for monitoring.
    const refused = app.services.speed.writesRefused();
    return refused ? { status: 'ready', writes: `refused: ${refused}` } : { status: 'ready' };
  });
};
