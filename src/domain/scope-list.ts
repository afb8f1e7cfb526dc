// A key's scopes as text: the comma-separated list operators type, and the space-separated form stored.
import { isScope, scopeNames, type Scope } from './scopes.js';

/** The scopes named in `text` (commas or spaces between names), in table order; throws naming the valid ones. */
export function parseScopeList(text: string): Scope[] {
  const names = text.split(/[\s,]+/).filter(Boolean);
  const unknown = names.filter((name) => !isScope(name));
  if (unknown.length > 0) {
    throw new Error(
      `unknown scope${unknown.length === 1 ? '' : 's'} ${unknown.join(', ')}; valid scopes: ${scopeNames.join(', ')}`,
    );
  }
  if (names.length === 0) throw new Error(`name at least one scope of ${scopeNames.join(', ')}`);
  return scopeNames.filter((scope) => names.includes(scope));
}

/** The stored form: space-separated, as OAuth 2.0 writes a scope list (RFC 6749 §3.3). */
export const storedScopes = (scopes: readonly Scope[]): string =>
  scopeNames.filter((scope) => scopes.includes(scope)).join(' ');

/** The scopes of a stored list; names no longer known are dropped, so they allow nothing. */
export const scopesOfStored = (stored: string): Scope[] => {
  const names = stored.split(' ');
  return scopeNames.filter((scope) => names.includes(scope));
};
