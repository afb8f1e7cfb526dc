// Every documented outcome a client can cause, as a table of request → expected answer, one row a line: the
// OpenAPI suite (openapi.test.ts) runs the rows in order and checks each answer against the document too.
import assert from 'node:assert/strict';
import type { NewPet, Pet } from '@petstore/client';
import { newPet, type Caller } from '../helpers/http-calls.js';
import { makeImage, pngBomb } from '../helpers/images.js';
import { applicationData, applicationScenarios, type ApplicationData } from './application-scenarios.js';
import { shelterScenarios } from './shelter-scenarios.js';
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

/**
 * The keys a row can call with besides one holding every scope (`all`) and none at all (`none`), each holding
 * one scope: events:read allows no pet or store operation, pets:read not the feed, applications:submit (a
 * shelter website's key) no reading of applications, and applications:read no action on them.
 */
export const oneScopeKeys = {
  eventsOnly: 'events:read',
  petsOnly: 'pets:read',
  submitOnly: 'applications:submit',
  readOnly: 'applications:read',
} as const;
export type KeyName = 'all' | 'none' | keyof typeof oneScopeKeys;

/** What the rows before have made, for a row whose request depends on it. */
export interface ScenarioData extends ApplicationData {
  /** A pet made before the first row. */
  rex: Pet;
  /** The order the order-life rows act on. */
  orderId: number;
  newPet(fields?: Partial<NewPet>): Promise<number>;
  /** Places an order for a new pet; returns its id. */
  placeOrder(): Promise<number>;
  /** Places an order for a new pet; returns the ids of both. */
  placeOrderFor(): Promise<{ petId: number; orderId: number }>;
  /** A new pet with `count` photos; returns its id. */
  petWithPhotos(count: number): Promise<number>;
  /** A photo of a new pet; returns its URL under the pet and its download URLs. */
  newPhoto(): Promise<{ url: string; urls: Record<'small' | 'medium' | 'large' | 'full', string> }>;
}

/** The rows' data, made through `t` with its key; `rex` is left for the caller to make before the first row. */
export function scenarioData(t: Caller): ScenarioData {
  const data = {
    ...applicationData(t),
    orderId: 0,
    newPet: (fields) => newPet(t, fields),
    async placeOrder() {
      return (await this.placeOrderFor()).orderId;
    },
    async petWithPhotos(count) {
      const petId = await newPet(t);
      for (let i = 0; i < count; i++) await this.newPhoto(petId);
      return petId;
    },
    async newPhoto(petId?: number) {
      const pet = petId ?? (await newPet(t, { name: 'Pictured' }));
      const res = await t.request({
        method: 'POST',
        url: `/v1/pets/${pet}/photos`,
        headers: { ...t.auth, 'content-type': 'image/png' },
        payload: await makeImage('png', 40, 30),
      });
      assert.equal(res.statusCode, 201, res.body);
      return { url: `/v1/pets/${pet}/photos/${res.json().id}`, urls: res.json().urls };
    },
    async placeOrderFor() {
      const petId = await newPet(t, { name: 'O' });
      const res = await t.request({
        method: 'POST',
        url: '/v1/store/orders',
        headers: t.auth,
        payload: { petId },
      });
      assert.equal(res.statusCode, 201, res.body);
      return { petId, orderId: res.json().id as number };
    },
  } as ScenarioData & { newPhoto(petId?: number): ReturnType<ScenarioData['newPhoto']> };
  return data;
}

type Made<T> = T | ((data: ScenarioData) => Promise<T>);

/** One row: a request and what it must answer. `url` and `body` may be made when the row's turn comes. */
export interface ApiScenario {
  name: string;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: Made<string>;
  /** The key the request carries: `all` unless said. */
  key?: KeyName;
  headers?: Record<string, string>;
  /** JSON (an object), text, or bytes (a Buffer: an image). */
  body?: Made<object | string>;
  expectedStatus: number;
  /** The `code` of the Error body. */
  expectedCode?: string;
  /** Fields the body must have, with these values. */
  expectedBody?: Record<string, unknown>;
  expectedHeaders?: Record<string, string>;
}

