// The shelter's own questions on the application form: their schema, and the rules an application's answers
// keep. Answer messages name the question and the rule, never the answer: answers are personal data.
import { Type, type Static } from '@sinclair/typebox';
import { noControlCharacters, noControlCharactersButNewline } from './control-characters.js';

export const questionTypes = ['text', 'yesno', 'number', 'choice'] as const;
export type QuestionType = (typeof questionTypes)[number];

export const maxQuestions = 30;
export const textAnswerMaxLength = 2000;

export const QuestionSchema = Type.Object(
  {
    id: Type.String({
      pattern: '^[a-z][a-z0-9-]{0,39}$',
      maxLength: 40,
      'x-pattern-rule': 'must be a lower-case letter then up to 39 lower-case letters, digits or hyphens',
      description: 'Key of the answer in `answers`',
      examples: ['why-adopt'],
    }),
    label: Type.String({ minLength: 1, maxLength: 200, ...noControlCharacters, description: 'The question' }),
    type: Type.Unsafe<QuestionType>({
      type: 'string',
      enum: [...questionTypes],
      description:
        'What an answer is: `text` (at most 2,000 characters), `yesno` (a boolean), `number`, or `choice` ' +
        '(one of `options`)',
    }),
    required: Type.Boolean({ description: 'Whether an application must answer it' }),
    options: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 100, ...noControlCharacters }), {
        minItems: 2,
        maxItems: 20,
        uniqueItems: true,
        description: 'For `choice` only: the answers allowed',
      }),
    ),
  },
  { $id: 'ApplicationQuestion', additionalProperties: false, description: 'One question of the form' },
);
export type Question = Static<typeof QuestionSchema>;

export const ApplicationFormSchema = Type.Object(
  {
    questions: Type.Array(Type.Ref(QuestionSchema), {
      maxItems: maxQuestions,
      description: `The questions, in the order the form asks them; at most ${maxQuestions}`,
    }),
  },
  { $id: 'ApplicationForm', additionalProperties: false, description: 'The shelter’s own questions' },
);
export type ApplicationForm = Static<typeof ApplicationFormSchema>;

/** What an answer may be, before it is checked against its question. */
export const AnswerSchema = Type.Union(
  [
    Type.String({ maxLength: textAnswerMaxLength, ...noControlCharactersButNewline }),
    Type.Number(),
    Type.Boolean(),
    Type.Null(),
  ],
  { description: 'A text, number, boolean or null, as its question’s type asks' },
);
export type Answer = Static<typeof AnswerSchema>;

/** What is wrong with a question set that its schema cannot say, or undefined when nothing is. */
export function questionSetProblem({ questions }: ApplicationForm): string | undefined {
  const ids = new Set<string>();
  for (const [i, question] of questions.entries()) {
    if (ids.has(question.id)) return `questions.${i}.id must be unique: another question has the same id`;
    ids.add(question.id);
    const hasOptions = question.options !== undefined;
    if (question.type === 'choice' && !hasOptions) return `questions.${i}.options is required for a choice`;
    if (question.type !== 'choice' && hasOptions) return `questions.${i}.options is only for a choice`;
  }
  return undefined;
}

/** Whether `answer` is one its question's type takes (null is no answer). */
function fits(question: Question, answer: Exclude<Answer, null>): string | undefined {
  switch (question.type) {
    case 'text':
      return typeof answer === 'string' ? undefined : 'must be a text';
    case 'yesno':
      return typeof answer === 'boolean' ? undefined : 'must be a boolean';
    case 'number':
      return typeof answer === 'number' ? undefined : 'must be a number';
    case 'choice':
      return typeof answer === 'string' && question.options!.includes(answer)
        ? undefined
        : `must be one of the question's options`;
  }
}

/**
 * What is wrong with the answers of an application, or undefined when nothing is: an answer to no question,
 * one of the wrong type, or a required one missing. The answers as stored: every question's, null where
 * none was given, in the form's order.
 */
export function checkAnswers(
  questions: readonly Question[],
  answers: Readonly<Record<string, Answer>>,
): { problem: string } | { answers: Record<string, Answer> } {
  const known = new Map(questions.map((q) => [q.id, q]));
  const unknown = Object.keys(answers).find((id) => !known.has(id));
  if (unknown !== undefined) return { problem: `answers.${unknown} answers no question of the form` };
  const checked: Record<string, Answer> = {};
  for (const question of questions) {
    const answer = answers[question.id] ?? null;
    if (answer === null || answer === '') {
      if (question.required) return { problem: `answers.${question.id} is required` };
      checked[question.id] = null;
      continue;
    }
    const wrong = fits(question, answer);
    if (wrong) return { problem: `answers.${question.id} ${wrong}` };
    checked[question.id] = answer;
  }
  return { answers: checked };
}
