// `--json` on every command: what changes a key prints it as one JSON object, and under --json a failure is one
// JSON object on stderr, `{"error":{"code","message"[,"status","requestId"]}}`, with a non-zero exit code.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { backends } from '../helpers/backends.js';
import { storeArgs } from '../helpers/deployment-process.js';
import { runCli } from '../helpers/run-cli.js';
import { startSdkServer, type SdkServer } from '../helpers/sdk-server.js';

/** The one error object a failed command printed on stderr under --json. */
function errorOf(res: { code: number; stdout: string; stderr: string }) {
  assert.notEqual(res.code, 0, res.stdout);
  assert.equal(res.stdout, '');
  const lines = res.stderr.trim().split('\n');
  assert.equal(lines.length, 1, `one line on stderr:\n${res.stderr}`);
  const parsed = JSON.parse(lines[0]!) as { error: Record<string, unknown> };
  assert.deepEqual(Object.keys(parsed), ['error']);
  return parsed.error;
}

describe('--json on every command', () => {
  let server: SdkServer;
  let args: string[];
  let keyId: string;
  before(async () => {
    server = await startSdkServer(backends[0]!);
    args = storeArgs(server.config);
    keyId = (await server.newKey('free')).id;
  });
  after(() => server.close());

  test('the key changes print the key as JSON: set-plan, set-scopes, set-expiry, unban, revoke', async () => {
    const json = async (command: string[]) => {
      const res = await runCli(['keys', ...command, '--json', ...args]);
      assert.equal(res.code, 0, res.stderr);
      return JSON.parse(res.stdout);
    };
    const replanned = await json(['set-plan', keyId, 'pro']);
    assert.deepEqual([replanned.id, replanned.plan, replanned.quota.perMinute], [keyId, 'pro', 300]);
    assert.deepEqual((await json(['set-scopes', keyId, 'pets:read'])).scopes, ['pets:read']);
    assert.equal(
      (await json(['set-expiry', keyId, '2099-01-01T00:00:00Z'])).expiresAt,
      '2099-01-01T00:00:00.000Z',
    );
    const unbanned = await json(['unban', keyId]);
    assert.deepEqual([unbanned.key.id, unbanned.wasBanned], [keyId, false]);
    const revoked = await json(['revoke', keyId]);
    assert.equal(revoked.id, keyId);
    assert.match(revoked.revokedAt, /^\d{4}-/);
    assert.equal(
      (await json(['list'])).find((k: { id: string }) => k.id === keyId).revokedAt,
      revoked.revokedAt,
    );
  });

  test('a failure under --json is one JSON object on stderr, with a code, and exit code non-zero', async () => {
    const cases: Array<[string[], Record<string, unknown>]> = [
      [
        ['keys', 'revoke', 'key_nope', ...args],
        { code: 'api_key_not_found', message: 'No API key with id key_nope' },
      ],
      [['keys', 'list', '--jsn'], { code: 'invalid_usage' }],
      [['keys', 'set-plan', 'key_nope', 'gold', ...args], { code: 'invalid_usage' }],
      [['keys', 'list', '--data-dir', '/nonexistent/petstore'], { code: 'no_deployment' }],
      [['migrate', '--port', '1'], { code: 'invalid_usage' }],
      [['pets', 'list', '--limit', 'many'], { code: 'invalid_usage' }],
      [['pets', 'export', '--output', 'pets.txt'], { code: 'invalid_usage' }],
    ];
    for (const [command, expected] of cases) {
      const error = errorOf(await runCli([...command, '--json']));
      for (const [field, value] of Object.entries(expected))
        assert.equal(error[field], value, command.join(' '));
      assert.equal(typeof error.message, 'string');
    }
  });

  test("an API failure under --json: the service's code, message, status and request id", async () => {
    const env = { PETSTORE_URL: server.baseUrl, PETSTORE_API_KEY: server.key };
    const error = errorOf(await runCli(['pets', 'get', '987654321', '--json'], env));
    assert.deepEqual(
      { ...error, requestId: typeof error.requestId },
      { code: 'pet_not_found', message: 'No pet with id 987654321', status: 404, requestId: 'string' },
    );
    // In text, the same failure stays one line of words.
    const text = await runCli(['pets', 'get', '987654321'], env);
    assert.match(text.stderr, /^petstore: No pet with id 987654321 \(pet_not_found, HTTP 404, request id /);
  });

  test('a service out of reach under --json: network_error, with the system reason in systemCode', async () => {
    // A port nothing listens on: the one a server just closed.
    const closed = createServer();
    closed.listen(0, '127.0.0.1');
    await once(closed, 'listening');
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const env = { PETSTORE_URL: `http://127.0.0.1:${port}/v1`, PETSTORE_API_KEY: server.key };
    const res = await runCli(['pets', 'list', '--json'], env);
    assert.equal(res.code, 1);
    // After the notes of the SDK's retries, each a `petstore:` line, the error object is the last line.
    const { error } = JSON.parse(res.stderr.trim().split('\n').at(-1)!) as { error: Record<string, unknown> };
    assert.equal(error.code, 'network_error');
    assert.equal(error.status, 0);
    assert.equal(error.systemCode, 'ECONNREFUSED');
  });
});
