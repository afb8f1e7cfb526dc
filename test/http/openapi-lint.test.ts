// The served OpenAPI document passes Redocly's recommended rules (licence and contact aside), says which
// headers are always sent, refers to its components, and lists under each 400 only codes that can occur.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { backends } from '../helpers/backends.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

type Response = { description: string; headers?: Record<string, { required?: boolean }> };
type Operation = {
  operationId: string;
  requestBody?: { content: Record<string, { schema: { $ref?: string } }> };
  responses: Record<string, Response>;
};
type Document = { paths: Record<string, Record<string, Operation>> };

/** Warnings about the document's own metadata, which a deployment may leave out. */
const tolerated = new Set(['info-license', 'info-license-url', 'info-contact']);

describe('the served OpenAPI document, linted', () => {
  let t: TestApp;
  let source: string;
  let doc: Document;
  before(async () => {
    t = await startTestApp(backends[0]!, { rateLimits: true });
    source = (await t.request({ url: '/v1/openapi.json' })).body;
    doc = JSON.parse(source) as Document;
  });
  after(() => t.close());

  const operations = () => Object.values(doc.paths).flatMap((methods) => Object.values(methods));

  test("has no warning under Redocly's recommended rules but licence and contact", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source, absoluteRef: 'openapi.json', config });
    const reported = problems
      .filter((p) => !tolerated.has(p.ruleId))
      .map((p) => `${p.ruleId} (${p.severity}) ${p.message} at ${p.location[0]?.pointer ?? '?'}`);
    assert.deepEqual(reported, []);
  });

  test('marks X-Request-Id and X-RateLimit-* required on every /v1 response but 503', () => {
    for (const op of operations()) {
      for (const [status, response] of Object.entries(op.responses)) {
        for (const name of [
          'X-Request-Id',
          'X-RateLimit-Limit',
          'X-RateLimit-Remaining',
          'X-RateLimit-Reset',
        ]) {
          assert.equal(
            response.headers?.[name]?.required,
            status === '503' ? undefined : true,
            `${op.operationId} ${status} ${name}`,
          );
        }
      }
    }
  });

  test('createPet takes the NewPet component', () => {
    const createPet = operations().find((op) => op.operationId === 'createPet')!;
    assert.equal(
      createPet.requestBody!.content['application/json']!.schema.$ref,
      '#/components/schemas/NewPet',
    );
  });

  test('the 400 of getPet and listPets lists only codes they can answer with', () => {
    const describe400 = (id: string) =>
      operations().find((op) => op.operationId === id)!.responses['400']!.description;
    assert.doesNotMatch(describe400('getPet'), /malformed_json|invalid_cursor/);
    assert.doesNotMatch(describe400('listPets'), /malformed_json/);
    assert.match(describe400('listPets'), /invalid_cursor/);
    assert.match(describe400('getPet'), /validation_failed/);
  });
});
