// The internal notes of applications.
import type { Kysely, Transaction } from 'kysely';
import type { ApplicationNoteRow, Database } from '../schema.js';

type Db = Kysely<Database> | Transaction<Database>;

export async function insertApplicationNote(
  db: Db,
  note: { application_id: string; text: string; author: string; created_at: number },
): Promise<ApplicationNoteRow> {
  return db.insertInto('application_notes').values(note).returningAll().executeTakeFirstOrThrow();
}

/** The notes of each application, oldest first. */
export async function notesOf(
  db: Db,
  applicationIds: readonly string[],
): Promise<Map<string, ApplicationNoteRow[]>> {
  const notes = new Map<string, ApplicationNoteRow[]>(applicationIds.map((id) => [id, []]));
  if (applicationIds.length === 0) return notes;
  const rows = await db
    .selectFrom('application_notes')
    .selectAll()
    .where('application_id', 'in', [...applicationIds])
    .orderBy('id')
    .execute();
  for (const row of rows) notes.get(row.application_id)!.push(row);
  return notes;
}

export async function deleteNotesOf(db: Db, applicationId: string): Promise<void> {
  await db.deleteFrom('application_notes').where('application_id', '=', applicationId).execute();
}
