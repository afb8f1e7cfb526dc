// The served OpenAPI document: complete, and true: the table of api-scenarios.ts, request → expected answer,
// runs row by row, and each real answer also validates against the document's entry for it.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { errorCatalogue, errorCodes } from '../../src/errors/catalogue.js';
import type { Scope } from '../../src/domain/scopes.js';
import { backends } from '../helpers/backends.js';
import { addPet } from '../helpers/http-calls.js';
import { apiScenarios, oneScopeKeys, scenarioData, type KeyName } from './api-scenarios.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

interface Operation {
  operationId: string;
  deprecated?: boolean;
  security?: unknown[];
  parameters?: Array<{ name: string; in: string; description?: string }>;
  requestBody?: {
    required: boolean;
    content: Record<
      string,
      { schema: { type?: string; properties?: object; additionalProperties?: boolean } }
    >;
  };
  responses: Record<
    string,
    {
      description: string;
      headers?: Record<string, unknown>;
      content?: Record<
        string,
        { schema: { $ref: string }; examples?: Record<string, { value: { code: string; status: number } }> }
      >;
    }
  >;
}
type Document = {
  openapi: string;
  servers: unknown[];
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, { properties?: Record<string, { enum?: string[] }> }>;
    securitySchemes: object;
  };
  security: unknown[];
};

