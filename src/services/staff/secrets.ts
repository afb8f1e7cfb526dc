// The secrets of the console: random tokens and session ids, their stored hashes, and the keys derived from
// the deployment's secret that sign what must be the same on every instance (the first admin's link, each
// session's CSRF token).
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { readSetting } from '../../store/repositories/settings-repository.js';
import type { Store } from '../../store/store.js';

/** 256 random bits, as URL-safe text: a one-time link's token, or a session's id. */
export const randomToken = (): string => randomBytes(32).toString('base64url');

/** What is stored of a token or session id: enough to find it, never enough to present it. */
export const storedHashOf = (token: string): string => createHash('sha256').update(token).digest('hex');

/** Whether a presented token has the shape of one this service issues, before any lookup. */
export const isTokenShaped = (token: string | undefined): token is string =>
  token !== undefined && /^[A-Za-z0-9_-]{43}$/.test(token);

export interface ConsoleKeys {
  /** The first admin's link token: derived, so that every start prints the same link until it is used. */
  firstAdminToken(accountId: number, createdAt: number): string;
  /** The CSRF token of a session: derived from its id, so that it needs no storage and no instance's memory. */
  csrfTokenOf(sessionId: string): string;
}

export async function loadConsoleKeys(store: Store): Promise<ConsoleKeys> {
  const secret = await readSetting(store.db, 'cursor_secret');
  // One key per use, so that no token is ever a valid signature of anything else signed with the secret.
  const keyFor = (use: string) => createHmac('sha256', secret).update(use).digest();
  const firstAdminKey = keyFor('console-first-admin-link');
  const csrfKey = keyFor('console-csrf-token');
  return {
    firstAdminToken: (accountId, createdAt) =>
      createHmac('sha256', firstAdminKey).update(`${accountId}:${createdAt}`).digest('base64url'),
    csrfTokenOf: (sessionId) => createHmac('sha256', csrfKey).update(sessionId).digest('base64url'),
  };
}
