// Signing in to the console and the sessions that follow: a one-time link sets a password and signs in;
// email and password sign in, throttled; each request finds its session in the database, with its account,
// so that signing out, a disabled account or a changed password ends it on every instance at once.
import { emailKeyOf } from '../../domain/staff-account.js';
import { passwordProblem, type PasswordProblem } from '../../domain/password-rules.js';
import { roleScopes } from '../../domain/staff-roles.js';
import type { Scope } from '../../domain/scopes.js';
import type { StaffAccount } from '../../domain/staff-account.js';
import {
  changeStaffPassword,
  deleteStaffSession,
  deleteStaffSessionsOf,
  findStaffAccount,
  findStaffAccountByEmail,
  findStaffLink,
  findStaffSession,
  listStaffSessions,
  insertStaffSession,
  setPasswordByLink,
  touchStaffSession,
} from '../../store/repositories/staff-repository.js';
import type { Store } from '../../store/store.js';
import { hashPassword, passwordMatches } from '../password-hashing.js';
import { accountOf } from './accounts.js';
import { isTokenShaped, randomToken, storedHashOf, type ConsoleKeys } from './secrets.js';
import type { SignInThrottle } from './sign-in-throttle.js';

/** A session's last use is written at most this often: a request a minute is enough for an 8-hour timeout. */
const touchEveryMs = 60_000;

export interface SessionTimeouts {
  idleMs: number;
  lifetimeMs: number;
}

export interface SignedIn {
  account: StaffAccount;
  scopes: readonly Scope[];
  /** The id the cookie holds, for signing out and for the CSRF token. */
  sessionId: string;
  csrfToken: string;
}

export type LinkState = { state: 'ok'; account: StaffAccount } | { state: 'used' | 'expired' | 'unknown' };

export type SignInOutcome =
  | { outcome: 'signed-in'; sessionId: string }
  | { outcome: 'refused' }
  | { outcome: 'disabled' }
  | { outcome: 'throttled'; retryAfterSeconds: number };

export type PasswordOutcome =
  | { outcome: 'signed-in'; sessionId: string }
  | { outcome: 'link'; state: 'used' | 'expired' | 'unknown' }
  | { outcome: 'password'; problem: PasswordProblem };

/** A session as the admins' list shows it: never its id. Times are epoch milliseconds. */
export interface ActiveSession {
  createdAt: number;
  /** Kept to within a minute or so: a session is touched at most that often. */
  lastSeenAt: number;
}

export interface StaffSessions {
  /** What a one-time link's page should show. */
  linkState(token: string | undefined): Promise<LinkState>;
  /** Sets the password of the link's account, uses the link, ends the account's sessions and signs in. */
  setPassword(token: string | undefined, password: string): Promise<PasswordOutcome>;
  signIn(email: string, password: string, address: string): Promise<SignInOutcome>;
  /** The session a cookie names, while it is valid; undefined once it ended, expired or its account was disabled. */
  session(sessionId: string | undefined): Promise<SignedIn | undefined>;
  signOut(sessionId: string): Promise<void>;
  /** The sessions still valid, by account id, most recently used first: when each began and was last used. */
  activeByAccount(): Promise<Map<number, ActiveSession[]>>;
  /** Ends every session of the account, this one included. */
  signOutEverywhere(signedIn: SignedIn): Promise<void>;
  /** Changes the password after checking the current one; ends every other session of the account. */
  changePassword(
    signedIn: SignedIn,
    current: string,
    next: string,
  ): Promise<'changed' | 'wrong-password' | PasswordProblem>;
}