const post = 'POST';
const patch = 'PATCH';
const remove = 'DELETE';
const mergePatch = { 'content-type': 'application/merge-patch+json' };
const conflict = { expectedStatus: 409, expectedCode: 'order_status_conflict' } as const;
const orderNotFound = { expectedStatus: 404, expectedCode: 'order_not_found' } as const;
const png = { 'content-type': 'image/png' };
const image = async () => makeImage('png', 40, 30);
const photoOfRex = async ({ rex }: ScenarioData) => `/v1/pets/${rex.id}/photos`;

// prettier-ignore
const pets: ApiScenario[] = [
  { name: 'list pets without the scope', url: '/v1/pets', key: 'eventsOnly', ...forbidden },
  { name: 'create a pet without the scope', method: post, url: '/v1/pets', key: 'eventsOnly', body: { name: 'x', categoryId: 1 }, ...forbidden },
  { name: 'get a pet without the scope', url: '/v1/pets/1', key: 'eventsOnly', ...forbidden },
  { name: 'list one page', url: '/v1/pets?limit=1', expectedStatus: 200 },
  { name: 'list by status', url: '/v1/pets?status=sold', expectedStatus: 200 },
  { name: 'list with a limit of 0', url: '/v1/pets?limit=0', ...invalid },
  { name: 'list without a key', url: '/v1/pets', ...noKey },
  { name: 'create a pet', method: post, url: '/v1/pets', body: { name: 'Kit', categoryId: 3, status: 'pending' }, expectedStatus: 201, expectedBody: { name: 'Kit', status: 'pending' } },
  { name: 'create a pet with an empty name', method: post, url: '/v1/pets', body: { name: '' }, ...invalid },
  { name: 'create a pet from broken JSON', method: post, url: '/v1/pets', headers: json, body: '{', expectedStatus: 400, expectedCode: 'malformed_json' },
  { name: 'create a pet from plain text', method: post, url: '/v1/pets', ...plainText },
  { name: 'create a pet from a body over the limit', method: post, url: '/v1/pets', headers: json, body: JSON.stringify({ name: 'x'.repeat(20000), categoryId: 1 }), ...tooLarge },
  { name: 'create a pet without a key', method: post, url: '/v1/pets', body: { name: 'x', categoryId: 1 }, ...noKey },
  { name: 'create a pet with an Idempotency-Key', method: post, url: '/v1/pets', headers: { 'idempotency-key': 'openapi-test' }, body: { name: 'Ace', categoryId: 1 }, expectedStatus: 201 },
  { name: 'the same again: a replay', method: post, url: '/v1/pets', headers: { 'idempotency-key': 'openapi-test' }, body: { name: 'Ace', categoryId: 1 }, expectedStatus: 201, expectedHeaders: { 'idempotent-replayed': 'true' } },
  { name: 'the same key with another pet', method: post, url: '/v1/pets', headers: { 'idempotency-key': 'openapi-test' }, body: { name: 'Bo', categoryId: 1 }, expectedStatus: 422, expectedCode: 'idempotency_key_reused' },
  { name: 'get a pet', url: async ({ rex }) => `/v1/pets/${rex.id}`, expectedStatus: 200, expectedBody: { name: 'Rex' } },
  { name: 'get a pet that does not exist', url: '/v1/pets/424242', expectedStatus: 404, expectedCode: 'pet_not_found' },
  { name: 'get a pet by a word', url: '/v1/pets/x', ...invalid },
  { name: 'get a pet without a key', url: '/v1/pets/1', ...noKey },
  { name: 'get a pet by an id too long', url: `/v1/pets/${tooLong}`, ...uriTooLong },
  { name: 'patch a pet', method: patch, url: async ({ rex }) => `/v1/pets/${rex.id}`, body: { color: 'Black', goodWith: { cats: true } }, expectedStatus: 200, expectedBody: { color: 'Black', goodWith: { children: null, dogs: null, cats: true } } },
  { name: 'patch a pet as a merge patch', method: patch, url: async ({ rex }) => `/v1/pets/${rex.id}`, headers: mergePatch, body: '{"color":null}', expectedStatus: 200, expectedBody: { color: null } },
  { name: 'patch a pet with a stale If-Match', method: patch, url: async ({ rex }) => `/v1/pets/${rex.id}`, headers: { 'if-match': '"1.0"' }, body: { color: 'Red' }, expectedStatus: 412, expectedCode: 'precondition_failed' },
  { name: 'patch a pet with a value out of its set', method: patch, url: async ({ rex }) => `/v1/pets/${rex.id}`, body: { size: 'huge' }, ...invalid },
  { name: 'patch a pet from broken JSON', method: patch, url: async ({ rex }) => `/v1/pets/${rex.id}`, headers: mergePatch, body: '{', expectedStatus: 400, expectedCode: 'malformed_json' },
  { name: 'patch a pet from plain text', method: patch, url: '/v1/pets/1', ...plainText },
  { name: 'patch a pet from a body over the limit', method: patch, url: '/v1/pets/1', headers: json, body: JSON.stringify({ description: 'x'.repeat(20000) }), ...tooLarge },
  { name: 'patch a pet that does not exist', method: patch, url: '/v1/pets/424242', body: { color: 'Red' }, expectedStatus: 404, expectedCode: 'pet_not_found' },
  { name: 'patch a pet by an id too long', method: patch, url: `/v1/pets/${tooLong}`, body: { color: 'Red' }, ...uriTooLong },
  { name: 'patch a pet without a key', method: patch, url: '/v1/pets/1', body: { color: 'Red' }, ...noKey },
  { name: 'patch a pet without the scope', method: patch, url: '/v1/pets/1', key: 'eventsOnly', body: { color: 'Red' }, ...forbidden },
  { name: 'patch a pet with an Idempotency-Key', method: patch, url: async ({ rex }) => `/v1/pets/${rex.id}`, headers: { 'idempotency-key': 'openapi-patch' }, body: { coat: 'short' }, expectedStatus: 200 },
  { name: 'the same key with another patch', method: patch, url: async ({ rex }) => `/v1/pets/${rex.id}`, headers: { 'idempotency-key': 'openapi-patch' }, body: { coat: 'long' }, expectedStatus: 422, expectedCode: 'idempotency_key_reused' },
  { name: 'patch the status of a pet with an open order', method: patch, url: async (d) => `/v1/pets/${(await d.placeOrderFor()).petId}`, body: { status: 'sold' }, expectedStatus: 409, expectedCode: 'pet_has_open_order' },
  { name: 'remove a pet with an open order', method: remove, url: async (d) => `/v1/pets/${(await d.placeOrderFor()).petId}`, expectedStatus: 409, expectedCode: 'pet_has_open_order' },
  { name: 'remove a pet', method: remove, url: async (d) => `/v1/pets/${await d.newPet({ name: 'Leaving' })}`, expectedStatus: 204 },
  { name: 'remove a pet that does not exist', method: remove, url: '/v1/pets/424242', expectedStatus: 404, expectedCode: 'pet_not_found' },
  { name: 'remove a pet by a word', method: remove, url: '/v1/pets/x', ...invalid },
  { name: 'remove a pet by an id too long', method: remove, url: `/v1/pets/${tooLong}`, ...uriTooLong },
  { name: 'remove a pet with a plain text body', method: remove, url: '/v1/pets/1', ...plainText },
  { name: 'remove a pet with a body over the limit', method: remove, url: '/v1/pets/1', headers: json, body: JSON.stringify({ x: 'x'.repeat(20000) }), ...tooLarge },
  { name: 'remove a pet with a field it does not take', method: remove, url: '/v1/pets/1', body: { x: 1 }, ...invalid },
  { name: 'remove a pet without a key', method: remove, url: '/v1/pets/1', ...noKey },
  { name: 'remove a pet without the scope', method: remove, url: '/v1/pets/1', key: 'eventsOnly', ...forbidden },
  { name: 'remove a pet with a plain text body', method: remove, url: '/v1/pets/1', ...plainText },
];

