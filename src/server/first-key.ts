// The first API key of an empty deployment, issued once at start so that the operator can make a request.
import type { Config } from '../config.js';
import type { Quota } from '../domain/plans.js';
import type { ApiKeysService } from '../services/api-keys-service.js';

/**
 * The first key's plan: it is the operator's own, used to fill the deployment (`petstore pets import`) and
 * to try every operation, so no published plan fits it: Free would pace the import of a shelter's 5,000
 * animals at 60 a minute, and stop it at 1,000 for the day. Enterprise, with quotas that never hold back one instance's own work (it creates
 * pets at a few thousand a second at best, so an import is paced by the service, not by the key) and still
 * stop a runaway script within the day (docs/rate-limits.md, "The first key").
 */
export const firstKeyQuota: Quota = { perMinute: 60_000, perDay: 5_000_000 };

/** Issues a key when the deployment has none; returns its secret, or undefined when keys exist. */
export async function issueFirstKey(apiKeys: ApiKeysService): Promise<string | undefined> {
  if ((await apiKeys.count()) > 0) return undefined;
  return (await apiKeys.create({ name: 'first key (operator)', plan: 'enterprise', ...firstKeyQuota })).key;
}

/** The base URL a user can call: the advertised one, or the address this process listens on. */
export function baseUrlOf(config: Config, port: number): string {
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  return config.publicUrl || `http://${host}:${port}/v1`;
}

const count = (n: number) => n.toLocaleString('en');

/** What the terminal shows once, with the key: it is never shown again. */
export function firstKeyBanner(key: string, base: string): string {
  return [
    '',
    'No API key existed, so one was created. It is shown only now (the service keeps just its hash):',
    '',
    `  ${key}`,
    '',
    `Plan: enterprise, ${count(firstKeyQuota.perMinute)} requests per minute and ` +
      `${count(firstKeyQuota.perDay)} per day, every scope: the operator's key. Give other clients keys of their own.`,
    '',
    'Try it:',
    `  curl -H "Authorization: Bearer ${key}" ${base}/pets`,
    '',
    `Docs: ${base}/docs   More keys: node bin/petstore.js keys create --plan free --name NAME`,
    '',
  ].join('\n');
}
