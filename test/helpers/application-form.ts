// The application form's question set through HTTP: read it, replace it, and questions to build sets from.
import assert from 'node:assert/strict';
import type { TestApp } from './test-app.js';

type Caller = Pick<TestApp, 'request' | 'auth'>;

export interface Question {
  id: string;
  label: string;
  type: string;
  required: boolean;
  options?: string[];
}

/** A question of `type`; a choice offers Cat and Dog unless `fields` say otherwise. */
export function question(id: string, type: string, fields: Partial<Question> = {}): Question {
  return {
    id,
    label: `Question ${id}?`,
    type,
    required: false,
    ...(type === 'choice' ? { options: ['Cat', 'Dog'] } : {}),
    ...fields,
  };
}

/** GET /v1/application-form with the key of `headers`; fails unless 200. Returns its questions. */
export async function readForm(t: Caller, headers = t.auth): Promise<Question[]> {
  const res = await t.request({ url: '/v1/application-form', headers });
  assert.equal(res.statusCode, 200, res.body);
  return res.json().questions;
}

/** PUT /v1/application-form with `body` as sent, whatever it is; the answer is the caller's to check. */
export function putForm(t: Caller, body: unknown, headers = t.auth) {
  return t.request({ method: 'PUT', url: '/v1/application-form', headers, payload: body as object });
}

/** Replaces the question set; fails unless 200. */
export async function replaceForm(t: Caller, questions: Question[]): Promise<void> {
  const res = await putForm(t, { questions });
  assert.equal(res.statusCode, 200, res.body);
}
