// The brake on guessing passwords: failed sign-ins are counted per account (by email, known or not) and per
// client address, in the database so that every instance counts the same. The first five failures cost
// nothing; after them, each attempt must wait a delay that doubles with each further failure, up to 15
// minutes, and the sign-in page says how long. A day without failures forgets them.
import { createHash } from 'node:crypto';
import {
  addSignInFailure,
  clearSignInFailures,
  findSignInFailures,
} from '../../store/repositories/staff-repository.js';
import type { Store } from '../../store/store.js';

export const freeFailures = 5;
const longestWaitSeconds = 15 * 60;
const forgetAfterMs = 24 * 3_600_000;

export interface SignInThrottle {
  /** Seconds the next attempt must still wait, by the worse of the account's and the address's counts. */
  waitFor(emailKey: string, address: string): Promise<number>;
  failed(emailKey: string, address: string): Promise<void>;
  /** A right password clears the account's count; the address's stays, or one account could clear it. */
  succeeded(emailKey: string): Promise<void>;
}

/** The delay after `failures` failures, in seconds: none for the first five, then 1, 2, 4… up to 15 minutes. */
export const delayAfter = (failures: number): number =>
  failures < freeFailures ? 0 : Math.min(2 ** (failures - freeFailures), longestWaitSeconds);

// Hashed, so that the table holds no email or address; the prefix keeps the two kinds apart.
const subject = (kind: 'account' | 'address', value: string) =>
  createHash('sha256').update(`${kind}:${value}`).digest('hex');

export function createSignInThrottle(store: Store, clock: () => number): SignInThrottle {
  const { db } = store;
  return {
    async waitFor(emailKey, address) {
      const now = clock();
      const rows = await findSignInFailures(db, [subject('account', emailKey), subject('address', address)]);
      const waits = rows
        .filter((row) => now - row.last_failure_at < forgetAfterMs)
        .map((row) => row.last_failure_at + delayAfter(row.failures) * 1000 - now);
      return Math.max(0, ...waits.map((ms) => Math.ceil(ms / 1000)));
    },
    async failed(emailKey, address) {
      const now = clock();
      for (const hash of [subject('account', emailKey), subject('address', address)])
        await addSignInFailure(db, hash, now, now - forgetAfterMs);
    },
    succeeded: (emailKey) => clearSignInFailures(db, subject('account', emailKey)),
  };
}
