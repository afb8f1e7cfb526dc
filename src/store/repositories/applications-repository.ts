// Reading and writing application rows. Every status change is conditional on the status it starts from, so
// that simultaneous actions on one application end in one consistent state.
import type { Kysely, Transaction } from 'kysely';
import type { ApplicationStatus } from '../../domain/application.js';
import type { ApplicationRow, ApplicationRowChange, Database, NewApplicationRow } from '../schema.js';

type Db = Kysely<Database> | Transaction<Database>;

/** The unique index that allows one open application per applicant and animal. */
export const oneOpenApplicationIndex = 'applications_one_open_per_applicant';

export async function insertApplication(db: Db, row: NewApplicationRow): Promise<ApplicationRow> {
  return db.insertInto('applications').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function findApplication(db: Db, id: string): Promise<ApplicationRow | undefined> {
  return db.selectFrom('applications').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Every application of an email (as compared), oldest first. */
export async function findApplicationsByEmail(db: Db, emailKey: string): Promise<ApplicationRow[]> {
  return db.selectFrom('applications').selectAll().where('email_key', '=', emailKey).orderBy('seq').execute();
}

/** The application whose approval placed `orderId`, if any. */
export async function findApplicationByOrder(db: Db, orderId: number): Promise<ApplicationRow | undefined> {
  return db.selectFrom('applications').selectAll().where('order_id', '=', orderId).executeTakeFirst();
}

/** The applications that placed the orders of `orderIds`: at most one each. */
export async function findApplicationsByOrders(
  db: Db,
  orderIds: readonly number[],
): Promise<ApplicationRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .selectFrom('applications')
    .selectAll()
    .where('order_id', 'in', [...orderIds])
    .execute();
}

/**
 * Changes the application only when it is in one of `from` (and, with `unerased`, not erased): returns it as
 * it now is, or undefined when another change got there first.
 */
export async function updateApplication(
  db: Db,
  id: string,
  from: readonly ApplicationStatus[],
  change: ApplicationRowChange,
  { unerased = false }: { unerased?: boolean } = {},
): Promise<ApplicationRow | undefined> {
  let query = db
    .updateTable('applications')
    .set(change)
    .where('id', '=', id)
    .where('status', 'in', [...from]);
  if (unerased) query = query.where('erased_at', 'is', null);
  return query.returningAll().executeTakeFirst();
}

/** Changes every application for the animal in one of `from`; returns them as they now are. */
export async function updateApplicationsOfPet(
  db: Db,
  petId: number,
  from: readonly ApplicationStatus[],
  change: ApplicationRowChange,
): Promise<ApplicationRow[]> {
  return db
    .updateTable('applications')
    .set(change)
    .where('pet_id', '=', petId)
    .where('status', 'in', [...from])
    .returningAll()
    .execute();
}

/** Replaces the personal fields of an application not yet erased; undefined when it was already. */
export async function eraseApplicationRow(
  db: Db,
  id: string,
  change: ApplicationRowChange,
): Promise<ApplicationRow | undefined> {
  return db
    .updateTable('applications')
    .set(change)
    .where('id', '=', id)
    .where('erased_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

/** Ids of applications not yet erased whose retention date has passed, oldest first. */
export async function applicationsDue(db: Db, now: number, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('applications')
    .select('id')
    .where('retain_until', '<=', now)
    .where('erased_at', 'is', null)
    .orderBy('retain_until')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

export interface ApplicationPageQuery {
  status: ApplicationStatus | undefined;
  petId: number | undefined;
  /** Folded words of `q`: each must be a word of name or email, the prefix the start of one. */
  words: readonly string[];
  prefix: string | undefined;
  descending: boolean;
  /** The last application seen: its creation time and its seq. */
  after: { createdAt: number; seq: number } | undefined;
  limit: number;
}

/** One keyset page of applications by (created_at, seq), ascending or descending. */
export async function listApplications(
  db: Db,
  { status, petId, words, prefix, descending, after, limit }: ApplicationPageQuery,
): Promise<ApplicationRow[]> {
  let query = db.selectFrom('applications').selectAll();
  if (status) query = query.where('status', '=', status);
  if (petId !== undefined) query = query.where('pet_id', '=', petId);
  for (const word of words) query = query.where('search_words', 'like', `% ${word} %`);
  if (prefix !== undefined) query = query.where('search_words', 'like', `% ${prefix}%`);
  if (after) {
    const beyond = descending ? '<' : '>';
    query = query.where((eb) =>
      eb.or([
        eb('created_at', beyond, after.createdAt),
        eb.and([eb('created_at', '=', after.createdAt), eb('seq', beyond, after.seq)]),
      ]),
    );
  }
  const direction = descending ? 'desc' : 'asc';
  return query.orderBy('created_at', direction).orderBy('seq', direction).limit(limit).execute();
}

/** How many applications are in each status. */
export async function countApplicationsByStatus(
  db: Db,
): Promise<Array<{ status: ApplicationStatus; count: number }>> {
  const rows = await db
    .selectFrom('applications')
    .select(['status', db.fn.countAll<number | string>().as('count')])
    .groupBy('status')
    .execute();
  return rows.map((row) => ({ status: row.status, count: Number(row.count) }));
}
