// The first API key of an empty deployment, issued once at start so that a new user can make a request.
import type { Config } from '../config.js';
import type { ApiKeysService } from '../services/api-keys-service.js';

/** Issues a key when the deployment has none; returns its secret, or undefined when keys exist. */
export async function issueFirstKey(apiKeys: ApiKeysService): Promise<string | undefined> {
  if ((await apiKeys.count()) > 0) return undefined;
  return (await apiKeys.create({ name: 'first key', plan: 'free' })).key;
}

/** The base URL a user can call: the advertised one, or the address this process listens on. */
export function baseUrlOf(config: Config, port: number): string {
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  return config.publicUrl || `http://${host}:${port}/v1`;
}

/** What the terminal shows once, with the key: it is never shown again. */
export function firstKeyBanner(key: string, base: string): string {
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
