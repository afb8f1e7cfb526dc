// Raw HTTP/1.1 exchanges over a socket, for requests no HTTP client would send (malformed, oversized, slow),
// and the check that what came back is a catalogue Error with the standard headers, on a closed connection.
import assert from 'node:assert/strict';
import { STATUS_CODES } from 'node:http';
import { connect } from 'node:net';
import { errorCatalogue, type ErrorCode } from '../../src/errors/catalogue.js';
import { secureHeaders } from '../../src/http/security.js';

export interface RawAnswer {
  statusLine: string;
  /** By lower-case name. */
  headers: Record<string, string>;
  /** Everything after the head, up to the close. */
  body: string;
  /** Whether the server closed the connection, rather than the exchange giving up on it. */
  closedByServer: boolean;
  elapsedMs: number;
}

export interface Trickle {
  /** Written one after another after the request, `everyMs` apart, while the connection is open. */
  pieces: string[];
  everyMs: number;
}

/** Sends `request`, then any trickle, and reads until the server closes the connection (or `giveUpMs`). */
export function rawExchange(
  port: number,
  request: string,
  trickle: Trickle = { pieces: [], everyMs: 0 },
  giveUpMs = 2000,
): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const started = performance.now();
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let gaveUp = false;
    const giveUp = setTimeout(() => {
      gaveUp = true;
      socket.destroy();
    }, giveUpMs);
    const pieces = [...trickle.pieces];
    const dripping = setInterval(() => {
      if (pieces.length > 0 && socket.writable) socket.write(pieces.shift()!);
    }, trickle.everyMs || 1000);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    // Writing to a connection the server has just closed fails; what it answered is all that matters.
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(giveUp);
      clearInterval(dripping);
      const text = Buffer.concat(chunks).toString('utf8');
      const headEnd = text.indexOf('\r\n\r\n');
      const [statusLine = '', ...lines] = text.slice(0, headEnd < 0 ? text.length : headEnd).split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => {
          const colon = line.indexOf(':');
          return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()];
        }),
      );
      const body = headEnd < 0 ? '' : text.slice(headEnd + 4);
      resolve({ statusLine, headers, body, closedByServer: !gaveUp, elapsedMs: performance.now() - started });
    });
    socket.write(request);
  });
}

/** The answer is one catalogue Error of `status` and `code`, with the standard headers, and the server hung up. */
export function assertRawCatalogueError(
  answer: RawAnswer,
  status: number,
  code: ErrorCode,
  what: string,
): void {
  assert.equal(answer.statusLine, `HTTP/1.1 ${status} ${STATUS_CODES[status]}`, `${what}: ${answer.body}`);
  assert.equal(errorCatalogue[code].status, status, what);
  const body = JSON.parse(answer.body) as { code: string; message: string; status: number };
  assert.deepEqual(Object.keys(body).sort(), ['code', 'message', 'status'], what);
  assert.equal(body.code, code, what);
  assert.equal(body.status, status, what);
  assert.equal(answer.headers['content-type'], 'application/json; charset=utf-8', what);
  assert.equal(
    Number(answer.headers['content-length']),
    Buffer.byteLength(answer.body),
    `${what}: one answer`,
  );
  for (const [name, value] of Object.entries(secureHeaders))
    assert.equal(answer.headers[name], value, `${name} on ${what}`);
  assert.match(answer.headers['x-request-id'] ?? '', /^[\w.:-]+$/, `X-Request-Id on ${what}`);
  assert.equal(answer.headers['connection'], 'close', what);
  assert.ok(answer.closedByServer, `the server closes the connection after ${what}`);
}
