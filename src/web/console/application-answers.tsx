// The whole of an application as staff read it: every answer in the order the public form asks it, under
// the form's own headings and labels (application-fields.ts), the shelter's questions with their labels, and
// the consent with its time. Answers to questions removed since come last, by the question's id.
import type { Question } from '../../domain/application-form.js';
import type { Application } from '../../domain/application-schema.js';
import type { Messages } from '../messages/en.js';
import { applicationGroups, type FormField } from '../public/application-fields.js';
import { SummaryRow } from './summary-row.js';

/** The value at a field's dotted name (`applicant.address.city`, `otherPets.1.count`, `answers.why-adopt`). */
function valueAt(application: Application, name: string): unknown {
  if (name.startsWith('answers.')) return application.answers[name.slice('answers.'.length)];
  let node: unknown = application;
  for (const step of name.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[step];
  }
  return node;
}

function shown(messages: Messages, field: FormField, value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value === 'boolean') return value ? messages.known.yes : messages.known.no;
  if (Array.isArray(value)) return value.length > 0 ? value.join(', ') : undefined;
  const text = String(value);
  return field.options?.find((option) => option.value === text)?.label ?? text;
}

const textOf = (messages: Messages, value: unknown) =>
  shown(messages, { name: '', kind: 'text', label: '', required: false }, value);

function Row({ label, value, missing }: { label: string; value: string | undefined; missing: string }) {
  return (
    <SummaryRow label={label} valueClass={value === undefined ? 'not-given' : 'multiline'}>
      {value ?? missing}
    </SummaryRow>
  );
}

export function ApplicationAnswers({
  messages,
  application,
  questions,
}: {
  messages: Messages;
  application: Application;
  questions: readonly Question[];
}) {
  const d = messages.console.applications.detail;
  const asked = new Set(questions.map((question) => question.id));
  const removed = Object.keys(application.answers).filter((id) => !asked.has(id));
  const groups = applicationGroups(messages, questions).filter(
    // Rows of other pets beyond those given were never filled in.
    (group) =>
      !group.id.startsWith('other-pet-') || Number(group.id.slice(10)) < application.otherPets.length,
  );
  return (
    <>
      {groups.map((group) => (
        <section class="answers" aria-labelledby={`answers-${group.id}`} key={group.id}>
          <h3 id={`answers-${group.id}`}>{group.legend}</h3>
          <dl class="summary-list">
            {group.fields.map((field) => (
              <Row
                label={field.label}
                value={shown(messages, field, valueAt(application, field.name))}
                missing={d.notGiven}
              />
            ))}
            {group.id === 'consent' && (
              <Row
                label={d.consentGiven}
                value={messages.console.activity.at(application.consent.givenAt)}
                missing={d.notGiven}
              />
            )}
          </dl>
        </section>
      ))}
      {removed.length > 0 && (
        <section class="answers" aria-labelledby="answers-removed">
          <h3 id="answers-removed">{d.removedQuestions}</h3>
          <dl class="summary-list">
            {removed.map((id) => (
              <Row label={id} value={textOf(messages, application.answers[id])} missing={d.notGiven} />
            ))}
          </dl>
        </section>
      )}
    </>
  );
}
