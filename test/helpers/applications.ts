// Applications for the suites: a valid submission, and submitting one through HTTP.
import assert from 'node:assert/strict';
import type { TestApp, AppInstance } from './test-app.js';

let counter = 0;

/** A valid submission for the pet (or none), with an email of its own unless one is given. */
export function application(petId: number | null, overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    petId,
    applicant: { name: 'Ada Lovelace', email: `ada.${process.pid}.${counter}@example.org` },
    household: { adults: 2, children: 0 },
    home: { type: 'house', ownership: 'own' },
    answers: { 'why-adopt': 'Room to run' },
    consent: { dataProcessing: true },
    ...overrides,
  };
}

/** Submits with the app's all-scope key; fails unless 201. Returns the application as answered. */
export async function submit(
  t: Pick<TestApp | AppInstance, 'request' | 'auth'>,
  body: Record<string, unknown>,
): Promise<Record<string, unknown> & { id: string; status: string }> {
  const res = await t.request({ method: 'POST', url: '/v1/applications', headers: t.auth, payload: body });
  assert.equal(res.statusCode, 201, res.body);
  return res.json();
}

export async function act(
  t: Pick<TestApp | AppInstance, 'request' | 'auth'>,
  id: string,
  action: string,
  payload?: Record<string, unknown>,
) {
  return t.request({
    method: 'POST',
    url: `/v1/applications/${id}/${action}`,
    headers: t.auth,
    ...(payload ? { payload } : {}),
  });
}
