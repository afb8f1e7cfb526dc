// The level of an error answer's log line: a refusal the service chose (a 503 while Redis is away) is one warn
// line without a stack, a fault it did not choose is an error with its cause, a client's mistake is info.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../src/errors/api-error.js';
import { backends } from '../helpers/backends.js';
import { logLines } from '../helpers/log-lines.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

const { stream, lines } = logLines();
let t: TestApp;
let app: FastifyInstance;

before(async () => {
  t = await startTestApp(backends[0]!, { logLevel: 'info' }, { logStream: stream });
  app = t.app;
  app.get('/refused', () => {
    throw new ApiError('service_unavailable', 'Redis cannot be reached; nothing was changed');
  });
  app.get('/broken', () => {
    throw new Error('a bug');
  });
});
after(() => t.close());

const linesOf = async (url: string) => {
  lines.length = 0;
  const res = await app.inject({ url });
  return {
    status: res.statusCode,
    logged: lines.filter(
      (line) => line.level >= 30 && line.msg !== 'request completed' && line.msg !== 'request errored',
    ),
  };
};

test('a chosen 503 is one warn line without a stack; a bug is an error with its stack', async () => {
  const refused = await linesOf('/refused');
  assert.equal(refused.status, 503);
  assert.deepEqual(
    refused.logged.map(({ level, msg, err }) => ({ level, msg, stack: err?.stack !== undefined })),
    [
      {
        level: 40,
        msg: 'The service is temporarily unavailable: Redis cannot be reached; nothing was changed',
        stack: false,
      },
    ],
  );
  const broken = await linesOf('/broken');
  assert.equal(broken.status, 500);
  assert.equal(broken.logged[0]?.level, 50);
  assert.match(broken.logged[0]?.err?.stack ?? '', /a bug/);
});