// prettier-ignore
const photos: ApiScenario[] = [
  { name: 'upload a photo', method: post, url: photoOfRex, headers: png, body: image, expectedStatus: 201, expectedBody: { position: 0 } },
  { name: 'upload a photo to a pet by a word', method: post, url: '/v1/pets/x/photos', headers: png, body: image, ...invalid },
  { name: 'upload a truncated image', method: post, url: photoOfRex, headers: png, body: async () => (await image()).subarray(0, 60), expectedStatus: 400, expectedCode: 'invalid_image' },
  { name: 'upload a photo without a key', method: post, url: photoOfRex, headers: png, body: image, ...noKey },
  { name: 'upload a photo without the scope', method: post, url: photoOfRex, key: 'eventsOnly', headers: png, body: image, ...forbidden },
  { name: 'upload a photo of a pet that does not exist', method: post, url: '/v1/pets/424242/photos', headers: png, body: image, expectedStatus: 404, expectedCode: 'pet_not_found' },
  { name: 'upload a 13th photo', method: post, url: async (d) => `/v1/pets/${await d.petWithPhotos(12)}/photos`, headers: png, body: image, expectedStatus: 409, expectedCode: 'too_many_photos' },
  { name: 'upload a body over the upload limit', method: post, url: photoOfRex, headers: png, body: Buffer.alloc(16 * 1024 * 1024), ...tooLarge },
  { name: 'upload a photo by an id too long', method: post, url: `/v1/pets/${tooLong}/photos`, headers: png, body: image, ...uriTooLong },
  { name: 'upload an SVG', method: post, url: photoOfRex, headers: { 'content-type': 'image/svg+xml' }, body: '<svg xmlns="http://www.w3.org/2000/svg"/>', expectedStatus: 415, expectedCode: 'unsupported_image' },
  { name: 'upload a decompression bomb', method: post, url: photoOfRex, headers: png, body: () => pngBomb(8000, 8000), expectedStatus: 422, expectedCode: 'image_too_large' },
  { name: 'move a photo first', method: patch, url: async (d) => (await d.newPhoto()).url, body: { position: 0 }, expectedStatus: 200, expectedBody: { position: 0 } },
  { name: 'move a photo to a negative position', method: patch, url: async (d) => (await d.newPhoto()).url, body: { position: -1 }, ...invalid },
  { name: 'move a photo without a key', method: patch, url: async (d) => (await d.newPhoto()).url, body: { position: 0 }, ...noKey },
  { name: 'move a photo without the scope', method: patch, url: async (d) => (await d.newPhoto()).url, key: 'eventsOnly', body: { position: 0 }, ...forbidden },
  { name: 'move a photo that does not exist', method: patch, url: async ({ rex }) => `/v1/pets/${rex.id}/photos/AAAAAAAAAAAAAAAAAAAAAA`, body: { position: 0 }, expectedStatus: 404, expectedCode: 'photo_not_found' },
  { name: 'move a photo with a body over the limit', method: patch, url: async (d) => (await d.newPhoto()).url, headers: json, body: JSON.stringify({ position: 0, x: 'x'.repeat(20000) }), ...tooLarge },
  { name: 'move a photo by an id too long', method: patch, url: `/v1/pets/1/photos/${tooLong}`, body: { position: 0 }, ...uriTooLong },
  { name: 'move a photo from plain text', method: patch, url: async (d) => (await d.newPhoto()).url, ...plainText },
  { name: 'remove a photo', method: remove, url: async (d) => (await d.newPhoto()).url, expectedStatus: 204 },
  { name: 'remove a photo of a pet by a word', method: remove, url: '/v1/pets/x/photos/AAAAAAAAAAAAAAAAAAAAAA', ...invalid },
  { name: 'remove a photo without a key', method: remove, url: async (d) => (await d.newPhoto()).url, ...noKey },
  { name: 'remove a photo without the scope', method: remove, url: async (d) => (await d.newPhoto()).url, key: 'eventsOnly', ...forbidden },
  { name: 'remove a photo that does not exist', method: remove, url: async ({ rex }) => `/v1/pets/${rex.id}/photos/AAAAAAAAAAAAAAAAAAAAAA`, expectedStatus: 404, expectedCode: 'photo_not_found' },
  { name: 'remove a photo by an id too long', method: remove, url: `/v1/pets/1/photos/${tooLong}`, ...uriTooLong },
  { name: 'remove a photo with a plain text body', method: remove, url: async (d) => (await d.newPhoto()).url, ...plainText },
  // Downloads need no key.
  { name: 'download a photo', url: async (d) => (await d.newPhoto()).urls.small, key: 'none', expectedStatus: 200 },
  { name: 'download a photo the client has', url: async (d) => (await d.newPhoto()).urls.medium, key: 'none', headers: { 'if-none-match': '*' }, expectedStatus: 304 },
  { name: 'download a path that is not percent-encoding', url: '/v1/photos/%E0%A4%A/small', key: 'none', expectedStatus: 400, expectedCode: 'bad_request' },
  { name: 'download a photo that does not exist', url: '/v1/photos/AAAAAAAAAAAAAAAAAAAAAA/small', key: 'none', expectedStatus: 404, expectedCode: 'photo_not_found' },
  { name: 'download a size that does not exist', url: async (d) => (await d.newPhoto()).urls.full.replace(/full$/, 'huge'), key: 'none', expectedStatus: 404, expectedCode: 'photo_not_found' },
  { name: 'download a photo by an id too long', url: `/v1/photos/${tooLong}/small`, key: 'none', ...uriTooLong },
];

