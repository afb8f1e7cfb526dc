// The shelter's rows of the api-scenarios table: its details read and changed, each outcome its operations
// document.
import { makeImage, pngBomb } from '../helpers/images.js';
import type { ApiScenario } from './api-scenarios.js';
import { forbidden, invalid, json, noKey, plainText, tooLarge } from './scenario-outcomes.js';

const patch = 'PATCH';
const put = 'PUT';
const remove = 'DELETE';
const png = { 'content-type': 'image/png' };
const image = async () => makeImage('png', 40, 30);
const logo = '/v1/shelter/logo';

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
  { name: 'put a logo', method: put, url: logo, headers: png, body: image, expectedStatus: 200, expectedBody: { position: 0, width: 40, height: 30 } },
  { name: 'put a truncated logo', method: put, url: logo, headers: png, body: async () => (await image()).subarray(0, 60), expectedStatus: 400, expectedCode: 'invalid_image' },
  { name: 'put an SVG logo', method: put, url: logo, headers: { 'content-type': 'image/svg+xml' }, body: '<svg xmlns="http://www.w3.org/2000/svg"/>', expectedStatus: 415, expectedCode: 'unsupported_image' },
  { name: 'put a logo over the upload limit', method: put, url: logo, headers: png, body: Buffer.alloc(16 * 1024 * 1024), ...tooLarge },
  { name: 'put a decompression bomb as the logo', method: put, url: logo, headers: png, body: () => pngBomb(8000, 8000), expectedStatus: 422, expectedCode: 'image_too_large' },
  { name: 'put a logo without a key', method: put, url: logo, headers: png, body: image, ...noKey },
  { name: 'put a logo with only pets:read', method: put, url: logo, key: 'petsOnly', headers: png, body: image, ...forbidden },
  { name: 'remove the logo', method: remove, url: logo, expectedStatus: 204 },
  { name: 'remove the logo with a query it does not take', method: remove, url: `${logo}?x=1`, ...invalid },
  { name: 'remove the logo with a plain text body', method: remove, url: logo, ...plainText },
  { name: 'remove the logo without a key', method: remove, url: logo, ...noKey },
  { name: 'remove the logo with only pets:read', method: remove, url: logo, key: 'petsOnly', ...forbidden },
];
