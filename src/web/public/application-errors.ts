// The errors of a submitted application form, one per field, in the form's order, each worded for the
// person who filled it in (the GOV.UK error pattern: say what to do). The body is checked by the schema
// the API checks it with (NewApplicationSchema), and the shelter's answers by the domain's own rule.
import type { ErrorObject } from 'ajv';
import { checkAnswers, textAnswerMaxLength, type Question } from '../../domain/application-form.js';
import { NewApplicationSchema } from '../../domain/application-schema.js';
import { createValidatorCompiler } from '../../http/validation.js';
import type { Messages } from '../messages/en.js';
import type { FormField, FormGroup } from './application-fields.js';

export interface FieldError {
  field: FormField;
  message: string;
}

const validate = createValidatorCompiler([])({
  schema: NewApplicationSchema,
  httpPart: 'body',
  method: 'POST',
  url: '/adopt/apply',
});

/** The field an error is about: its path, or the nearest field above it (an item of the children's ages). */
function fieldNameOf(
  error: ErrorObject,
  rows: readonly number[],
  known: ReadonlySet<string>,
): string | undefined {
  const parts = error.instancePath.split('/').slice(1);
  if (error.keyword === 'required')
    parts.push(String((error.params as { missingProperty: string }).missingProperty));
  if (parts[0] === 'otherPets' && parts[1] !== undefined) parts[1] = String(rows[Number(parts[1])]);
  for (let length = parts.length; length > 0; length--) {
    const name = parts.slice(0, length).join('.');
    if (known.has(name)) return name;
  }
  return undefined;
}

export function messageOf(error: ErrorObject, field: FormField, m: Messages['apply']['errors']): string {
  const limits = error.parentSchema as { minimum?: number; maximum?: number; maxLength?: number } | undefined;
  const chooses = field.kind === 'choice' || field.kind === 'yesno';
  switch (error.keyword) {
    case 'required':
    case 'const':
      return field.missing ?? (chooses ? m.select(field.label) : m.enter(field.label));
    case 'maxLength':
      return m.tooLong(field.label, limits?.maxLength ?? 0);
    case 'minimum':
    case 'maximum':
      return m.range(field.label, limits?.minimum ?? 0, limits?.maximum ?? 0);
    case 'type':
      return field.kind === 'number' ? m.wholeNumber(field.label) : (field.invalid ?? m.invalid(field.label));
    case 'enum':
      return m.choose(field.label);
    default:
      return field.invalid ?? m.invalid(field.label);
  }
}

/** What is wrong with one of the shelter's own questions' answers, or undefined. */
function answerError(field: FormField, question: Question, answer: unknown, m: Messages['apply']['errors']) {
  if (typeof answer === 'string' && answer.length > textAnswerMaxLength)
    return m.tooLong(field.label, textAnswerMaxLength);
  const checked = checkAnswers([question], answer === undefined ? {} : { [question.id]: answer as string });
  if (!('problem' in checked)) return undefined;
  if (answer === undefined)
    return field.kind === 'textarea' || field.kind === 'number'
      ? m.enter(field.label)
      : m.select(field.label);
  return field.kind === 'number' ? m.number(field.label) : m.choose(field.label);
}

export function applicationErrors(
  groups: readonly FormGroup[],
  questions: readonly Question[],
  body: Record<string, unknown>,
  rows: readonly number[],
  messages: Messages,
): FieldError[] {
  const m = messages.apply.errors;
  const fields = groups.flatMap((group) => group.fields);
  const known = new Set(fields.map((field) => field.name));
  const byField = new Map<string, string>();
  if (!validate(body)) {
    for (const error of validate.errors ?? []) {
      const name = fieldNameOf(error, rows, known);
      const field = name === undefined ? undefined : fields.find((f) => f.name === name);
      if (field && !byField.has(field.name)) byField.set(field.name, messageOf(error, field, m));
    }
  }
  const answers = (body.answers ?? {}) as Record<string, unknown>;
  for (const question of questions) {
    const field = fields.find((f) => f.name === `answers.${question.id}`)!;
    // Checked against its question here, in words the schema's union of answer types cannot give.
    const problem = answerError(field, question, answers[question.id], m);
    if (problem) byField.set(field.name, problem);
  }
  return fields
    .filter((f) => byField.has(f.name))
    .map((field) => ({ field, message: byField.get(field.name)! }));
}
