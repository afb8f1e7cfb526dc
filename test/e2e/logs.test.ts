// Keys never reach the logs: not from the Authorization header, a refused key, or a key pasted into a URL.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { backends } from '../helpers/backends.js';
import { prepareDeployment } from '../helpers/deployment-process.js';
import { startServerProcess } from '../helpers/server-process.js';

test('no log line holds a key, while each request is logged with its id, route, status and key id', async () => {
  const deployment = await prepareDeployment(backends[0]!);
  const server = await startServerProcess([...deployment.args, '--log-level', 'trace']);
  try {
    const key = deployment.key;
    const wrong = key.slice(0, -1) + (key.endsWith('a') ? 'b' : 'a');
    const calls: Array<[string, Record<string, string>]> = [
      ['/v1/pets', { authorization: `Bearer ${key}` }],
      ['/v1/pets', { authorization: `Bearer ${wrong}` }],
      [`/v1/pets?api_key=${key}`, { authorization: `Bearer ${key}` }],
      [`/v1/${key}`, {}],
      ['/v1/pets/1', { authorization: key }],
    ];
    for (const [path, headers] of calls) await fetch(`${server.url}${path}`, { headers });
  } finally {
    await server.stop();
    await deployment.remove();
  }
  for (const line of server.output)
    assert.doesNotMatch(line, /pet_live_[0-9A-Za-z]{10}/, 'no key-shaped text');
  // Besides the JSON log lines, the process prints the first admin's sign-in banner as plain text.
  const lines = server.output
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  const completed = lines.filter(
    (line) => line.msg === 'request completed' && String(line.url).startsWith('/v1'),
  );
  assert.equal(completed.length, 5);
  const first = completed[0]!;
  assert.equal(first.route, '/v1/pets');
  assert.equal(first.status, 200);
  assert.match(String(first.keyId), /^key_/);
  assert.equal(typeof first.requestId, 'string');
  assert.equal(typeof first.ms, 'number');
});