// prettier-ignore
const events: ApiScenario[] = [
  { name: 'list events of a family', url: '/v1/events?limit=2&type=pet.*', expectedStatus: 200 },
  { name: 'list events of an unknown type', url: '/v1/events?type=pet.adopted', expectedStatus: 400, expectedCode: 'unknown_event_type' },
  { name: 'list events without a key', url: '/v1/events', ...noKey },
  { name: 'list events without the scope', url: '/v1/events', key: 'petsOnly', ...forbidden },
];

// prettier-ignore
const store: ApiScenario[] = [
  { name: 'read the inventory', url: '/v1/store/inventory', expectedStatus: 200 },
  { name: 'read the inventory without a key', url: '/v1/store/inventory', ...noKey },
  { name: 'read the inventory with a query it does not take', url: '/v1/store/inventory?limit=1', ...invalid },
  { name: 'place an order', method: post, url: '/v1/store/orders', body: async (d) => ({ petId: await d.newPet({ name: 'O' }) }), expectedStatus: 201, expectedBody: { status: 'placed' } },
  { name: 'place an order for a word', method: post, url: '/v1/store/orders', body: { petId: 'x' }, ...invalid },
  { name: 'place an order for a sold pet', method: post, url: '/v1/store/orders', body: async (d) => ({ petId: await d.newPet({ name: 'Sold', status: 'sold' }) }), expectedStatus: 409, expectedCode: 'pet_not_available' },
  { name: 'place an order for a pet that does not exist', method: post, url: '/v1/store/orders', body: { petId: 987654 }, expectedStatus: 404, expectedCode: 'pet_not_found' },
  { name: 'place an order without a key', method: post, url: '/v1/store/orders', body: { petId: 1 }, ...noKey },
  { name: 'place an order with a body over the limit', method: post, url: '/v1/store/orders', headers: json, body: JSON.stringify({ petId: 1, note: 'x'.repeat(20000) }), ...tooLarge },
  { name: 'place an order from plain text', method: post, url: '/v1/store/orders', ...plainText },
  { name: 'place an order with an Idempotency-Key', method: post, url: '/v1/store/orders', headers: { 'idempotency-key': 'openapi-order' }, body: async (d) => ({ petId: await d.newPet({ name: 'O' }) }), expectedStatus: 201 },
  { name: 'the same key with another order', method: post, url: '/v1/store/orders', headers: { 'idempotency-key': 'openapi-order' }, body: { petId: 1, note: 'other' }, expectedStatus: 422, expectedCode: 'idempotency_key_reused' },
  { name: 'list one page of orders', url: '/v1/store/orders?limit=1', expectedStatus: 200 },
  { name: 'list orders with a limit of 0', url: '/v1/store/orders?limit=0', ...invalid },
  { name: 'list orders without a key', url: '/v1/store/orders', ...noKey },
  { name: 'get an order just placed', url: async (d) => `/v1/store/orders/${(d.orderId = await d.placeOrder())}`, expectedStatus: 200, expectedBody: { status: 'placed' } },
  { name: 'get an order by a word', url: '/v1/store/orders/x', ...invalid },
  { name: 'get an order that does not exist', url: '/v1/store/orders/987654', ...orderNotFound },
  { name: 'get an order without a key', url: '/v1/store/orders/1', ...noKey },
  { name: 'get an order by an id too long', url: `/v1/store/orders/${tooLong}`, ...uriTooLong },
  // The order just placed, through its life.
  { name: 'approve it', method: post, url: async (d) => `/v1/store/orders/${d.orderId}/approve`, expectedStatus: 200, expectedBody: { status: 'approved' } },
  { name: 'approve it again', method: post, url: async (d) => `/v1/store/orders/${d.orderId}/approve`, expectedStatus: 200, expectedBody: { status: 'approved' } },
  { name: 'complete it', method: post, url: async (d) => `/v1/store/orders/${d.orderId}/complete`, expectedStatus: 200, expectedBody: { status: 'completed' } },
  { name: 'complete it again', method: post, url: async (d) => `/v1/store/orders/${d.orderId}/complete`, expectedStatus: 200, expectedBody: { status: 'completed' } },
  { name: 'cancel it once completed', method: post, url: async (d) => `/v1/store/orders/${d.orderId}/cancel`, ...conflict },
  { name: 'approve it once completed', method: post, url: async (d) => `/v1/store/orders/${d.orderId}/approve`, ...conflict },
  { name: 'cancel a placed order', method: post, url: async (d) => `/v1/store/orders/${await d.placeOrder()}/cancel`, expectedStatus: 200, expectedBody: { status: 'cancelled' } },
  { name: 'complete a placed order', method: post, url: async (d) => `/v1/store/orders/${await d.placeOrder()}/complete`, ...conflict },
  ...(['approve', 'complete', 'cancel'] as const).flatMap((action): ApiScenario[] => [
    { name: `${action} an order by a word`, method: post, url: `/v1/store/orders/x/${action}`, ...invalid },
    { name: `${action} without a key`, method: post, url: `/v1/store/orders/1/${action}`, ...noKey },
    { name: `${action} an order that does not exist`, method: post, url: `/v1/store/orders/987654/${action}`, ...orderNotFound },
    { name: `${action} by an id too long`, method: post, url: `/v1/store/orders/${tooLong}/${action}`, ...uriTooLong },
    { name: `${action} with a plain text body`, method: post, url: `/v1/store/orders/1/${action}`, ...plainText },
    { name: `${action} with a field it does not take`, method: post, url: `/v1/store/orders/1/${action}`, body: { x: 1 }, ...invalid },
    { name: `${action} with a body over the limit`, method: post, url: `/v1/store/orders/1/${action}`, headers: json, body: JSON.stringify({ x: 'x'.repeat(20000) }), ...tooLarge },
  ]),
  // A key that holds no store scope: each store operation answers 403.
  { name: 'read the inventory without the scope', url: '/v1/store/inventory', key: 'eventsOnly', ...forbidden },
  { name: 'list orders without the scope', url: '/v1/store/orders', key: 'eventsOnly', ...forbidden },
  { name: 'place an order without the scope', method: post, url: '/v1/store/orders', key: 'eventsOnly', body: { petId: 1 }, ...forbidden },
  { name: 'get an order without the scope', url: '/v1/store/orders/1', key: 'eventsOnly', ...forbidden },
  ...(['approve', 'complete', 'cancel'] as const).map((action): ApiScenario => (
    { name: `${action} without the scope`, method: post, url: `/v1/store/orders/1/${action}`, key: 'eventsOnly', ...forbidden }
  )),
];

