// Reading and writing staff accounts, their one-time links, their sessions and their sign-in failures.
// Links and sessions are found by the SHA-256 of what the browser holds; failures by that of what they count.
// None of these rows is read through a cache, so their writes announce nothing (src/services/writes.ts is
// for what a cached read may show); the two that change several rows at once are one transaction here.
import type { Kysely, Transaction, Updateable } from 'kysely';
import type { Database, StaffAccountRow, StaffAccountsTable } from '../schema.js';

type Db = Kysely<Database> | Transaction<Database>;

export async function insertStaffAccount(
  db: Db,
  row: Omit<StaffAccountRow, 'id' | 'password_hash' | 'disabled_at'>,
): Promise<StaffAccountRow> {
  return db.insertInto('staff_accounts').values(row).returningAll().executeTakeFirstOrThrow();
}

export const findStaffAccount = (db: Db, id: number): Promise<StaffAccountRow | undefined> =>
  db.selectFrom('staff_accounts').selectAll().where('id', '=', id).executeTakeFirst();

export const findStaffAccountByEmail = (db: Db, emailKey: string): Promise<StaffAccountRow | undefined> =>
  db.selectFrom('staff_accounts').selectAll().where('email_key', '=', emailKey).executeTakeFirst();

export const listStaffAccounts = (db: Db): Promise<StaffAccountRow[]> =>
  db.selectFrom('staff_accounts').selectAll().orderBy('id').execute();

export async function countStaffAccounts(db: Db): Promise<number> {
  const { count } = await db
    .selectFrom('staff_accounts')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(count);
}

export const updateStaffAccount = (
  db: Db,
  id: number,
  changes: Updateable<StaffAccountsTable>,
): Promise<StaffAccountRow | undefined> =>
  db.updateTable('staff_accounts').set(changes).where('id', '=', id).returningAll().executeTakeFirst();

/** Replaces the account's unused links with this one: only the newest link of an account works. */
export async function replaceStaffLink(
  db: Db,
  link: { token_hash: string; account_id: number; created_at: number; expires_at: number },
): Promise<void> {
  await db
    .deleteFrom('staff_links')
    .where('account_id', '=', link.account_id)
    .where('used_at', 'is', null)
    .execute();
  await db
    .insertInto('staff_links')
    .values({ ...link, used_at: null })
    .execute();
}

export const findStaffLink = (db: Db, tokenHash: string) =>
  db.selectFrom('staff_links').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();

/** Marks the link used, if it was not; whether this call was the one that used it. */
export async function useStaffLink(db: Db, tokenHash: string, now: number): Promise<boolean> {
  const { numUpdatedRows } = await db
    .updateTable('staff_links')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return numUpdatedRows > 0n;
}

export async function insertStaffSession(
  db: Db,
  session: { id_hash: string; account_id: number; created_at: number },
): Promise<void> {
  await db
    .insertInto('staff_sessions')
    .values({ ...session, last_seen_at: session.created_at })
    .execute();
}

/** The session and its account, found by the hash of the id the cookie holds. */
export const findStaffSession = (db: Db, idHash: string) =>
  db
    .selectFrom('staff_sessions')
    .innerJoin('staff_accounts', 'staff_accounts.id', 'staff_sessions.account_id')
    .selectAll('staff_accounts')
    .select([
      'staff_sessions.id_hash',
      'staff_sessions.created_at as session_created_at',
      'staff_sessions.last_seen_at',
    ])
    .where('staff_sessions.id_hash', '=', idHash)
    .executeTakeFirst();

/** Every session's account and times, for the admins' list; the id's hash stays here. */
export const listStaffSessions = (db: Db) =>
  db
    .selectFrom('staff_sessions')
    .select(['account_id', 'created_at', 'last_seen_at'])
    .orderBy('last_seen_at', 'desc')
    .execute();

export async function touchStaffSession(db: Db, idHash: string, now: number): Promise<void> {
  await db.updateTable('staff_sessions').set({ last_seen_at: now }).where('id_hash', '=', idHash).execute();
}

export async function deleteStaffSession(db: Db, idHash: string): Promise<void> {
  await db.deleteFrom('staff_sessions').where('id_hash', '=', idHash).execute();
}

/** Ends every session of the account but `keep` (the one making the change), if given. */
export async function deleteStaffSessionsOf(db: Db, accountId: number, keep?: string): Promise<void> {
  let query = db.deleteFrom('staff_sessions').where('account_id', '=', accountId);
  if (keep !== undefined) query = query.where('id_hash', '!=', keep);
  await query.execute();
}

export const findSignInFailures = (db: Db, subjectHashes: string[]) =>
  db.selectFrom('staff_sign_in_failures').selectAll().where('subject_hash', 'in', subjectHashes).execute();

export async function addSignInFailure(db: Db, subjectHash: string, now: number, forgetBefore: number) {
  await db
    .insertInto('staff_sign_in_failures')
    .values({ subject_hash: subjectHash, failures: 1, last_failure_at: now })
    .onConflict((conflict) =>
      conflict.column('subject_hash').doUpdateSet((eb) => ({
        // Failures long past are forgotten: the count starts again.
        failures: eb
          .case()
          .when('staff_sign_in_failures.last_failure_at', '<', forgetBefore)
          .then(1)
          .else(eb('staff_sign_in_failures.failures', '+', 1))
          .end(),
        last_failure_at: now,
      })),
    )
    .execute();
}

export async function clearSignInFailures(db: Db, subjectHash: string): Promise<void> {
  await db.deleteFrom('staff_sign_in_failures').where('subject_hash', '=', subjectHash).execute();
}

/**
 * Uses the link and sets the account's password, ends its sessions and starts `session`, in one transaction;
 * false, with nothing changed, when the link was used already (two tabs sending the same link).
 */
export async function setPasswordByLink(
  db: Kysely<Database>,
  change: { tokenHash: string; accountId: number; passwordHash: string; sessionHash: string; now: number },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (!(await useStaffLink(trx, change.tokenHash, change.now))) return false;
    await updateStaffAccount(trx, change.accountId, {
      password_hash: change.passwordHash,
      updated_at: change.now,
    });
    await deleteStaffSessionsOf(trx, change.accountId);
    await insertStaffSession(trx, {
      id_hash: change.sessionHash,
      account_id: change.accountId,
      created_at: change.now,
    });
    return true;
  });
}

/** Sets the password and ends every session of the account but `keep`, in one transaction. */
export async function changeStaffPassword(
  db: Kysely<Database>,
  change: { accountId: number; passwordHash: string; keep: string; now: number },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await updateStaffAccount(trx, change.accountId, {
      password_hash: change.passwordHash,
      updated_at: change.now,
    });
    await deleteStaffSessionsOf(trx, change.accountId, change.keep);
  });
}