describe('the OpenAPI document', () => {
  let t: TestApp;
  let doc: Document;
  let ajv: Ajv2020;
  before(async () => {
    // The rows send more requests without a key than one address's anonymous budget allows in a minute.
    t = await startTestApp(backends[0]!, { anonymousPerMinute: 1000 });
    const res = await t.request({ url: '/v1/openapi.json' });
    assert.equal(res.statusCode, 200);
    doc = res.json();
    ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(ajv);
    ajv.addFormat('int64', { type: 'number', validate: (n: number) => Number.isSafeInteger(n) });
    ajv.addSchema(doc as object, 'openapi.json');
  });
  after(() => t.close());

  /** The codes a response's description names, in its order. */
  const namedCodes = (description: string) =>
    errorCodes
      .map((code) => [code, description.indexOf(`\`${code}\` (${errorCatalogue[code].when})`)] as const)
      .filter(([, at]) => at >= 0)
      .sort(([, a], [, b]) => a - b)
      .map(([code]) => code);
  const operations = () => Object.values(doc.paths).flatMap((methods) => Object.values(methods));
  const errorCodesOf = (operationId: string, status: number) =>
    Object.keys(
      operations().find((op) => op.operationId === operationId)!.responses[status]!.content![
        'application/json'
      ]!.examples!,
    );

  test('every error response has one example per code its description names, with its own status', () => {
    let checked = 0;
    for (const operation of operations())
      for (const [status, response] of Object.entries(operation.responses).filter(
        ([s]) => Number(s) >= 400,
      )) {
        const examples = response.content?.['application/json']?.examples ?? {};
        const where = `${operation.operationId} ${status}`;
        assert.ok(Object.keys(examples).length > 0, where);
        assert.deepEqual(Object.keys(examples), namedCodes(response.description), where);
        for (const [code, { value }] of Object.entries(examples)) {
          assert.equal(value.code, code, where);
          assert.equal(value.status, Number(status), where);
          assert.ok(ajv.validate('openapi.json#/components/schemas/Error', value), where);
        }
        checked++;
      }
    assert.ok(checked > 10, `${checked} error responses`);
  });

  test('a 400 names only the codes its operation can answer with', () => {
    // The catalogue's lists are short and come whole, without cursors.
    const pagedListings = ['listPets', 'listOrders', 'listEvents', 'listApplications'];
    assert.deepEqual(errorCodesOf('getPet', 400), ['validation_failed', 'bad_request']);
    assert.deepEqual(errorCodesOf('placeOrder', 400), ['validation_failed', 'malformed_json', 'bad_request']);
    assert.deepEqual(errorCodesOf('listOrders', 400), ['validation_failed', 'invalid_cursor', 'bad_request']);
    for (const operation of operations()) {
      const codes = errorCodesOf(operation.operationId, 400);
      const where = operation.operationId;
      assert.equal(codes.includes('unknown_event_type'), operation.operationId === 'listEvents', where);
      assert.equal(codes.includes('invalid_cursor'), pagedListings.includes(operation.operationId), where);
    }
  });

  test('every operation with a path parameter, and only those, documents 414 uri_too_long', () => {
    for (const [path, methods] of Object.entries(doc.paths))
      for (const operation of Object.values(methods)) {
        if (path.includes('{'))
          assert.deepEqual(errorCodesOf(operation.operationId, 414), ['uri_too_long'], path);
        else assert.equal(operation.responses['414'], undefined, path);
      }
  });

  test('is OpenAPI 3.1 with bearer security, servers, and every operation of the spec', () => {
    assert.equal(doc.openapi, '3.1.0');
    assert.deepEqual(
      doc.servers.map((server) => (server as { description: string }).description),
      ['production (this deployment)'],
      'no placeholder for a staging server whose URL is not configured',
    );
    assert.deepEqual(doc.security, [{ bearerAuth: [] }]);
    assert.deepEqual(Object.keys(doc.paths).sort(), [
      '/applicants',
      '/applicants/erase',
      '/application-form',
      '/applications',
      '/applications/counts',
      '/applications/{applicationId}',
      '/applications/{applicationId}/approve',
      '/applications/{applicationId}/decline',
      '/applications/{applicationId}/notes',
      '/applications/{applicationId}/review',
      '/applications/{applicationId}/withdraw',
      '/categories',
      '/categories/{categoryId}',
      '/categories/{categoryId}/breeds',
      '/events',
      '/pets',
      '/pets/{petId}',
      '/pets/{petId}/photos',
      '/pets/{petId}/photos/{photoId}',
      '/photos/{photoId}/{size}',
      '/shelter',
      '/shelter/logo',
      '/store/inventory',
      '/store/orders',
      '/store/orders/{orderId}',
      '/store/orders/{orderId}/approve',
      '/store/orders/{orderId}/cancel',
      '/store/orders/{orderId}/complete',
    ]);
    assert.equal(doc.paths['/pets']!.get!.operationId, 'listPets');
    assert.equal(doc.paths['/pets']!.post!.operationId, 'createPet');
    assert.equal(doc.paths['/pets/{petId}']!.get!.operationId, 'getPet');
    assert.equal(doc.paths['/pets/{petId}']!.get!.deprecated, true);
    assert.deepEqual(
      doc.paths['/photos/{photoId}/{size}']!.get!.security,
      [],
      'photos are served without a key',
    );
    for (const name of [
      'Pet',
      'NewPet',
      'PetPatch',
      'Pets',
      'PetStatus',
      'Photo',
      'PhotoMove',
      'Category',
      'Breed',
      'Error',
    ])
      assert.ok(doc.components.schemas[name], name);
    assert.deepEqual(doc.components.schemas.Error!.properties!.code!.enum, errorCodes);
  });

  test("each listing's cursor says, in words, the parameters it is valid with", () => {
    const cursorOf = (path: string) =>
      doc.paths[path]!.get!.parameters!.find((p) => p.in === 'query' && p.name === 'cursor')!.description;
    assert.match(cursorOf('/pets')!, /; valid only with the same filters and `sort`$/);
    assert.match(cursorOf('/store/orders')!, /; valid only with the same `status` and `petId`$/);
    assert.match(cursorOf('/events')!, /; valid only with the same `type`$/);
  });

  test('a body is required where the operation takes one; elsewhere it is optional and has no fields', () => {
    const bodies = operations()
      .filter((op) => op.requestBody)
      .map((op) => [op.operationId, op.requestBody!.required]);
    assert.deepEqual(Object.fromEntries(bodies), {
      createPet: true,
      updatePet: true,
      removePet: false,
      uploadPhoto: true,
      movePhoto: true,
      removePhoto: false,
      placeOrder: true,
      createCategory: true,
      renameCategory: true,
      createBreed: true,
      updateShelter: true,
      putShelterLogo: true,
      removeShelterLogo: false,
      approveOrder: false,
      completeOrder: false,
      cancelOrder: false,
      submitApplication: true,
      reviewApplication: false,
      approveApplication: false,
      declineApplication: true,
      withdrawApplication: false,
      addApplicationNote: true,
      replaceApplicationForm: true,
      eraseApplicant: true,
    });
    for (const op of operations().filter((o) => o.requestBody?.required === false)) {
      const { schema } = op.requestBody!.content['application/json']!;
      assert.deepEqual([schema.type, schema.properties, schema.additionalProperties], ['object', {}, false]);
      assert.equal(JSON.stringify(op).includes('x-optional-body'), false, 'the mark is not published');
    }
  });

  test('is served without a key and is the same as the docs page reads', async () => {
    const page = await t.request({ url: '/v1/docs/json' });
    assert.deepEqual(page.json(), doc);
  });

  /** Validates a real response against the document's entry for its operation and status. */
  function assertDocumented(path: string, method: string, res: Awaited<ReturnType<TestApp['request']>>) {
    const entry = doc.paths[path]![method]!.responses[String(res.statusCode)];
    assert.ok(entry, `${method.toUpperCase()} ${path} documents status ${res.statusCode}`);
    if (!entry.content) {
      assert.equal(res.body, '', `${method} ${path} ${res.statusCode} documents no body and sends none`);
      return;
    }
    const json = entry.content['application/json'];
    if (!json) {
      // Bytes (an image): of a documented media type, and not empty.
      const type = String(res.headers['content-type']);
      assert.ok(
        type in entry.content,
        `${method} ${path} ${res.statusCode} sends ${type}, a documented type`,
      );
      assert.ok(res.rawPayload.length > 0, `${method} ${path} ${res.statusCode} sends the bytes`);
    }
    for (const header of Object.keys(json ? {} : (entry.headers ?? {})))
      assert.ok(res.headers[header.toLowerCase()] !== undefined, `${method} ${path} sends ${header}`);
    if (!json) return;
    // A pointer to the response's own schema, whether it is a reference or a union of them.
    const pointer = [
      'paths',
      path,
      method,
      'responses',
      res.statusCode,
      'content',
      'application/json',
      'schema',
    ]
      .map((part) => String(part).replaceAll('~', '~0').replaceAll('/', '~1'))
      .join('/');
    const validate = ajv.compile({ $ref: `openapi.json#/${pointer}` });
    assert.ok(
      validate(res.json()),
      `${method} ${path} ${res.statusCode}: ${ajv.errorsText(validate.errors)}`,
    );
    for (const header of Object.keys(entry.headers ?? {})) {
      if (header === 'Link' && ['/pets', '/store/orders', '/events'].includes(path) && method === 'get')
        continue; // next or resume, on pages
      if (header === 'Idempotent-Replayed') continue; // only on replays
      if (header === 'Retry-After' && res.json().code !== 'idempotency_key_in_flight') continue; // a 409 for pet_not_available has none
      assert.ok(
        res.headers[header.toLowerCase()] !== undefined,
        `${method} ${path} ${res.statusCode} sends ${header}`,
      );
    }
  }

  const keys = {} as Record<KeyName, Record<string, string>>;
  // Through the app started before the first row, which also makes rex.
  const data = scenarioData({
    request: (options) => t.request(options),
    get auth() {
      return t.auth;
    },
  });

  /** The documented path a URL reaches: `/v1/pets/7?x=1` reaches `/pets/{petId}`. */
  const documentedPath = (url: string) => {
    const path = new URL(url, 'http://localhost').pathname.replace(/^\/v1/, '');
    // A path without parameters wins over a template, as in the router: /applications/counts is not an id.
    const matches = doc.paths[path]
      ? [path]
      : Object.keys(doc.paths).filter((template) =>
          new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(path),
        );
    assert.equal(matches.length, 1, `${url} reaches one documented path: ${matches.join(', ')}`);
    return matches[0]!;
  };

  const outcomes = new Set<string>();
  describe('real responses of every operation match their documented schema and headers', () => {
    before(async () => {
      data.rex = await addPet(t);
      await addPet(t, { name: 'Tom', categoryId: 2 });
      keys.all = t.auth;
      keys.none = {};
      for (const [name, scope] of Object.entries(oneScopeKeys) as [keyof typeof oneScopeKeys, Scope][]) {
        const { key } = await t.app.services.apiKeys.create({ name, plan: 'free', scopes: [scope] });
        keys[name] = { authorization: `Bearer ${key}` };
      }
    });

    for (const scenario of apiScenarios) {
      const { method = 'GET', expectedStatus, expectedCode } = scenario;
      test(`${scenario.name}: ${expectedStatus}${expectedCode ? ` ${expectedCode}` : ''}`, async () => {
        const url = typeof scenario.url === 'function' ? await scenario.url(data) : scenario.url;
        const body = typeof scenario.body === 'function' ? await scenario.body(data) : scenario.body;
        const res = await t.request({
          method,
          url,
          headers: { ...keys[scenario.key ?? 'all'], ...scenario.headers },
          ...(body === undefined ? {} : { payload: body }),
        });
        assert.equal(res.statusCode, expectedStatus, `${method} ${url}: ${res.body}`);
        if (expectedCode) assert.equal(res.json().code, expectedCode);
        for (const [field, value] of Object.entries(scenario.expectedBody ?? {}))
          assert.deepEqual(res.json()[field], value, field);
        for (const [header, value] of Object.entries(scenario.expectedHeaders ?? {}))
          assert.equal(res.headers[header], value, header);
        const path = documentedPath(url);
        outcomes.add(`${method.toLowerCase()} ${path} ${res.statusCode}`);
        assertDocumented(path, method.toLowerCase(), res);
      });
    }

    // Faults and overload are tested elsewhere, and so is 409 on /pets (an Idempotency-Key held by a
    // concurrent request: test/routes/idempotency.test.ts).
    test('together the rows cause every documented outcome a client can cause', () => {
      const documented = Object.entries(doc.paths).flatMap(([path, methods]) =>
        Object.entries(methods).flatMap(([method, op]) =>
          Object.keys(op.responses)
            .filter((status) => !['429', '500', '503'].includes(status))
            // A 409 of POST /pets is an Idempotency-Key held by a concurrent request, tested elsewhere.
            .filter((status) => !(status === '409' && method === 'post' && path === '/pets'))
            .map((status) => `${method} ${path} ${status}`),
        ),
      );
      assert.deepEqual([...outcomes].sort(), documented.sort());
    });
  });
});

