// Builds the real app on a fresh deployment of a backend, with a key to call it, for app.inject tests.
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app.js';
import type { Config, SettingName } from '../../src/config.js';
import type { PlanName } from '../../src/domain/plans.js';
import { openStore } from '../../src/store/open-store.js';
import type { Backend } from './backends.js';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  /** A working key's secret, and its `Authorization` header. */
  key: string;
  auth: { authorization: string };
  /** Issues another key. */
  newKey(
    plan?: PlanName,
    quota?: { perMinute: number; perDay: number },
  ): Promise<{ id: string; key: string }>;
  request(options: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export async function startTestApp(
  backend: Backend,
  overrides: Partial<Record<SettingName, unknown>> = {},
  clock?: () => number,
): Promise<TestApp> {
  const deployment = backend.freshDeployment(overrides);
  const store = await openStore(deployment.config);
  const app = await buildApp({ config: deployment.config, store, clock });
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
  return {
    app,
    config: deployment.config,
    key,
    auth: { authorization: `Bearer ${key}` },
    newKey,
    request: (options) => app.inject(options),
    close: async () => {
      await app.close();
      await deployment.remove();
    },
  };
}
