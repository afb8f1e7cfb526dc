// The staff use cases: accounts (for `petstore staff` and the console's administration) and sign-in with its
// sessions (for the console), over the same store and the same derived keys.
import type { Config } from '../../config.js';
import type { Store } from '../../store/store.js';
import { createStaffAccounts, type StaffAccounts } from './accounts.js';
import { loadConsoleKeys } from './secrets.js';
import { createStaffSessions, type StaffSessions } from './sessions.js';
import { createSignInThrottle } from './sign-in-throttle.js';

export interface Staff {
  accounts: StaffAccounts;
  sessions: StaffSessions;
}

export async function createStaff(
  store: Store,
  config: Pick<Config, 'consoleIdleHours' | 'consoleSessionDays'>,
  clock: () => number,
): Promise<Staff> {
  const keys = await loadConsoleKeys(store);
  const timeouts = {
    idleMs: config.consoleIdleHours * 3_600_000,
    lifetimeMs: config.consoleSessionDays * 86_400_000,
  };
  return {
    accounts: createStaffAccounts(store, keys, clock),
    sessions: createStaffSessions(store, keys, createSignInThrottle(store, clock), timeouts, clock),
  };
}
