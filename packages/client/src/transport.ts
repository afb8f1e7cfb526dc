// What the client sends and reads below openapi-fetch: a request whose body is already a string, and an
// answer read whole. openapi-fetch builds a Request per call and the client used to copy it per attempt; each
// one, and each Response, costs a web stream (about 85 µs of CPU a call on Node 20, more than the HTTP
// exchange itself). The client now keeps its request plain until an attempt is sent: as a Request to a
// `fetch`, or as it is to a `transport`, whose answer needs no stream either.

/** One attempt of a request, as the client sends it. */
export interface OutgoingRequest {
  /** Absolute URL, query included. */
  url: string;
  method: string;
  headers: Headers;
  /** The JSON body, serialized, or the bytes of a photo; undefined when the request has none. */
  body: string | Uint8Array<ArrayBuffer> | undefined;
  /** Aborts the attempt when its time limit passes: the transport must then reject with `signal.reason`. */
  signal: AbortSignal;
}

/** An answer read whole. */
export interface TransportAnswer {
  status: number;
  statusText: string;
  /** `get` takes any case of a name and returns a repeated header's values joined by ", ", as Headers does. */
  headers: Pick<Headers, 'get' | 'has'>;
  /** The body as text; empty when there is none. */
  body: string;
}

/**
 * Sends one attempt and reads its answer whole. A request that gets no answer rejects, with the signal's
 * reason when the signal aborted it.
 */
export type Transport = (request: OutgoingRequest) => Promise<TransportAnswer>;

/**
 * What openapi-fetch builds in place of a Request (its `Request` option): the same fields, with the body
 * kept as the string it serialized (or the bytes of a photo, which it passes through).
 */
export class PlannedRequest {
  readonly url: string;
  readonly method: string;
  readonly headers: Headers;
  readonly body: string | Uint8Array<ArrayBuffer> | undefined;

  constructor(
    url: string,
    init: { method?: string; headers: Headers; body?: string | Uint8Array<ArrayBuffer> },
  ) {
    this.url = url;
    this.method = init.method ?? 'GET';
    this.headers = init.headers;
    this.body = init.body;
  }
}

/** Sends attempts through a fetch, as one Request each. */
export const viaFetch =
  (fetch: (request: Request) => Promise<Response>) =>
  ({ url, ...init }: OutgoingRequest): Promise<Response> =>
    fetch(new Request(url, init));

/**
 * Sends attempts through a transport. Its answer is given to openapi-fetch and the client as the part of a
 * Response they read: status, headers and the body, once, as text or JSON.
 */
export const viaTransport =
  (transport: Transport) =>
  async (request: OutgoingRequest): Promise<Response> => {
    const { status, statusText, headers, body } = await transport(request);
    const answer = {
      status,
      statusText,
      ok: status >= 200 && status < 300,
      headers,
      body: null,
      text: async () => body,
      json: async () => JSON.parse(body) as unknown,
    };
    return answer as unknown as Response;
  };
