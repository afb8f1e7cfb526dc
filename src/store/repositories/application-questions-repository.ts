// The shelter's application form: its questions in order, replaced as a whole.
import type { Kysely, Transaction } from 'kysely';
import type { Question } from '../../domain/application-form.js';
import type { Database } from '../schema.js';

type Db = Kysely<Database> | Transaction<Database>;

export async function readQuestions(db: Db): Promise<Question[]> {
  const rows = await db.selectFrom('application_questions').selectAll().orderBy('position').execute();
  return rows.map((row) => ({
    id: row.id,
    label: row.label,
    type: row.type,
    required: row.required === 1,
    ...(row.options === null ? {} : { options: JSON.parse(row.options) as string[] }),
  }));
}

/** Replaces every question; run inside a transaction, so that no reader sees half a form. */
export async function replaceQuestions(
  trx: Transaction<Database>,
  questions: readonly Question[],
): Promise<void> {
  await trx.deleteFrom('application_questions').execute();
  if (questions.length === 0) return;
  await trx
    .insertInto('application_questions')
    .values(
      questions.map((q, position) => ({
        position,
        id: q.id,
        label: q.label,
        type: q.type,
        required: q.required ? 1 : 0,
        options: q.options ? JSON.stringify(q.options) : null,
      })),
    )
    .execute();
}