export function createStaffSessions(
  store: Store,
  keys: ConsoleKeys,
  throttle: SignInThrottle,
  timeouts: SessionTimeouts,
  clock: () => number,
): StaffSessions {
  const { db } = store;
  /** Whether a session begun at `createdAt` and last used at `lastSeenAt` has timed out by `now`. */
  const hasEnded = (createdAt: number, lastSeenAt: number, now: number) =>
    now - lastSeenAt >= timeouts.idleMs || now - createdAt >= timeouts.lifetimeMs;

  async function linkRow(token: string | undefined) {
    if (!isTokenShaped(token)) return { state: 'unknown' as const };
    const link = await findStaffLink(db, storedHashOf(token));
    if (!link) return { state: 'unknown' as const };
    if (link.used_at !== null) return { state: 'used' as const };
    if (link.expires_at <= clock()) return { state: 'expired' as const };
    const account = await findStaffAccount(db, link.account_id);
    if (!account || account.disabled_at !== null) return { state: 'unknown' as const };
    return { state: 'ok' as const, account };
  }

  /** A new session for the account: a new id at every sign-in, so that none can be planted beforehand. */
  async function newSession(accountId: number): Promise<string> {
    const sessionId = randomToken();
    await insertStaffSession(db, {
      id_hash: storedHashOf(sessionId),
      account_id: accountId,
      created_at: clock(),
    });
    return sessionId;
  }

  return {
    async linkState(token) {
      const found = await linkRow(token);
      return found.state === 'ok' ? { state: 'ok', account: accountOf(found.account) } : found;
    },

    async setPassword(token, password) {
      const problem = await passwordProblem(password);
      const found = await linkRow(token);
      if (found.state !== 'ok') return { outcome: 'link', state: found.state };
      if (problem) return { outcome: 'password', problem };
      const hash = await hashPassword(password);
      const sessionId = randomToken();
      const set = await setPasswordByLink(db, {
        tokenHash: storedHashOf(token!),
        accountId: found.account.id,
        passwordHash: hash,
        sessionHash: storedHashOf(sessionId),
        now: clock(),
      });
      return set ? { outcome: 'signed-in', sessionId } : { outcome: 'link', state: 'used' };
    },

    async signIn(email, password, address) {
      const emailKey = emailKeyOf(email);
      const wait = await throttle.waitFor(emailKey, address);
      if (wait > 0) return { outcome: 'throttled', retryAfterSeconds: wait };
      const row = await findStaffAccountByEmail(db, emailKey);
      // An unknown email costs a hash too, so that its answer takes as long as a wrong password's.
      if (!(await passwordMatches(row?.password_hash ?? null, password)) || !row) {
        await throttle.failed(emailKey, address);
        return { outcome: 'refused' };
      }
      await throttle.succeeded(emailKey);
      if (row.disabled_at !== null) return { outcome: 'disabled' };
      return { outcome: 'signed-in', sessionId: await newSession(row.id) };
    },

    async session(sessionId) {
      if (!isTokenShaped(sessionId)) return undefined;
      const idHash = storedHashOf(sessionId);
      const found = await findStaffSession(db, idHash);
      if (!found) return undefined;
      const now = clock();
      const ended = found.disabled_at !== null || hasEnded(found.session_created_at, found.last_seen_at, now);
      if (ended) {
        await deleteStaffSession(db, idHash);
        return undefined;
      }
      if (now - found.last_seen_at >= touchEveryMs) await touchStaffSession(db, idHash, now);
      return {
        account: accountOf(found),
        scopes: roleScopes[found.role],
        sessionId,
        csrfToken: keys.csrfTokenOf(sessionId),
      };
    },

    signOut: (sessionId) => deleteStaffSession(db, storedHashOf(sessionId)),

    async activeByAccount() {
      const now = clock();
      const active = new Map<number, ActiveSession[]>();
      for (const row of await listStaffSessions(db)) {
        if (hasEnded(row.created_at, row.last_seen_at, now)) continue;
        const sessions = active.get(row.account_id) ?? [];
        sessions.push({ createdAt: Number(row.created_at), lastSeenAt: Number(row.last_seen_at) });
        active.set(row.account_id, sessions);
      }
      return active;
    },

    signOutEverywhere: (signedIn) => deleteStaffSessionsOf(db, signedIn.account.id),

    async changePassword(signedIn, current, next) {
      const row = await findStaffAccount(db, signedIn.account.id);
      if (!row || !(await passwordMatches(row.password_hash, current))) return 'wrong-password';
      const problem = await passwordProblem(next);
      if (problem) return problem;
      const hash = await hashPassword(next);
      await changeStaffPassword(db, {
        accountId: row.id,
        passwordHash: hash,
        keep: storedHashOf(signedIn.sessionId),
        now: clock(),
      });
      return 'changed';
    },
  };
}
