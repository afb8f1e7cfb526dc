// The transport the bulk commands give the SDK (node:http with a keep-alive pool): what it sends and answers must
// be what the global fetch would, for the SDK's requests, and its failures must read the same to the SDK.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import { httpTransport } from '../../src/cli/bulk/http-transport.js';

type Handler = (request: IncomingMessage, body: string, response: ServerResponse) => void;
let handle: Handler;
const server = createServer((request, response) => {
  let body = '';
  request.setEncoding('utf8');
  request.on('data', (chunk: string) => (body += chunk));
  request.on('end', () => handle(request, body, response));
});
let base: string;
const transport = httpTransport(2);
/** A request as the SDK hands it to a transport. */
const outgoing = (
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string; signal?: AbortSignal } = {},
) => ({
  url,
  method: init.method ?? 'GET',
  headers: new Headers(init.headers),
  body: init.body,
  signal: init.signal ?? new AbortController().signal,
});
before(async () => {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(() => {
  transport.close();
  server.close();
});

test('a POST with a JSON body: sent with its headers and length, answered with status, headers and body', async () => {
  let seen: { method?: string; url?: string; headers: IncomingMessage['headers']; body: string } | undefined;
  handle = (request, body, response) => {
    seen = { method: request.method, url: request.url, headers: request.headers, body };
    response.writeHead(201, 'Created', { 'content-type': 'application/json', 'x-ratelimit-remaining': '9' });
    response.end('{"id":7}');
  };
  const response = await transport.send(
    outgoing(`${base}/v1/pets?x=1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': 'k-1' },
      body: '{"name":"Rüx"}',
    }),
  );
  assert.equal(seen?.method, 'POST');
  assert.equal(seen?.url, '/v1/pets?x=1');
  assert.equal(seen?.body, '{"name":"Rüx"}');
  assert.equal(seen?.headers['content-length'], '15', 'the length in bytes, not in characters');
  assert.equal(seen?.headers['idempotency-key'], 'k-1');
  assert.equal(response.status, 201);
  assert.equal(response.statusText, 'Created');
  assert.equal(response.headers.get('X-RateLimit-Remaining'), '9', 'names in any case');
  assert.equal(response.headers.has('x-missing'), false);
  assert.equal(response.body, '{"id":7}');
});

test('a header sent twice reads as its values joined, as Headers does', async () => {
  handle = (_request, _body, response) => {
    response.setHeader('link', ['<a>; rel="next"', '<b>; rel="resume"']);
    response.end('[]');
  };
  const response = await transport.send(outgoing(`${base}/v1/x`));
  assert.equal(response.headers.get('link'), '<a>; rel="next", <b>; rel="resume"');
});

test('an answer without a body (204) has an empty body', async () => {
  handle = (_request, _body, response) => response.writeHead(204).end();
  const response = await transport.send(outgoing(`${base}/v1/x`));
  assert.equal(response.status, 204);
  assert.equal(response.body, '');
});

test('a request whose signal aborts it rejects with the signal’s reason, as fetch does (a timeout is retried)', async () => {
  handle = () => {}; // never answers
  const reason = new DOMException('The operation was aborted due to timeout', 'TimeoutError');
  const controller = new AbortController();
  setTimeout(() => controller.abort(reason), 50);
  await assert.rejects(transport.send(outgoing(`${base}/v1/x`, { signal: controller.signal })), reason);
});

test('no answer at all: TypeError("fetch failed") with the reason as its cause, as fetch does', async () => {
  const closed = createServer();
  closed.listen(0, '127.0.0.1');
  await once(closed, 'listening');
  const { port } = closed.address() as AddressInfo;
  closed.close();
  await once(closed, 'close');
  await assert.rejects(
    transport.send(outgoing(`http://127.0.0.1:${port}/v1/x`)),
    (error: Error) =>
      error instanceof TypeError &&
      error.message === 'fetch failed' &&
      /ECONNREFUSED/.test((error.cause as Error).message),
  );
});
