// Requests Node's HTTP parser refuses before Fastify routes them, and requests that do not arrive whole in time
// (a client trickling its headers or body), are answered as every other error is: a catalogue body with the
// secure headers and X-Request-Id; then the connection is closed. Sent raw over a listening server, as no HTTP
// client would send them.
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { loadConfig } from '../../src/config.js';
import type { ErrorCode } from '../../src/errors/catalogue.js';
import { backends } from '../helpers/backends.js';
import { assertRawCatalogueError, rawExchange } from '../helpers/raw-http.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

/** Short, so that no test waits long for a late request to be cut off. */
const requestTimeoutMs = 300;

/** A request's head: its request line, a Host and `headers`, each line ended. */
const head = (requestLine: string, ...headers: string[]) =>
  [requestLine, 'Host: localhost', ...headers].map((line) => `${line}\r\n`).join('');
const post = (authorization: string, ...headers: string[]) =>
  head('POST /v1/pets HTTP/1.1', `Authorization: ${authorization}`, ...headers);

/** Requests the parser refuses, one malformation each, and the answer each gets. */
const refused: Array<
  [what: string, status: number, code: ErrorCode, request: (authorization: string) => string]
> = [
  [
    'headers over 16 KiB',
    431,
    'headers_too_large',
    () => `${head('GET /v1/pets HTTP/1.1', `X-Big: ${'a'.repeat(20_000)}`)}\r\n`,
  ],
  [
    'a Content-Length that is not a number',
    400,
    'bad_request',
    (auth) => `${post(auth, 'Content-Length: abc')}\r\n`,
  ],
  ['a negative Content-Length', 400, 'bad_request', (auth) => `${post(auth, 'Content-Length: -1')}\r\n`],
  [
    'two Content-Lengths',
    400,
    'bad_request',
    (auth) => `${post(auth, 'Content-Length: 2', 'Content-Length: 3')}\r\n{}`,
  ],
  [
    'Content-Length with Transfer-Encoding',
    400,
    'bad_request',
    (auth) => `${post(auth, 'Content-Length: 2', 'Transfer-Encoding: chunked')}\r\n0\r\n\r\n`,
  ],
  [
    'a control character in a header value',
    400,
    'bad_request',
    () => `${head('GET /v1/pets HTTP/1.1', 'X-Note: a\x01b')}\r\n`,
  ],
  ['a method in lower case', 400, 'bad_request', () => `${head('get /v1/pets HTTP/1.1')}\r\n`],
  [
    'a chunk size that is not hexadecimal',
    400,
    'bad_request',
    (auth) =>
      `${post(auth, 'Content-Type: application/json', 'Transfer-Encoding: chunked')}\r\nzz\r\n{}\r\n0\r\n\r\n`,
  ],
  [
    'a header line without a colon',
    400,
    'bad_request',
    () => `${head('GET /v1/pets HTTP/1.1', 'NoColonHere')}\r\n`,
  ],
  ['an HTTP/1.1 request without Host', 400, 'bad_request', () => 'GET /v1/pets HTTP/1.1\r\n\r\n'],
];

describe('client errors', () => {
  let t: TestApp;
  let port: number;
  before(async () => {
    t = await startTestApp(backends[0]!, { requestTimeoutMs });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  after(() => t.close());

  for (const [what, status, code, request] of refused) {
    test(`${what} is ${status} ${code}, with the standard headers, then a closed connection`, async () => {
      assertRawCatalogueError(await rawExchange(port, request(t.auth.authorization)), status, code, what);
    });
  }

  test('each refusal is counted in the request metrics, under route "unparsed"', async () => {
    const counted = async () => {
      const { values } = await t.app.metrics.registry.getSingleMetric('petstore_http_requests_total')!.get();
      const refusal = values.find((v) => v.labels.route === 'unparsed' && String(v.labels.status) === '431');
      return refusal?.value ?? 0;
    };
    const before = await counted();
    await rawExchange(port, refused[0]![3](t.auth.authorization));
    assert.equal(await counted(), before + 1);
  });

  test('an HTTP/1.0 request needs no Host', async () => {
    const answer = await rawExchange(
      port,
      `GET /v1/pets HTTP/1.0\r\nAuthorization: ${t.auth.authorization}\r\n\r\n`,
    );
    assert.match(answer.statusLine, / 200 /);
  });

  test('a request whose headers come too slowly is 408 request_timeout', async () => {
    const answer = await rawExchange(port, head('GET /v1/pets HTTP/1.1'), {
      pieces: Array.from({ length: 30 }, () => 'X-Slow: 1\r\n'),
      everyMs: 50,
    });
    assertRawCatalogueError(answer, 408, 'request_timeout', 'slow headers');
    assert.match(JSON.parse(answer.body).message, new RegExp(`within ${requestTimeoutMs} ms`));
    // Soon after the limit: Node looks for late requests only every 30 s unless told to look more often.
    assert.ok(answer.elapsedMs < 1500, `cut off after ${answer.elapsedMs} ms`);
  });

  test("a body sent a byte at a time (slowloris) is 408 request_timeout, with the caller's request id", async () => {
    const request = `${post(t.auth.authorization, 'Content-Type: application/json', 'Content-Length: 100', 'X-Request-Id: slow-body-1')}\r\n`;
    const answer = await rawExchange(port, request, {
      pieces: Array.from({ length: 30 }, () => ' '),
      everyMs: 50,
    });
    assertRawCatalogueError(answer, 408, 'request_timeout', 'slow body');
    assert.equal(answer.headers['x-request-id'], 'slow-body-1');
    assert.ok(answer.elapsedMs < 1500, `cut off after ${answer.elapsedMs} ms`);
  });

  test('a request already answered (a 401 before its slow body) gets no second answer at the limit', async () => {
    const request = `${post('Bearer nothing', 'Content-Type: application/json', 'Content-Length: 100')}\r\n{`;
    const answer = await rawExchange(port, request);
    assert.equal(answer.statusLine, 'HTTP/1.1 401 Unauthorized');
    assert.ok(answer.closedByServer, 'closed at the limit');
    assert.ok(!answer.body.includes('HTTP/1.1'), `one answer only, got: ${answer.body}`);
  });

  test('a malformed request on a connection that has carried an answer is still answered', async () => {
    const first = `${head('GET /healthz HTTP/1.1')}\r\n`;
    const oversized = `${head('GET /v1/pets HTTP/1.1', `X-Big: ${'a'.repeat(20_000)}`)}\r\n`;
    const answer = await rawExchange(port, first, { pieces: [oversized], everyMs: 100 });
    assert.equal(answer.statusLine, 'HTTP/1.1 200 OK');
    assert.match(answer.body, /HTTP\/1\.1 431 Request Header Fields Too Large[^]*"code":"headers_too_large"/);
  });

  test('the server holds a whole request, headers included, to the configured time', () => {
    assert.equal(t.app.server.requestTimeout, requestTimeoutMs);
    assert.equal(t.app.server.headersTimeout, requestTimeoutMs);
  });

  test('by default a request must arrive whole within 30 s', () => {
    assert.equal(loadConfig({}).requestTimeoutMs, 30_000);
  });
});
