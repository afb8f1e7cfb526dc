// An empty body is no body where the operation needs none: every operation the OpenAPI document calls
// body-optional answers an empty body as it answers none, with or without `Content-Type: application/json`,
// with `Content-Length: 0` or chunked with no chunk. Where a body is required, an empty one is refused as
// before. Sent raw over a listening server, so that each framing is exactly the one named.
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { applicationTransitions } from '../../src/domain/application.js';
import { orderStepActions, orderTransitions, type OrderStepAction } from '../../src/domain/order.js';
import { application } from '../helpers/applications.js';
import { backends } from '../helpers/backends.js';
import { rawExchange } from '../helpers/raw-http.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

/** What an operation that requires a body answers to each framing of an empty one, as before. */
const refusals = {
  missing: {
    code: 'validation_failed',
    message: 'Invalid request: the request body must be a JSON object',
    status: 400,
  },
  untyped: {
    code: 'unsupported_media_type',
    message: 'Content-Type must be application/json, got (none)',
    status: 415,
  },
  empty: {
    code: 'malformed_json',
    message: 'The request body is not valid JSON: the body is empty',
    status: 400,
  },
};

/**
 * Each framing of an empty body: the head lines after the request line, the bytes after the blank line, and
 * how an operation that requires a body refuses it.
 */
const framings: Array<[string, string[], string, keyof typeof refusals]> = [
  ['no Content-Type, no length', [], '', 'missing'],
  ['no Content-Type, Content-Length: 0', ['content-length: 0'], '', 'missing'],
  ['no Content-Type, chunked with no chunk', ['transfer-encoding: chunked'], '0\r\n\r\n', 'untyped'],
  ['Content-Type: application/json, no length', ['content-type: application/json'], '', 'empty'],
  [
    'Content-Type: application/json, Content-Length: 0',
    ['content-type: application/json', 'content-length: 0'],
    '',
    'empty',
  ],
  [
    'Content-Type: application/json; charset=utf-8, Content-Length: 0',
    ['content-type: application/json; charset=utf-8', 'content-length: 0'],
    '',
    'empty',
  ],
  [
    'Content-Type: application/json, chunked with no chunk',
    ['content-type: application/json', 'transfer-encoding: chunked'],
    '0\r\n\r\n',
    'empty',
  ],
];

/** The application actions that take no body: decline needs its reason. */
const bodilessApplicationActions = ['review', 'approve', 'withdraw'] as const;

type Operation = { operationId: string; requestBody?: { required?: boolean } };

