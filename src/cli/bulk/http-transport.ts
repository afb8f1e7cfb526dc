// The fetch a bulk command gives the SDK: requests over node:http(s) through a keep-alive pool of as many sockets
// as the command keeps requests in flight. Node 20's global fetch gives the same answers but costs about half as
// much CPU again per request and leaves more garbage, since it builds web streams and copies of every request and
// answer (docs/benchmarks.md, "The bulk rows"): at thousands of rows per second, the CLI's core was the limit.
import http from 'node:http';
import https from 'node:https';

export interface HttpTransport {
  fetch(request: Request): Promise<Response>;
  /** Closes the idle sockets (they would not keep the process alive, but need not wait for the exit). */
  close(): void;
}

/** Statuses whose answer has no body (a Response refuses one). */
const bodiless = new Set([101, 204, 205, 304]);

function headersOf(raw: string[]): Headers {
  const headers = new Headers();
  for (let i = 0; i < raw.length; i += 2) headers.append(raw[i]!, raw[i + 1]!);
  return headers;
}

/**
 * A fetch for the SDK's own requests (JSON bodies, no redirects followed: an answer 3xx is returned as it is).
 * As the global fetch, it rejects with the signal's reason when the request's signal aborts it, and with a
 * TypeError("fetch failed") whose cause says why when the request gets no answer.
 */
export function httpTransport(connections: number): HttpTransport {
  const options = { keepAlive: true, maxSockets: connections };
  const agents = { 'http:': new http.Agent(options), 'https:': new https.Agent(options) };

  async function fetch(request: Request): Promise<Response> {
    const { signal } = request;
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    signal.throwIfAborted();
    const url = new URL(request.url);
    const headers: Record<string, string> = Object.fromEntries(request.headers);
    if (body) headers['content-length'] = String(body.length);
    let sent: http.ClientRequest | undefined;
    const abort = () => sent?.destroy(signal.reason as Error);
    signal.addEventListener('abort', abort, { once: true });
    try {
      const answer = await new Promise<http.IncomingMessage>((resolve, reject) => {
        const agent = url.protocol === 'https:' ? agents['https:'] : agents['http:'];
        const send = url.protocol === 'https:' ? https.request : http.request;
        sent = send(url, { method: request.method, headers, agent }, resolve);
        sent.once('error', reject).end(body);
      });
      const chunks: Buffer[] = [];
      for await (const chunk of answer) chunks.push(chunk as Buffer);
      const status = answer.statusCode ?? 0;
      return new Response(bodiless.has(status) || request.method === 'HEAD' ? null : Buffer.concat(chunks), {
        status,
        statusText: answer.statusMessage ?? '',
        headers: headersOf(answer.rawHeaders),
      });
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      throw new TypeError('fetch failed', { cause: error });
    } finally {
      signal.removeEventListener('abort', abort);
    }
  }

  return {
    fetch,
    close() {
      for (const agent of Object.values(agents)) agent.destroy();
    },
  };
}
