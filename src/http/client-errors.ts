// Requests Node's HTTP server refuses itself, which no Fastify reply answers (Fastify's `clientErrorHandler`):
// a header section over Node's limit, a malformed Content-Length, header line or chunk, a request that did not
// arrive whole in time. They are answered on the raw socket, in the same Error body and with the same standard
// headers as every other answer, and the connection is closed: after a parse error the parser cannot tell
// where the next request would start, and a late client is the one to be rid of.
import { maxHeaderSize, STATUS_CODES, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionError, FastifyInstance } from 'fastify';
import { ApiError } from '../errors/api-error.js';
import { newRequestId, requestIdOf } from './request-id.js';
import { secureHeaders } from './security.js';

/** Errors about the request itself, which the client can be told of; any other is the network's. */
const isRequestFault = (error: ConnectionError): boolean =>
  error.code.startsWith('HPE_') || error.code === 'ERR_HTTP_REQUEST_TIMEOUT';

/** What the parser's refusal means in the catalogue. */
function clientErrorOf(error: ConnectionError, requestTimeoutMs: number): ApiError {
  if (error.code === 'HPE_HEADER_OVERFLOW') return new ApiError('headers_too_large', maxHeaderSize);
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return new ApiError('request_timeout', requestTimeoutMs);
  // The parser's reason is a fixed text of its own (such as "Invalid header value char"), never the request's bytes.
  const reason = 'reason' in error && typeof error.reason === 'string' ? error.reason : error.code;
  return new ApiError('bad_request', `the HTTP request could not be parsed: ${reason}`);
}

/** A whole HTTP/1.1 response carrying `error`, to write on a socket that has no reply object. */
function rawErrorResponse(error: ApiError, requestId: string): string {
  const body = JSON.stringify(error.toBody());
  const headers = {
    ...secureHeaders,
    'x-request-id': requestId,
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    date: new Date().toUTCString(),
    connection: 'close',
  };
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
  return `HTTP/1.1 ${error.status} ${STATUS_CODES[error.status]}\r\n${lines.join('')}\r\n${body}`;
}

/** The response Node has in flight on this connection, if a request got that far (Node's own handler reads it too). */
const responseInFlight = (socket: Socket): ServerResponse | undefined =>
  (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage ?? undefined;

/** Fastify's `clientErrorHandler`, which it calls with the app as `this`. */
export function answerClientErrors(requestTimeoutMs: number) {
  return function answerClientError(this: FastifyInstance, error: ConnectionError, socket: Socket): void {
    // A connection the client reset, or one already closed, has nobody left to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    if (!isRequestFault(error)) {
      this.log.debug({ err: error }, 'client connection failed');
      socket.destroy();
      return;
    }
    const answer = clientErrorOf(error, requestTimeoutMs);
    const inFlight = responseInFlight(socket);
    // A request whose headers were read (its body came too slowly, say) keeps the caller's own id.
    const requestId = inFlight ? requestIdOf(inFlight.req) : newRequestId();
    // At the level of any client's mistake, under the id the answer carries, so that it can be found.
    this.log.info({ requestId, code: answer.code, clientError: error.code }, answer.message);
    // Once a response has begun, another written over it would corrupt what the client reads. A late request
    // with none in flight, on a connection that has carried answers, may be one answered already (a 401 sent
    // before its body, still trickling in): a second answer would be read as the next request's, so it gets
    // none. A parse error there is the next request's own, and is answered.
    const answered = inFlight
      ? inFlight.headersSent
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' && socket.bytesWritten > 0;
    if (!socket.writable || answered) {
      socket.destroy();
      return;
    }
    // The API's port counts it with its answers (the metrics port has no metrics of its own requests).
    if (this.hasDecorator('metrics'))
      this.metrics.countRefusedRequest(inFlight?.req.method ?? 'unparsed', answer.status);
    // Closed once the answer is handed to the system, so that closing cannot cut it short.
    socket.end(rawErrorResponse(answer, requestId), () => socket.destroy());
  };
}
