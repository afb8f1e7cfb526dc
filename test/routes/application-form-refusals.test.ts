// A question set that breaks a rule of the form is 400 and changes nothing, on every backend; the sets at
// each bound of those rules are taken. One table of cases, each the smallest break of one rule.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { putForm, question, readForm, replaceForm, type Question } from '../helpers/application-form.js';
import { backends } from '../helpers/backends.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

const text = (id = 'about-you') => question(id, 'text');
const choiceOf = (options: unknown[]) => ({ ...question('species', 'choice'), options });
const many = (count: number) => Array.from({ length: count }, (_, i) => text(`q${i}`));

/** Sets that break one rule each, named by the rule. */
const badSets: Array<[string, unknown]> = [
  ['an id that starts with a digit', { questions: [text('1st')] }],
  ['an id with a capital', { questions: [text('aboutYou')] }],
  ['an id with an underscore', { questions: [text('about_you')] }],
  ['an empty id', { questions: [text('')] }],
  ['an id of 41 characters', { questions: [text(`a${'b'.repeat(40)}`)] }],
  ['an empty label', { questions: [{ ...text(), label: '' }] }],
  ['a label of 201 characters', { questions: [{ ...text(), label: 'L'.repeat(201) }] }],
  ['an unknown type', { questions: [question('about-you', 'date')] }],
  ['a required that is no boolean', { questions: [{ ...text(), required: 'yes' }] }],
  ['a question without a label', { questions: [{ id: 'about-you', type: 'text', required: false }] }],
  ['options on a text question', { questions: [{ ...text(), options: ['Cat', 'Dog'] }] }],
  ['options on a yesno question', { questions: [{ ...question('ok', 'yesno'), options: ['Y', 'N'] }] }],
  [
    'a choice without options',
    { questions: [{ id: 'species', label: 'Which?', type: 'choice', required: false }] },
  ],
  ['a choice of one option', { questions: [choiceOf(['Cat'])] }],
  ['a choice of 21 options', { questions: [choiceOf(Array.from({ length: 21 }, (_, i) => `O${i}`))] }],
  ['an empty option', { questions: [choiceOf(['Cat', ''])] }],
  ['an option of 101 characters', { questions: [choiceOf(['Cat', 'D'.repeat(101)])] }],
  ['an option that is no string', { questions: [choiceOf(['Cat', 2])] }],
  ['31 questions', { questions: many(31) }],
  // Answers are keyed by question id: two questions of one id could not both be answered.
  ['two questions of one id', { questions: [text('twice'), question('twice', 'yesno')] }],
  ['no questions field', {}],
];

/** Sets at the bounds, each of which must be taken. */
const boundSets: Array<[string, Question[]]> = [
  ['an id of one letter', [text('a')]],
  ['an id of 40 characters, digits and hyphens', [text(`a${'-9'.repeat(19)}b`)]],
  [
    'a label of 1 character and one of 200',
    [
      { ...text('a'), label: '?' },
      { ...text('b'), label: 'L'.repeat(200) },
    ],
  ],
  ['a choice of 2 options', [choiceOf(['Cat', 'Dog']) as Question]],
  [
    'a choice of 20 options, of 1 and 100 characters',
    [choiceOf(['C', 'D'.repeat(100), ...Array.from({ length: 18 }, (_, i) => `O${i}`)]) as Question],
  ],
  ['30 questions', many(30)],
];

for (const backend of backends) {
  describe(`question sets refused and taken on ${backend.name}`, () => {
    let t: TestApp;
    // A set of every type, so that a refusal that wiped or half-replaced it would show.
    const kept = [question('kept-text', 'text', { required: true }), question('kept-choice', 'choice')];
    before(async () => {
      t = await startTestApp(backend);
    });
    after(() => t.close());

    for (const [rule, body] of badSets) {
      test(`${rule}: 400, and the set is unchanged`, async () => {
        await replaceForm(t, kept);
        const res = await putForm(t, body);
        assert.equal(res.statusCode, 400, res.body);
        assert.ok(['application_form_invalid', 'validation_failed'].includes(res.json().code), res.body);
        assert.deepEqual(await readForm(t), kept);
      });
    }

    for (const [bound, questions] of boundSets) {
      test(`${bound}: taken, and read back as sent`, async () => {
        await replaceForm(t, kept);
        const res = await putForm(t, { questions });
        assert.equal(res.statusCode, 200, res.body);
        assert.deepEqual(await readForm(t), questions);
      });
    }
  });
}
