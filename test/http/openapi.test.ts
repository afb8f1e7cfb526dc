// The served OpenAPI document: complete, and true: real responses of every operation validate against it.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { errorCodes } from '../../src/errors/catalogue.js';
import { backends } from '../helpers/backends.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

interface Operation {
  operationId: string;
  deprecated?: boolean;
  responses: Record<
    string,
    { headers?: Record<string, unknown>; content?: Record<string, { schema: { $ref: string } }> }
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
    t = await startTestApp(backends[0]!);
    const res = await t.request({ url: '/v1/openapi.json' });
    assert.equal(res.statusCode, 200);
    doc = res.json();
    ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(ajv);
    ajv.addFormat('int64', { type: 'number', validate: (n: number) => Number.isSafeInteger(n) });
    ajv.addSchema(doc as object, 'openapi.json');
  });
  after(() => t.close());

  test('is OpenAPI 3.1 with bearer security, servers, and every operation of the spec', () => {
    assert.equal(doc.openapi, '3.1.0');
    assert.deepEqual(
      doc.servers.map((server) => (server as { description: string }).description),
      ['production (this deployment)', 'staging'],
    );
    assert.deepEqual(doc.security, [{ bearerAuth: [] }]);
    assert.deepEqual(Object.keys(doc.paths).sort(), ['/pets', '/pets/{petId}']);
    assert.equal(doc.paths['/pets']!.get!.operationId, 'listPets');
    assert.equal(doc.paths['/pets']!.post!.operationId, 'createPet');
    assert.equal(doc.paths['/pets/{petId}']!.get!.operationId, 'getPet');
    assert.equal(doc.paths['/pets/{petId}']!.get!.deprecated, true);
    for (const name of ['Pet', 'NewPet', 'Pets', 'PetStatus', 'Error'])
      assert.ok(doc.components.schemas[name], name);
    assert.deepEqual(doc.components.schemas.Error!.properties!.code!.enum, errorCodes);
  });

  test('is served without a key and is the same as the docs page reads', async () => {
    const page = await t.request({ url: '/v1/docs/json' });
    assert.deepEqual(page.json(), doc);
  });

  /** Validates a real response against the document's entry for its operation and status. */
  function assertDocumented(path: string, method: string, res: Awaited<ReturnType<TestApp['request']>>) {
    const entry = doc.paths[path]![method]!.responses[String(res.statusCode)];
    assert.ok(entry, `${method.toUpperCase()} ${path} documents status ${res.statusCode}`);
    const validate = ajv.compile({ $ref: `openapi.json${entry.content!['application/json']!.schema.$ref}` });
    assert.ok(
      validate(res.json()),
      `${method} ${path} ${res.statusCode}: ${ajv.errorsText(validate.errors)}`,
    );
    for (const header of Object.keys(entry.headers ?? {})) {
      if (header === 'Link' && path === '/pets' && method === 'get') continue; // only when a next page exists
      if (header === 'Idempotent-Replayed') continue; // only on replays
      assert.ok(
        res.headers[header.toLowerCase()] !== undefined,
        `${method} ${path} ${res.statusCode} sends ${header}`,
      );
    }
  }

  test('real responses of every operation match their documented schema and headers', async () => {
    const created = await t.request({
      method: 'POST',
      url: '/v1/pets',
      headers: t.auth,
      payload: { name: 'Rex', categoryId: 1 },
    });
    await t.request({
      method: 'POST',
      url: '/v1/pets',
      headers: t.auth,
      payload: { name: 'Tom', categoryId: 2 },
    });
    const json = { ...t.auth, 'content-type': 'application/json' };
    const scenarios: Array<[string, string, Parameters<TestApp['request']>[0]]> = [
      ['/pets', 'get', { url: '/v1/pets?limit=1', headers: t.auth }],
      ['/pets', 'get', { url: '/v1/pets?status=sold', headers: t.auth }],
      ['/pets', 'get', { url: '/v1/pets?limit=0', headers: t.auth }],
      ['/pets', 'get', { url: '/v1/pets' }],
      [
        '/pets',
        'post',
        {
          method: 'POST',
          url: '/v1/pets',
          headers: t.auth,
          payload: { name: 'Kit', categoryId: 3, status: 'pending' },
        },
      ],
      ['/pets', 'post', { method: 'POST', url: '/v1/pets', headers: t.auth, payload: { name: '' } }],
      ['/pets', 'post', { method: 'POST', url: '/v1/pets', headers: json, payload: '{' }],
      [
        '/pets',
        'post',
        {
          method: 'POST',
          url: '/v1/pets',
          headers: { ...t.auth, 'content-type': 'text/plain' },
          payload: 'x',
        },
      ],
      [
        '/pets',
        'post',
        {
          method: 'POST',
          url: '/v1/pets',
          headers: json,
          payload: JSON.stringify({ name: 'x'.repeat(20000), categoryId: 1 }),
        },
      ],
      ['/pets', 'post', { method: 'POST', url: '/v1/pets', payload: { name: 'x', categoryId: 1 } }],
      ...(['Ace', 'Ace', 'Bo'] as const).map((name): [string, string, Parameters<TestApp['request']>[0]] => [
        '/pets',
        'post',
        {
          method: 'POST',
          url: '/v1/pets',
          headers: { ...t.auth, 'idempotency-key': 'openapi-test' },
          payload: { name, categoryId: 1 },
        },
      ]),
      ['/pets/{petId}', 'get', { url: `/v1/pets/${created.json().id}`, headers: t.auth }],
      ['/pets/{petId}', 'get', { url: '/v1/pets/424242', headers: t.auth }],
      ['/pets/{petId}', 'get', { url: '/v1/pets/x', headers: t.auth }],
      ['/pets/{petId}', 'get', { url: '/v1/pets/1' }],
    ];
    const statuses = new Set<string>();
    for (const [path, method, request] of scenarios) {
      const res = await t.request(request);
      statuses.add(`${method} ${path} ${res.statusCode}`);
      assertDocumented(path, method, res);
    }
    // Every documented outcome a client can cause is exercised here; faults and overload are tested elsewhere,
    // and so is 409 (an Idempotency-Key held by a concurrent request: test/routes/idempotency.test.ts).
    const documented = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).flatMap(([method, op]) =>
        Object.keys(op.responses)
          .filter((status) => !['409', '429', '500', '503'].includes(status))
          .map((status) => `${method} ${path} ${status}`),
      ),
    );
    assert.deepEqual([...statuses].sort(), documented.sort());
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
});
