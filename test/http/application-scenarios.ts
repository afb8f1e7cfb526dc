// The applications' rows of the api-scenarios table: submitting, listing, the status table's actions, notes,
// the question set and the personal-data operations, each outcome its operations document.
import assert from 'node:assert/strict';
import { application, submit } from '../helpers/applications.js';
import { newPet, type Caller } from '../helpers/http-calls.js';
import type { ApiScenario } from './api-scenarios.js';
import {
  forbidden,
  invalid,
  json,
  noKey,
  plainText,
  tooLarge,
  tooLong,
  uriTooLong,
} from './scenario-outcomes.js';

/** What the application rows make as they run. */
export interface ApplicationData {
  /** The application the life rows act on. */
  applicationId: string;
  /** Submits an application for a new available pet (or `null`: none, or `sold`: a sold one); its id. */
  submitApplication(pet?: 'available' | 'sold' | null): Promise<string>;
  /** The body of an application that is open already, so that sending it again is a second one. */
  openApplicationBody(): Promise<Record<string, unknown>>;
  /** An application whose personal data was erased on request; its id. */
  erasedApplication(): Promise<string>;
  /** An application that was declined; its id. */
  declinedApplication(): Promise<string>;
}

export function applicationData(t: Caller): ApplicationData {
  const send = async (body: Record<string, unknown>) => (await submit(t, body)).id;
  const bodyFor = async (pet: 'available' | 'sold' | null) =>
    application(pet === null ? null : await newPet(t, { name: 'Wanted', status: pet }));
  /** A POST that must answer 200. */
  const done = async (url: string, payload: Record<string, unknown>) => {
    const res = await t.request({ method: 'POST', url, headers: t.auth, payload });
    assert.equal(res.statusCode, 200, res.body);
  };
  return {
    applicationId: '',
    submitApplication: async (pet = 'available') => send(await bodyFor(pet)),
    async openApplicationBody() {
      const body = await bodyFor('available');
      await send(body);
      return body;
    },
    async declinedApplication() {
      const id = await send(await bodyFor('available'));
      await done(`/v1/applications/${id}/decline`, { reason: 'No fence' });
      return id;
    },
    async erasedApplication() {
      const body = await bodyFor('available');
      const id = await send(body);
      await done('/v1/applicants/erase', { email: (body.applicant as { email: string }).email });
      return id;
    },
  };
}

const post = 'POST';
const unknownId = 'AAAAAAAAAAAAAAAAAAAAAA';
const notFound = { expectedStatus: 404, expectedCode: 'application_not_found' } as const;
const conflict = { expectedStatus: 409, expectedCode: 'application_status_conflict' } as const;
const overLimit = (bytes: number) => JSON.stringify({ x: 'x'.repeat(bytes) });
const theOne = (action: string) => async (d: ApplicationData) =>
  `/v1/applications/${d.applicationId}/${action}`;
const aNew = (action: string) => async (d: ApplicationData) =>
  `/v1/applications/${await d.submitApplication()}/${action}`;
/** The starter set of docs/applications.md, so that later submissions still answer the questions. */
const starterForm = {
  questions: [
    { id: 'why-adopt', label: 'Why do you want to adopt?', type: 'text', required: true },
    { id: 'had-pet-before', label: 'Have you had a pet before?', type: 'yesno', required: false },
    {
      id: 'day-to-day-carer',
      label: 'Who will care for the animal day to day?',
      type: 'text',
      required: false,
    },
  ],
};

// prettier-ignore
const submitting: ApiScenario[] = [
  { name: 'submit an application', method: post, url: '/v1/applications', body: async () => application(null), expectedStatus: 201, expectedBody: { status: 'submitted', petId: null, orderId: null } },
  { name: 'submit an application with a website’s key: a receipt', method: post, url: '/v1/applications', key: 'submitOnly', body: async () => application(null), expectedStatus: 201, expectedBody: { status: 'submitted', applicant: undefined, household: undefined } },
  { name: 'submit an application without consent', method: post, url: '/v1/applications', body: async () => application(null, { consent: { dataProcessing: false } }), ...invalid },
  { name: 'submit an application with a field it does not take', method: post, url: '/v1/applications', body: async () => application(null, { salary: 1 }), ...invalid },
  { name: 'submit an application from broken JSON', method: post, url: '/v1/applications', headers: json, body: '{', expectedStatus: 400, expectedCode: 'malformed_json' },
  { name: 'submit an application from plain text', method: post, url: '/v1/applications', ...plainText },
  { name: 'submit an application over its body limit', method: post, url: '/v1/applications', headers: json, body: async () => JSON.stringify(application(null, { experience: 'x'.repeat(40_000) })), ...tooLarge },
  { name: 'submit an application for a pet that does not exist', method: post, url: '/v1/applications', body: async () => application(987654), expectedStatus: 404, expectedCode: 'pet_not_found' },
  { name: 'submit a second open application for the same pet', method: post, url: '/v1/applications', body: (d) => d.openApplicationBody(), expectedStatus: 409, expectedCode: 'application_exists' },
  { name: 'submit an application without a key', method: post, url: '/v1/applications', body: async () => application(null), ...noKey },
  { name: 'submit an application without the scope', method: post, url: '/v1/applications', key: 'petsOnly', body: async () => application(null), ...forbidden },
];

