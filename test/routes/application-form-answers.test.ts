// Submitted answers against the shelter's questions, on every backend: each type takes its own kind of answer
// and refuses every other, a required question must be answered, an answer needs a question, an optional one
// left out comes back null, and no refusal quotes the value sent (answers are personal data).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { question, replaceForm } from '../helpers/application-form.js';
import { application, submit } from '../helpers/applications.js';
import { backends } from '../helpers/backends.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

const form = [
  question('reason', 'text', { required: true }),
  question('had-pets', 'yesno'),
  question('hours-out', 'number'),
  question('species', 'choice', { options: ['Cat', 'Dog'] }),
];
/** The least a submission to the form answers: its one required question. */
const required = { reason: 'A garden' };

/**
 * Answers of the wrong kind for each question. Those that a message could quote recognisably carry a marker,
 * Sekr1t or 98765, that no refusal may hold.
 */
const marker = /Sekr1t|98765/;
/** An answer as a test's name shows it. */
const shown = (value: unknown) =>
  typeof value === 'string' && value.length > 20 ? `a text of ${value.length}` : JSON.stringify(value);
const wrongAnswers: Array<[string, unknown]> = [
  ['reason', 'Sekr1t' + 'x'.repeat(1995)],
  ['reason', true],
  ['reason', 98765.4321],
  ['reason', 'Sekr1t-bell\u0007'],
  ['reason', ['Sekr1t-list']],
  ['reason', { note: 'Sekr1t-object' }],
  ['had-pets', 'Sekr1t-yes'],
  ['had-pets', 1],
  ['hours-out', 'Sekr1t-42'],
  ['hours-out', false],
  ['species', 'Sekr1t-Cat'],
  ['species', 'cat'],
  ['species', 98765.4321],
  ['species', true],
];

for (const backend of backends) {
  describe(`answers to the form's questions on ${backend.name}`, () => {
    let t: TestApp;
    before(async () => {
      t = await startTestApp(backend);
      await replaceForm(t, form);
    });
    after(() => t.close());

    const post = (answers: Record<string, unknown>) =>
      t.request({
        method: 'POST',
        url: '/v1/applications',
        headers: t.auth,
        payload: application(null, { answers }),
      });
    const stored = async (id: string) =>
      (await t.request({ url: `/v1/applications/${id}`, headers: t.auth })).json().answers;

    test('each type takes its kind, at its bounds; false and 0 are answers, kept as sent', async () => {
      const cases = [
        { reason: 'x'.repeat(2000), 'had-pets': false, 'hours-out': 0, species: 'Dog' },
        { reason: 'Line one\nline two', 'had-pets': true, 'hours-out': -2.5, species: 'Cat' },
        // Characters, not UTF-16 units: each of these is two.
        { reason: '🐾'.repeat(2000), 'had-pets': null, 'hours-out': 1e6, species: null },
      ];
      for (const answers of cases) {
        const answered = await submit(t, application(null, { answers }));
        assert.deepEqual(answered.answers, answers);
        assert.deepEqual(await stored(answered.id), answers, 'read back as answered');
      }
    });

    test('optional questions left out, or answered null, come back null', async () => {
      const nothing = { 'had-pets': null, 'hours-out': null, species: null };
      for (const answers of [required, { ...required, ...nothing }]) {
        const answered = await submit(t, application(null, { answers }));
        assert.deepEqual(answered.answers, { ...required, ...nothing });
        assert.deepEqual(await stored(answered.id), { ...required, ...nothing });
      }
    });

    for (const [id, value] of wrongAnswers) {
      test(`${id}: ${shown(value)} is 400, the value not quoted`, async () => {
        const res = await post({ ...required, [id]: value });
        assert.equal(res.statusCode, 400, res.body);
        assert.equal(res.json().code, 'validation_failed');
        assert.doesNotMatch(res.body, marker);
      });
    }

    test('a required question left out, or answered null, is 400 naming its id', async () => {
      for (const answers of [{}, { reason: null }, { 'had-pets': true }]) {
        const res = await post(answers);
        assert.equal(res.statusCode, 400, `${JSON.stringify(answers)}: ${res.body}`);
        assert.match(res.json().message, /\breason\b/);
      }
    });

    test('an answer to a question the form does not have is 400, the value not quoted', async () => {
      // why-adopt was a question of the starter set, which the form replaced.
      for (const id of ['why-adopt', 'no-such-question']) {
        const res = await post({ ...required, [id]: 'Sekr1t-stray' });
        assert.equal(res.statusCode, 400, `${id}: ${res.body}`);
        assert.equal(res.json().code, 'validation_failed');
        assert.doesNotMatch(res.body, marker);
      }
    });
  });
}