describe('an empty body', () => {
  let t: TestApp;
  let port: number;
  let paths: Record<string, Record<string, Operation>>;
  before(async () => {
    t = await startTestApp(backends[0]!);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
    paths = (await t.request({ url: '/v1/openapi.json' })).json().paths;
  });
  after(() => t.close());

  /** The operations whose OpenAPI body is `required` as given, by method and /v1 path. */
  const operationsWhoseBody = (required: boolean) =>
    Object.entries(paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => operation.requestBody && operation.requestBody.required === required)
        .map(([method, operation]) => ({ method: method.toUpperCase(), path: `/v1${path}`, operation })),
    );

  const send = async (method: string, url: string, lines: string[], body: string) => {
    const head = [`${method} ${url} HTTP/1.1`, 'host: localhost', `authorization: ${t.auth.authorization}`];
    const answer = await rawExchange(port, [...head, 'connection: close', ...lines, '', body].join('\r\n'));
    const status = Number(answer.statusLine.split(' ')[1]);
    return { status, body: (status === 204 ? answer.body : JSON.parse(answer.body)) as unknown };
  };

  const post = async (url: string, payload: object) => {
    const res = await t.request({ method: 'POST', url, headers: t.auth, payload });
    assert.ok(res.statusCode < 300, res.body);
    return res.json() as { id: number };
  };

  /** An order from whose status `action` is allowed, reached by the transition table's first path to it. */
  const orderReadyFor = async (action: OrderStepAction) => {
    const pet = await post('/v1/pets', { name: 'Rex', categoryId: 1 });
    const order = await post('/v1/store/orders', { petId: pet.id });
    const from = orderTransitions[action].from[0];
    const before = orderStepActions.find((step) => orderTransitions[step].to === from);
    if (before) await post(`/v1/store/orders/${order.id}/${before}`, {});
    return order.id;
  };

  test('the OpenAPI document names body-optional operations: each order action, the application actions but decline, removePet, removePhoto and removeShelterLogo', () => {
    const optional = operationsWhoseBody(false).map(({ operation }) => operation.operationId);
    assert.deepEqual(
      optional.sort(),
      [
        ...orderStepActions.map((action) => `${action}Order`),
        ...bodilessApplicationActions.map((action) => `${action}Application`),
        'removePet',
        'removePhoto',
        'removeShelterLogo',
      ].sort(),
    );
  });

  test('on every application action but decline, in every framing, an empty body is taken as no body: 200', async () => {
    for (const action of bodilessApplicationActions) {
      for (const [framing, lines, body] of framings) {
        const pet = await post('/v1/pets', { name: 'Rex', categoryId: 1 });
        const { id } = (await post('/v1/applications', application(pet.id))) as unknown as { id: string };
        const answer = await send('POST', `/v1/applications/${id}/${action}`, lines, body);
        const what = `${action} with ${framing}`;
        assert.equal(answer.status, 200, `${what}: ${JSON.stringify(answer.body)}`);
        assert.equal((answer.body as { status: string }).status, applicationTransitions[action].to, what);
      }
    }
  });

  test('removePet, in every framing, takes an empty body as no body: 204', async () => {
    for (const [framing, lines, body] of framings) {
      const pet = await post('/v1/pets', { name: 'Rex', categoryId: 1 });
      const answer = await send('DELETE', `/v1/pets/${pet.id}`, lines, body);
      assert.deepEqual(answer, { status: 204, body: '' }, `removePet with ${framing}`);
    }
  });

  test('on every order action, in every framing, an empty body is taken as no body: 200', async () => {
    for (const { method, path, operation } of operationsWhoseBody(false)) {
      if (!operation.operationId.endsWith('Order')) continue;
      const action = path.split('/').at(-1) as OrderStepAction;
      for (const [framing, lines, body] of framings) {
        const orderId = await orderReadyFor(action);
        const url = path.replace('{orderId}', String(orderId));
        const answer = await send(method, url, lines, body);
        const what = `${operation.operationId} with ${framing}`;
        assert.equal(answer.status, 200, `${what}: ${JSON.stringify(answer.body)}`);
        assert.equal((answer.body as { status: string }).status, orderTransitions[action].to, what);
      }
    }
  });

  test('on every operation that requires a body, is refused as before', async () => {
    const required = operationsWhoseBody(true);
    assert.deepEqual(required.map(({ path }) => path).sort(), [
      '/v1/applicants/erase',
      '/v1/application-form',
      '/v1/applications',
      '/v1/applications/{applicationId}/decline',
      '/v1/applications/{applicationId}/notes',
      '/v1/categories',
      '/v1/categories/{categoryId}',
      '/v1/categories/{categoryId}/breeds',
      '/v1/pets',
      '/v1/pets/{petId}',
      '/v1/pets/{petId}/photos',
      '/v1/pets/{petId}/photos/{photoId}',
      '/v1/shelter',
      '/v1/shelter/logo',
      '/v1/store/orders',
    ]);
    const pet = await post('/v1/pets', { name: 'Rex', categoryId: 1 });
    for (const { method, path, operation } of required) {
      for (const [framing, lines, body, refused] of framings) {
        // Category 1 exists on every deployment (the starter set): only the body is wrong.
        const url = path
          .replace('{petId}', String(pet.id))
          .replace('{categoryId}', '1')
          .replace('{photoId}', 'A'.repeat(22))
          .replace('{applicationId}', 'A'.repeat(22));
        const answer = await send(method, url, lines, body);
        // An upload takes images alone: whatever the framing, no image is 415 (test/routes/photo-safety.test.ts).
        if (operation.operationId === 'uploadPhoto' || operation.operationId === 'putShelterLogo') {
          assert.equal(answer.status, 415, framing);
          assert.equal((answer.body as { code: string }).code, 'unsupported_image', framing);
          continue;
        }
        const refusal = refusals[refused];
        assert.deepEqual(
          answer,
          { status: refusal.status, body: refusal },
          `${operation.operationId} with ${framing}`,
        );
      }
    }
  });

  test('a body that is not empty, or declared as another type, is refused as before', async () => {
    const orderId = await orderReadyFor('approve');
    const approve = `/v1/store/orders/${orderId}/approve`;
    const cases: Array<[string, string, string[], string, number, string]> = [
      [
        'a chunk without Content-Type',
        approve,
        ['transfer-encoding: chunked'],
        '1\r\nx\r\n0\r\n\r\n',
        415,
        'unsupported_media_type',
      ],
      ['bytes without Content-Type', approve, ['content-length: 2'], '{}', 415, 'unsupported_media_type'],
      [
        'an empty text/plain body',
        approve,
        ['content-type: text/plain', 'content-length: 0'],
        '',
        415,
        'unsupported_media_type',
      ],
      [
        'a field',
        approve,
        ['content-type: application/json', 'content-length: 7'],
        '{"x":1}',
        400,
        'validation_failed',
      ],
      [
        'an empty chunked body on no route',
        '/nowhere',
        ['transfer-encoding: chunked'],
        '0\r\n\r\n',
        404,
        'route_not_found',
      ],
    ];
    for (const [what, url, lines, body, status, code] of cases) {
      const answer = await send('POST', url, lines, body);
      assert.equal(answer.status, status, `${what}: ${JSON.stringify(answer.body)}`);
      assert.equal((answer.body as { code: string }).code, code, what);
    }
    assert.equal(
      (await t.request({ url: `/v1/store/orders/${orderId}`, headers: t.auth })).json().status,
      'placed',
    );
  });
});