// prettier-ignore
const reading: ApiScenario[] = [
  { name: 'list applications', url: '/v1/applications?limit=2', expectedStatus: 200 },
  { name: 'list applications by status and words', url: '/v1/applications?status=submitted&q=ada&sort=createdAt', expectedStatus: 200 },
  { name: 'list applications with a limit of 0', url: '/v1/applications?limit=0', ...invalid },
  { name: 'list applications from a broken cursor', url: '/v1/applications?cursor=broken', expectedStatus: 400, expectedCode: 'invalid_cursor' },
  { name: 'list applications without a key', url: '/v1/applications', ...noKey },
  { name: 'list applications with a website’s key', url: '/v1/applications', key: 'submitOnly', ...forbidden },
  { name: 'count applications', url: '/v1/applications/counts', expectedStatus: 200 },
  { name: 'count applications with a query they do not take', url: '/v1/applications/counts?limit=1', ...invalid },
  { name: 'count applications without a key', url: '/v1/applications/counts', ...noKey },
  { name: 'count applications with a website’s key', url: '/v1/applications/counts', key: 'submitOnly', ...forbidden },
  { name: 'get an application just submitted', url: async (d) => `/v1/applications/${(d.applicationId = await d.submitApplication())}`, expectedStatus: 200, expectedBody: { status: 'submitted', notes: [] } },
  { name: 'get an application by a word', url: '/v1/applications/x', ...invalid },
  { name: 'get an application that does not exist', url: `/v1/applications/${unknownId}`, ...notFound },
  { name: 'get an application by an id too long', url: `/v1/applications/${tooLong}`, ...uriTooLong },
  { name: 'get an application without a key', url: `/v1/applications/${unknownId}`, ...noKey },
  { name: 'get an application with a website’s key', url: `/v1/applications/${unknownId}`, key: 'submitOnly', ...forbidden },
];

// prettier-ignore
const deciding: ApiScenario[] = [
  // The application just read, through its life.
  { name: 'review it', method: post, url: theOne('review'), expectedStatus: 200, expectedBody: { status: 'in_review' } },
  { name: 'review it again', method: post, url: theOne('review'), expectedStatus: 200, expectedBody: { status: 'in_review' } },
  { name: 'approve it', method: post, url: theOne('approve'), expectedStatus: 200, expectedBody: { status: 'approved' } },
  { name: 'review it once approved', method: post, url: theOne('review'), ...conflict },
  { name: 'withdraw it', method: post, url: theOne('withdraw'), expectedStatus: 200, expectedBody: { status: 'withdrawn' } },
  { name: 'approve it once withdrawn', method: post, url: theOne('approve'), ...conflict },
  { name: 'decline it once withdrawn', method: post, url: theOne('decline'), body: { reason: 'Too late' }, ...conflict },
  { name: 'decline a submitted application', method: post, url: aNew('decline'), body: { reason: 'No fence' }, expectedStatus: 200, expectedBody: { status: 'declined', declineReason: 'No fence' } },
  { name: 'withdraw a declined application', method: post, url: async (d) => `/v1/applications/${await d.declinedApplication()}/withdraw`, ...conflict },
  { name: 'decline without a reason', method: post, url: aNew('decline'), body: {}, ...invalid },
  { name: 'approve an application for a sold pet', method: post, url: async (d) => `/v1/applications/${await d.submitApplication('sold')}/approve`, expectedStatus: 409, expectedCode: 'pet_not_available' },
  { name: 'approve an application that names no animal', method: post, url: async (d) => `/v1/applications/${await d.submitApplication(null)}/approve`, ...conflict },
  ...(['review', 'approve', 'decline', 'withdraw'] as const).flatMap((action): ApiScenario[] => {
    const body = action === 'decline' ? { reason: 'Moved away' } : undefined;
    return [
      { name: `${action} an application by a word`, method: post, url: `/v1/applications/x/${action}`, body, ...invalid },
      { name: `${action} an application that does not exist`, method: post, url: `/v1/applications/${unknownId}/${action}`, body, ...notFound },
      { name: `${action} an application by an id too long`, method: post, url: `/v1/applications/${tooLong}/${action}`, body, ...uriTooLong },
      { name: `${action} an application with a field it does not take`, method: post, url: aNew(action), body: { ...body, x: 1 }, ...invalid },
      { name: `${action} an application from plain text`, method: post, url: aNew(action), ...plainText },
      { name: `${action} an application with a body over the limit`, method: post, url: aNew(action), headers: json, body: overLimit(20_000), ...tooLarge },
      { name: `${action} an application without a key`, method: post, url: `/v1/applications/${unknownId}/${action}`, body, ...noKey },
      { name: `${action} an application with only applications:read`, method: post, url: aNew(action), key: 'readOnly', body, ...forbidden },
    ];
  }),
  { name: 'add a note', method: post, url: theOne('notes'), body: { text: 'Called the landlord' }, expectedStatus: 201, expectedBody: { text: 'Called the landlord' } },
  { name: 'add an empty note', method: post, url: theOne('notes'), body: { text: ' ' }, ...invalid },
  { name: 'add a note to an application that does not exist', method: post, url: `/v1/applications/${unknownId}/notes`, body: { text: 'x' }, ...notFound },
  { name: 'add a note to an erased application', method: post, url: async (d) => `/v1/applications/${await d.erasedApplication()}/notes`, body: { text: 'x' }, ...conflict },
  { name: 'add a note by an id too long', method: post, url: `/v1/applications/${tooLong}/notes`, body: { text: 'x' }, ...uriTooLong },
  { name: 'add a note from plain text', method: post, url: theOne('notes'), ...plainText },
  { name: 'add a note with a body over the limit', method: post, url: theOne('notes'), headers: json, body: overLimit(20_000), ...tooLarge },
  { name: 'add a note without a key', method: post, url: theOne('notes'), body: { text: 'x' }, ...noKey },
  { name: 'add a note with only applications:read', method: post, url: theOne('notes'), key: 'readOnly', body: { text: 'x' }, ...forbidden },
];