const categoryNotFound = { expectedStatus: 404, expectedCode: 'category_not_found' } as const;

// prettier-ignore
const catalog: ApiScenario[] = [
  { name: 'list categories', url: '/v1/categories', expectedStatus: 200 },
  { name: 'list categories with a query they do not take', url: '/v1/categories?limit=1', ...invalid },
  { name: 'list categories without a key', url: '/v1/categories', ...noKey },
  { name: 'list categories without the scope', url: '/v1/categories', key: 'eventsOnly', ...forbidden },
  { name: 'add a category', method: post, url: '/v1/categories', body: { name: 'Ferret' }, expectedStatus: 201, expectedBody: { name: 'Ferret' } },
  { name: 'add a category named as one in another case', method: post, url: '/v1/categories', body: { name: 'ferret' }, expectedStatus: 409, expectedCode: 'category_exists' },
  { name: 'add a category with an empty name', method: post, url: '/v1/categories', body: { name: ' ' }, ...invalid },
  { name: 'add a category from plain text', method: post, url: '/v1/categories', ...plainText },
  { name: 'add a category from a body over the limit', method: post, url: '/v1/categories', headers: json, body: JSON.stringify({ name: 'x'.repeat(20000) }), ...tooLarge },
  { name: 'add a category without a key', method: post, url: '/v1/categories', body: { name: 'x' }, ...noKey },
  { name: 'add a category with only pets:read', method: post, url: '/v1/categories', key: 'petsOnly', body: { name: 'x' }, ...forbidden },
  { name: 'rename a category', method: patch, url: '/v1/categories/3', body: { name: 'Rabbits' }, expectedStatus: 200, expectedBody: { id: 3, name: 'Rabbits' } },
  { name: 'rename a category to another’s name', method: patch, url: '/v1/categories/3', body: { name: 'DOG' }, expectedStatus: 409, expectedCode: 'category_exists' },
  { name: 'rename a category that does not exist', method: patch, url: '/v1/categories/987654', body: { name: 'x' }, ...categoryNotFound },
  { name: 'rename a category by a word', method: patch, url: '/v1/categories/x', body: { name: 'x' }, ...invalid },
  { name: 'rename a category by an id too long', method: patch, url: `/v1/categories/${tooLong}`, body: { name: 'x' }, ...uriTooLong },
  { name: 'rename a category from plain text', method: patch, url: '/v1/categories/3', ...plainText },
  { name: 'rename a category from a body over the limit', method: patch, url: '/v1/categories/3', headers: json, body: JSON.stringify({ name: 'x'.repeat(20000) }), ...tooLarge },
  { name: 'rename a category without a key', method: patch, url: '/v1/categories/3', body: { name: 'x' }, ...noKey },
  { name: 'rename a category with only pets:read', method: patch, url: '/v1/categories/3', key: 'petsOnly', body: { name: 'x' }, ...forbidden },
  { name: 'list the breeds of a category', url: '/v1/categories/1/breeds', expectedStatus: 200 },
  { name: 'list the breeds of a category that does not exist', url: '/v1/categories/987654/breeds', ...categoryNotFound },
  { name: 'list the breeds of a category by a word', url: '/v1/categories/x/breeds', ...invalid },
  { name: 'list the breeds of a category by an id too long', url: `/v1/categories/${tooLong}/breeds`, ...uriTooLong },
  { name: 'list breeds without a key', url: '/v1/categories/1/breeds', ...noKey },
  { name: 'list breeds without the scope', url: '/v1/categories/1/breeds', key: 'eventsOnly', ...forbidden },
  { name: 'add a breed', method: post, url: '/v1/categories/1/breeds', body: { name: 'Dingo' }, expectedStatus: 201, expectedBody: { name: 'Dingo' } },
  { name: 'add a breed the category has in another case', method: post, url: '/v1/categories/1/breeds', body: { name: 'BEAGLE' }, expectedStatus: 409, expectedCode: 'breed_exists' },
  { name: 'add a breed to a category that does not exist', method: post, url: '/v1/categories/987654/breeds', body: { name: 'x' }, ...categoryNotFound },
  { name: 'add a breed with a name too long', method: post, url: '/v1/categories/1/breeds', body: { name: 'x'.repeat(101) }, ...invalid },
  { name: 'add a breed by an id too long', method: post, url: `/v1/categories/${tooLong}/breeds`, body: { name: 'x' }, ...uriTooLong },
  { name: 'add a breed from plain text', method: post, url: '/v1/categories/1/breeds', ...plainText },
  { name: 'add a breed from a body over the limit', method: post, url: '/v1/categories/1/breeds', headers: json, body: JSON.stringify({ name: 'x'.repeat(20000) }), ...tooLarge },
  { name: 'add a breed without a key', method: post, url: '/v1/categories/1/breeds', body: { name: 'x' }, ...noKey },
  { name: 'add a breed with only pets:read', method: post, url: '/v1/categories/1/breeds', key: 'petsOnly', body: { name: 'x' }, ...forbidden },
];

/** The rows, in the order they run: some act on data the ones before made. */
export const apiScenarios: ApiScenario[] = [
  ...pets,
  ...photos,
  ...events,
  ...store,
  ...catalog,
  ...applicationScenarios,
  ...shelterScenarios,
];
