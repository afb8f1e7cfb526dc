// Builds the real app on a fresh deployment of a backend, with a key to call it, for app.inject tests; and
// more instances of it on the same deployment, as a fleet of servers sharing one database would be.
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type AppOptions } from '../../src/app.js';
import type { Config, SettingName } from '../../src/config.js';
import type { PlanName } from '../../src/domain/plans.js';
import { openStore } from '../../src/store/open-store.js';
import type { Store } from '../../src/store/store.js';
import type { Backend } from './backends.js';

/** One instance of the app, called with the deployment's working key. */
export interface AppInstance {
  app: FastifyInstance;
  /** The working key's `Authorization` header. */
  auth: { authorization: string };
  request(options: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export interface TestApp extends AppInstance {
  config: Config;
  /** The working key's secret. */
  key: string;
  /** Issues another key. */
  newKey(
    plan?: PlanName,
    quota?: { perMinute: number; perDay: number },
  ): Promise<{ id: string; key: string }>;
  /**
   * Another instance of the app on the same deployment, with a store of its own; `wrap` may change that
   * store (count its queries, make them fail). Closed by its own `close`, before the deployment's.
   */
  instance(options?: InstanceOptions): Promise<AppInstance>;
  /** Closes the app and removes the deployment's data. */
  close(): Promise<void>;
}

/** How an instance is built: its clock, where its log lines go, and a change to its store. */
export interface InstanceOptions extends Pick<AppOptions, 'clock' | 'logStream'> {
  wrap?: (store: Store) => Store;
}

/** The app on the deployment of `config`, over a store of its own. */
async function buildOn(config: Config, { wrap = (store) => store, ...options }: InstanceOptions) {
  return buildApp({ config, store: wrap(await openStore(config)), ...options });
}

export async function startTestApp(
  backend: Backend,
  overrides: Partial<Record<SettingName, unknown>> = {},
  options: InstanceOptions = {},
): Promise<TestApp> {
  const deployment = backend.freshDeployment(overrides);
  const app = await buildOn(deployment.config, options);
  const newKey: TestApp['newKey'] = async (
    plan = 'enterprise',
    quota = { perMinute: 1_000_000, perDay: 1_000_000 },
  ) => {
    const { id, key } = await app.services.apiKeys.create({
      name: 'test',
      plan,
      ...(plan === 'enterprise' ? quota : {}),
    });
    return { id, key };
  };
  const { key } = await newKey();
  // The suites' own key is their set-up, not a change under test: the feed starts empty, as a feed's tests
  // expect. A key made later (newKey) is in the feed, as any key is.
  await app.store.db.deleteFrom('events').where('type', '=', 'key.created').execute();
  const auth = { authorization: `Bearer ${key}` };
  return {
    app,
    config: deployment.config,
    key,
    auth,
    newKey,
    request: (request) => app.inject(request),
    async instance(instanceOptions = {}) {
      const other = await buildOn(deployment.config, instanceOptions);
      return { app: other, auth, request: (request) => other.inject(request), close: () => other.close() };
    },
    close: async () => {
      await app.close();
      await deployment.remove();
    },
  };
}
