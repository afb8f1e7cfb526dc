// The process entry of `petstore serve`: open the store, build the app, listen, and close gracefully.
import type { AddressInfo } from 'node:net';
import closeWithGrace from 'close-with-grace';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import type { Config } from './config.js';
import { openStore } from './store/open-store.js';

/** How long in-flight requests may take to finish after SIGTERM or SIGINT. */
const drainMs = 10_000;

export async function startServer(config: Config): Promise<FastifyInstance> {
  const store = await openStore(config);
  const app = await buildApp({ config, store });
  await app.listen({ port: config.port, host: config.host });
  app.log.info({ database: store.location, env: config.env }, 'petstore is serving');
  const banner = await issueFirstKey(app, config);
  if (banner) process.stdout.write(banner);
  closeWithGrace({ delay: drainMs }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'closing after an uncaught error');
    else app.log.info({ signal }, 'closing: finishing in-flight requests');
    await app.close();
  });
  return app;
}

/** On a deployment with no key at all, issues one so that a new user can make a first request. */
export async function issueFirstKey(app: FastifyInstance, config: Config): Promise<string | undefined> {
  if ((await app.services.apiKeys.count()) > 0) return undefined;
  const { key } = await app.services.apiKeys.create({ name: 'first key', plan: 'free' });
  const { port } = app.server.address() as AddressInfo;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  const base = config.publicUrl || `http://${host}:${port}/v1`;
  return [
    '',
    'No API key existed, so one was created. It is shown only now (the service keeps just its hash):',
    '',
    `  ${key}`,
    '',
    'Try it:',
    `  curl -H "Authorization: Bearer ${key}" ${base}/pets`,
    '',
    `Docs: ${base}/docs   More keys: npx petstore keys create --plan free --name NAME`,
    '',
  ].join('\n');
}
