// Keys that hold only the scopes a test names, for the checks that one scope allows an operation and another
// does not. Their quota is large, so that a refusal is always the scope's and never the rate limit's.
import type { Scope } from '../../src/domain/scopes.js';
import type { TestApp } from './test-app.js';

/** The `Authorization` header of a new key of the deployment that holds exactly `scopes`. */
export async function authWith(t: Pick<TestApp, 'app'>, ...scopes: Scope[]) {
  const { key } = await t.app.services.apiKeys.create({
    name: scopes.join('+'),
    plan: 'enterprise',
    perMinute: 1_000_000,
    perDay: 1_000_000,
    scopes,
  });
  return { authorization: `Bearer ${key}` };
}
