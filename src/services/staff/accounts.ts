// Staff accounts: create one with its one-time link, list them, change a role, disable, enable, and reset
// (a new link). The first start of a deployment makes its first admin, whose link every start prints again
// until it is used or has expired. Used by `petstore staff` and, next, by the console's administration.
import { emailKeyOf, isStaffEmail, longestStaffName, type StaffAccount } from '../../domain/staff-account.js';
import type { StaffRole } from '../../domain/staff-roles.js';
import {
  countStaffAccounts,
  deleteStaffSessionsOf,
  findStaffAccount,
  findStaffAccountByEmail,
  findStaffLink,
  insertStaffAccount,
  listStaffAccounts,
  replaceStaffLink,
  updateStaffAccount,
} from '../../store/repositories/staff-repository.js';
import type { StaffAccountRow } from '../../store/schema.js';
import type { Store } from '../../store/store.js';
import { randomToken, storedHashOf, type ConsoleKeys } from './secrets.js';
import { StaffError } from './staff-error.js';

/** How long a one-time link works. */
export const linkLifetimeMs = 24 * 3_600_000;

export const firstAdmin = { email: 'admin@localhost', name: 'Administrator', role: 'admin' } as const;

/** A one-time link's token, to be put in `{origin}/console/welcome?token=…`; only its hash is kept. */
export interface IssuedLink {
  account: StaffAccount;
  token: string;
  expiresAt: string;
}

/** What the first start left: the link to print, or that it expired unused (then `staff reset` makes one). */
export type FirstAdminLink = { token: string; expiresAt: string } | { expired: true } | undefined;

export interface StaffAccounts {
  create(input: { email: string; name: string; role: StaffRole }): Promise<IssuedLink>;
  list(): Promise<StaffAccount[]>;
  /** The account named by its id or its email. */
  find(ref: string): Promise<StaffAccount>;
  setRole(ref: string, role: StaffRole): Promise<StaffAccount>;
  /** Disables the account and ends its sessions, on every instance from their next request. */
  disable(ref: string): Promise<StaffAccount>;
  enable(ref: string): Promise<StaffAccount>;
  /** A new one-time link; the account's older unused links stop working. */
  reset(ref: string): Promise<IssuedLink>;
  /** At a start: makes the first admin when there is no account; the link to print while it is unused. */
  firstAdminLink(): Promise<FirstAdminLink>;
}

export const accountOf = (row: StaffAccountRow): StaffAccount => ({
  id: row.id,
  email: row.email,
  name: row.name,
  role: row.role,
  status: row.disabled_at !== null ? 'disabled' : row.password_hash === null ? 'invited' : 'active',
  createdAt: new Date(row.created_at).toISOString(),
});

export function createStaffAccounts(store: Store, keys: ConsoleKeys, clock: () => number): StaffAccounts {
  const { db } = store;

  async function rowOf(ref: string): Promise<StaffAccountRow> {
    const row = /^[1-9][0-9]{0,15}$/.test(ref)
      ? await findStaffAccount(db, Number(ref))
      : await findStaffAccountByEmail(db, emailKeyOf(ref));
    if (!row) throw new StaffError('staff_not_found', `No staff account has the id or email ${ref}`);
    return row;
  }

  async function issueLink(row: StaffAccountRow, token = randomToken()): Promise<IssuedLink> {
    const now = clock();
    const expiresAt = now + linkLifetimeMs;
    await replaceStaffLink(db, {
      token_hash: storedHashOf(token),
      account_id: row.id,
      created_at: now,
      expires_at: expiresAt,
    });
    return { account: accountOf(row), token, expiresAt: new Date(expiresAt).toISOString() };
  }

  /** Refuses a change that would leave no admin who can sign in, so that nobody is locked out. */
  async function keepAnAdmin(row: StaffAccountRow, after: { role: StaffRole; disabled: boolean }) {
    if (row.role !== 'admin' || row.disabled_at !== null || (after.role === 'admin' && !after.disabled))
      return;
    const admins = (await listStaffAccounts(db)).filter((a) => a.role === 'admin' && a.disabled_at === null);
    if (admins.length <= 1)
      throw new StaffError('last_admin', `${row.email} is the only enabled admin; make another admin first`);
  }

  const change = async (row: StaffAccountRow, changes: Partial<StaffAccountRow>) =>
    accountOf((await updateStaffAccount(db, row.id, { ...changes, updated_at: clock() }))!);

  async function create({ email, name, role }: { email: string; name: string; role: StaffRole }) {
    const trimmed = { email: email.trim(), name: name.trim() };
    if (!isStaffEmail(trimmed.email))
      throw new StaffError('staff_email_invalid', `${JSON.stringify(email)} is not an email address`);
    if (trimmed.name === '' || trimmed.name.length > longestStaffName)
      throw new StaffError('staff_name_invalid', `The name must have 1 to ${longestStaffName} characters`);
    if (await findStaffAccountByEmail(db, emailKeyOf(trimmed.email)))
      throw new StaffError('staff_exists', `A staff account with the email ${trimmed.email} exists already`);
    const now = clock();
    const row = await insertStaffAccount(db, {
      ...trimmed,
      email_key: emailKeyOf(trimmed.email),
      role,
      created_at: now,
      updated_at: now,
    });
    return row;
  }

  return {
    create: async (input) => issueLink(await create(input)),
    list: async () => (await listStaffAccounts(db)).map(accountOf),
    find: async (ref) => accountOf(await rowOf(ref)),
    async setRole(ref, role) {
      const row = await rowOf(ref);
      await keepAnAdmin(row, { role, disabled: row.disabled_at !== null });
      return change(row, { role });
    },
    async disable(ref) {
      const row = await rowOf(ref);
      await keepAnAdmin(row, { role: row.role, disabled: true });
      // The sessions go with the account's flag: a session is looked up with its account on every request.
      await deleteStaffSessionsOf(db, row.id);
      return change(row, { disabled_at: row.disabled_at ?? clock() });
    },
    enable: async (ref) => change(await rowOf(ref), { disabled_at: null }),
    reset: async (ref) => issueLink(await rowOf(ref)),
    async firstAdminLink() {
      if ((await countStaffAccounts(db)) === 0) {
        // Instances starting together on one database: one creates the admin, the others find it below.
        const created = await create(firstAdmin).catch(() => undefined);
        if (created) return issueLink(created, keys.firstAdminToken(created.id, created.created_at));
      }
      const row = await findStaffAccountByEmail(db, firstAdmin.email);
      if (!row || row.password_hash !== null) return undefined;
      const token = keys.firstAdminToken(row.id, row.created_at);
      const link = await findStaffLink(db, storedHashOf(token));
      if (!link || link.used_at !== null) return undefined;
      if (link.expires_at <= clock()) return { expired: true };
      return { token, expiresAt: new Date(link.expires_at).toISOString() };
    },
  };
}
