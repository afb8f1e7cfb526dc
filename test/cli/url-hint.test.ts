// A --url that does not end in /v1 reaches no operation of the API: the 404 it gets says where the API is.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { backends } from '../helpers/backends.js';
import { runCli } from '../helpers/run-cli.js';
import { startSdkServer, type SdkServer } from '../helpers/sdk-server.js';

describe('a --url that does not end in /v1', () => {
  let server: SdkServer;
  let host: string;
  before(async () => {
    server = await startSdkServer(backends[0]!);
    host = server.baseUrl.replace(/\/v1$/, '');
  });
  after(() => server.close());

  const run = (url: string, ...more: string[]) =>
    runCli(['pets', 'list', ...more], { PETSTORE_URL: url, PETSTORE_API_KEY: server.key });

  test('gets a 404 that says the base URL ends in /v1, in text and under --json', async () => {
    const text = await run(`${host}/api`);
    assert.equal(text.code, 1);
    assert.match(text.stderr, /\(route_not_found, HTTP 404, request id [\w-]+\)/);
    assert.match(text.stderr, new RegExp(`ends in /v1.*${host}/api does not`));

    const json = await run(`${host}/api/`, '--json');
    assert.equal(json.code, 1);
    const { error } = JSON.parse(json.stderr.trim()) as { error: Record<string, unknown> };
    assert.equal(error.code, 'route_not_found');
    assert.equal(error.status, 404);
    assert.match(String(error.hint), /ends in \/v1/);
  });

  test('a 404 from a URL that ends in /v1, or from the bare host, names no URL', async () => {
    for (const url of [server.baseUrl, `${server.baseUrl}/`, host]) {
      const missing = await runCli(['pets', 'get', '987654321'], {
        PETSTORE_URL: url,
        PETSTORE_API_KEY: server.key,
      });
      assert.match(missing.stderr, /pet_not_found, HTTP 404/);
      assert.doesNotMatch(missing.stderr, /ends in \/v1/, url);
    }
    const listed = await run(host);
    assert.equal(listed.code, 0, listed.stderr);
  });
});
