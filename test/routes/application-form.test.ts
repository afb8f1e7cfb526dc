// The application form's question set through HTTP, on every backend: the starter set of a new deployment,
// a replaced set read back as sent, and the scopes that may read it and replace it.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { putForm, question, readForm, replaceForm } from '../helpers/application-form.js';
import { backends } from '../helpers/backends.js';
import { authWith } from '../helpers/scoped-keys.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

for (const backend of backends) {
  describe(`the application form's questions on ${backend.name}`, () => {
    let t: TestApp;
    before(async () => {
      t = await startTestApp(backend);
    });
    after(() => t.close());

    // First in the file: every later test replaces the set.
    test('a new deployment starts with the three starter questions, no options on any', async () => {
      const questions = await readForm(t);
      assert.deepEqual(
        questions.map((q) => q.label),
        [
          'Why do you want to adopt?',
          'Have you had a pet before?',
          'Who will care for the animal day to day?',
        ],
      );
      for (const q of questions) {
        assert.match(q.id, /^[a-z][a-z0-9-]{0,39}$/);
        assert.ok(['text', 'yesno', 'number', 'choice'].includes(q.type), q.type);
        assert.equal(typeof q.required, 'boolean');
        assert.ok(!('options' in q), `${q.id} is no choice, so it has no options`);
      }
    });

    test('PUT replaces the whole set: answered as set, and read back the same, in order', async () => {
      const questions = [
        question('home-visit', 'yesno', { label: 'May we visit your home?', required: true }),
        question('hours-out', 'number', { label: 'Hours a day you are out?' }),
        question('species', 'choice', { label: 'Cat or dog?', options: ['Cat', 'Dog', 'Either'] }),
        question('anything-else', 'text', { label: 'Anything else?' }),
      ];
      const res = await putForm(t, { questions });
      assert.equal(res.statusCode, 200, res.body);
      assert.deepEqual(res.json(), { questions });
      assert.deepEqual(await readForm(t), questions);
      // The set is replaced, not merged: the starter questions are gone.
      await replaceForm(t, [question('only-one', 'text')]);
      assert.deepEqual(await readForm(t), [question('only-one', 'text')]);
    });

    test('GET: a key with applications:submit or applications:manage reads the set; others are 403', async () => {
      const expected = await readForm(t);
      for (const scope of ['applications:submit', 'applications:manage'] as const) {
        assert.deepEqual(await readForm(t, await authWith(t, scope)), expected, scope);
      }
      for (const scope of ['applications:read', 'pets:read'] as const) {
        const res = await t.request({ url: '/v1/application-form', headers: await authWith(t, scope) });
        assert.equal(res.statusCode, 403, `${scope}: ${res.body}`);
      }
    });

    test('PUT: only a key with applications:manage replaces the set; a 403 changes nothing', async () => {
      const before = await readForm(t);
      const attempt = { questions: [question('by-the-wrong-key', 'text')] };
      for (const scope of ['applications:submit', 'applications:read'] as const) {
        const res = await putForm(t, attempt, await authWith(t, scope));
        assert.equal(res.statusCode, 403, `${scope}: ${res.body}`);
        assert.deepEqual(await readForm(t), before, `${scope} changed nothing`);
      }
      const manager = await putForm(t, attempt, await authWith(t, 'applications:manage'));
      assert.equal(manager.statusCode, 200, manager.body);
      assert.deepEqual(await readForm(t), attempt.questions);
    });
  });
}