describe('the interactive docs page', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp(backends[0]!);
  });
  after(() => t.close());

  test('is served without a key, loads only its own assets, under a policy that allows them', async () => {
    const index = await t.request({ url: '/v1/docs/' });
    assert.equal(index.statusCode, 200);
    assert.match(String(index.headers['content-type']), /text\/html/);
    const policy = String(index.headers['content-security-policy']);
    assert.match(policy, /script-src 'self'/);
    assert.doesNotMatch(index.body, /<script>(?!\s*<\/script>)/, 'no inline script the policy would block');
    const assets = [...index.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    assert.ok(assets.length >= 3);
    for (const asset of assets) {
      assert.doesNotMatch(asset, /^(https?:)?\/\//, `${asset} comes from the service itself`);
      const res = await t.request({ url: new URL(asset, 'http://localhost/v1/docs/').pathname });
      assert.equal(res.statusCode, 200, asset);
    }
    const initializer = await t.request({ url: '/v1/docs/static/swagger-initializer.js' });
    assert.match(initializer.body, /\/v1\/openapi\.json/);
  });

  test("wears the service's name, not the library's", async () => {
    const index = await t.request({ url: '/v1/docs/' });
    assert.match(index.body, /<title>Pet Adoption Service — API documentation<\/title>/);
    const initializer = (await t.request({ url: '/v1/docs/static/swagger-initializer.js' })).body;
    const [, logo] = /img\.src = 'data:image\/svg\+xml;base64,([^']+)'/.exec(initializer) ?? [];
    assert.ok(logo, 'a logo of its own, inline');
    const drawn = Buffer.from(logo, 'base64').toString('utf8');
    assert.match(drawn, /Pet Adoption Service/);
    assert.doesNotMatch(drawn, /fastify/i);
    assert.doesNotMatch(drawn, /(https?:)?\/\/(?!www\.w3\.org\/2000\/svg)/, 'nothing fetched from elsewhere');
  });
});