// prettier-ignore
const shelterData: ApiScenario[] = [
  { name: 'read the question set', url: '/v1/application-form', key: 'submitOnly', expectedStatus: 200 },
  { name: 'read the question set with a query it does not take', url: '/v1/application-form?limit=1', ...invalid },
  { name: 'read the question set without a key', url: '/v1/application-form', ...noKey },
  { name: 'read the question set without the scope', url: '/v1/application-form', key: 'readOnly', ...forbidden },
  { name: 'replace the question set', method: 'PUT', url: '/v1/application-form', body: starterForm, expectedStatus: 200, expectedBody: starterForm },
  { name: 'replace the question set with two questions of one id', method: 'PUT', url: '/v1/application-form', body: { questions: [starterForm.questions[0], starterForm.questions[0]] }, expectedStatus: 400, expectedCode: 'application_form_invalid' },
  { name: 'replace the question set from broken JSON', method: 'PUT', url: '/v1/application-form', headers: json, body: '{', expectedStatus: 400, expectedCode: 'malformed_json' },
  { name: 'replace the question set from plain text', method: 'PUT', url: '/v1/application-form', ...plainText },
  { name: 'replace the question set with a body over the limit', method: 'PUT', url: '/v1/application-form', headers: json, body: overLimit(200_000), ...tooLarge },
  { name: 'replace the question set without a key', method: 'PUT', url: '/v1/application-form', body: starterForm, ...noKey },
  { name: 'replace the question set with a website’s key', method: 'PUT', url: '/v1/application-form', key: 'submitOnly', body: starterForm, ...forbidden },
  { name: 'export an applicant’s data', url: '/v1/applicants?email=ADA@example.org', expectedStatus: 200, expectedBody: { email: 'ADA@example.org' } },
  { name: 'export an applicant’s data without an email', url: '/v1/applicants', ...invalid },
  { name: 'export an applicant’s data without a key', url: '/v1/applicants?email=a@example.org', ...noKey },
  { name: 'export an applicant’s data with only applications:read', url: '/v1/applicants?email=a@example.org', key: 'readOnly', ...forbidden },
  { name: 'erase an applicant’s data', method: post, url: '/v1/applicants/erase', body: { email: 'nobody@example.org' }, expectedStatus: 200, expectedBody: { erased: 0 } },
  { name: 'erase an applicant’s data without an email', method: post, url: '/v1/applicants/erase', body: {}, ...invalid },
  { name: 'erase an applicant’s data from broken JSON', method: post, url: '/v1/applicants/erase', headers: json, body: '{', expectedStatus: 400, expectedCode: 'malformed_json' },
  { name: 'erase an applicant’s data from plain text', method: post, url: '/v1/applicants/erase', ...plainText },
  { name: 'erase an applicant’s data with a body over the limit', method: post, url: '/v1/applicants/erase', headers: json, body: overLimit(20_000), ...tooLarge },
  { name: 'erase an applicant’s data without a key', method: post, url: '/v1/applicants/erase', body: { email: 'a@example.org' }, ...noKey },
  { name: 'erase an applicant’s data with only applications:read', method: post, url: '/v1/applicants/erase', key: 'readOnly', body: { email: 'a@example.org' }, ...forbidden },
];

/** The rows, in the order they run; the life rows act on the application the reading rows made. */
export const applicationScenarios: ApiScenario[] = [...submitting, ...reading, ...deciding, ...shelterData];
