// The shelter's rows of the api-scenarios table: its details read and changed, each outcome its operations
// document.
import type { ApiScenario } from './api-scenarios.js';
import { forbidden, invalid, json, noKey, plainText, tooLarge } from './scenario-outcomes.js';

const patch = 'PATCH';

// prettier-ignore
export const shelterScenarios: ApiScenario[] = [
  { name: 'read the shelter', url: '/v1/shelter', expectedStatus: 200 },
  { name: 'read the shelter with a query it does not take', url: '/v1/shelter?limit=1', ...invalid },
  { name: 'read the shelter without a key', url: '/v1/shelter', ...noKey },
  { name: 'read the shelter without the scope', url: '/v1/shelter', key: 'eventsOnly', ...forbidden },
  { name: 'change the shelter', method: patch, url: '/v1/shelter', body: { name: 'Hillside', accentColour: '#1d5fa8' }, expectedStatus: 200, expectedBody: { name: 'Hillside', accentColour: '#1d5fa8' } },
  { name: 'clear the shelter’s name', method: patch, url: '/v1/shelter', body: { name: null }, expectedStatus: 200, expectedBody: { name: null, accentColour: '#1d5fa8' } },
  { name: 'a pale accent colour', method: patch, url: '/v1/shelter', body: { accentColour: '#ffcc00' }, expectedStatus: 400, expectedCode: 'low_contrast' },
  { name: 'a website that is no http URL', method: patch, url: '/v1/shelter', body: { website: 'javascript:alert(1)' }, ...invalid },
  { name: 'a field the shelter has not', method: patch, url: '/v1/shelter', body: { motto: 'x' }, ...invalid },
  { name: 'change the shelter from plain text', method: patch, url: '/v1/shelter', ...plainText },
  { name: 'change the shelter from a body over the limit', method: patch, url: '/v1/shelter', headers: json, body: JSON.stringify({ name: 'x'.repeat(20000) }), ...tooLarge },
  { name: 'change the shelter without a key', method: patch, url: '/v1/shelter', body: { name: 'x' }, ...noKey },
  { name: 'change the shelter with only pets:read', method: patch, url: '/v1/shelter', key: 'petsOnly', body: { name: 'x' }, ...forbidden },
];
