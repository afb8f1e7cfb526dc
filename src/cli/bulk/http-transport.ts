// The transport a bulk command gives the SDK: requests over node:http(s) through a keep-alive pool of as many
// sockets as the command keeps requests in flight, each answer read whole. The SDK's default, Node 20's
// global fetch, gives the same answers, but builds a Request and a Response with their web streams per
// request, and leaves more garbage (docs/benchmarks.md, "The bulk rows"): at thousands of rows per second,
// the CLI's core was the limit.
import http from 'node:http';
import https from 'node:https';
import type { OutgoingRequest, Transport, TransportAnswer } from '@petstore/client';

export interface HttpTransport {
  send: Transport;
  /** Closes the idle sockets (they would not keep the process alive, but need not wait for the exit). */
  close(): void;
}

/** An answer's headers as the SDK reads them, straight from node's parse (lower-case names, repeats joined). */
function headersOf(parsed: http.IncomingHttpHeaders): TransportAnswer['headers'] {
  const get = (name: string): string | null => {
    const value = parsed[name.toLowerCase()];
    return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
  };
  return { get, has: (name) => get(name) !== null };
}

/**
 * A transport for the SDK's own requests (JSON bodies and photos' bytes, no redirects followed: an answer 3xx is returned as
 * it is). It rejects with the signal's reason when the request's signal aborts it, and with a
 * TypeError("fetch failed") whose cause says why when the request gets no answer, as fetch does.
 */
export function httpTransport(connections: number): HttpTransport {
  const options = { keepAlive: true, maxSockets: connections };
  const agents = { 'http:': new http.Agent(options), 'https:': new https.Agent(options) };

  async function send({ url, method, headers, body, signal }: OutgoingRequest): Promise<TransportAnswer> {
    signal.throwIfAborted();
    const target = new URL(url);
    const sentHeaders: Record<string, string> = Object.fromEntries(headers);
    if (body !== undefined) sentHeaders['content-length'] = String(Buffer.byteLength(body));
    let sent: http.ClientRequest | undefined;
    const abort = () => sent?.destroy(signal.reason as Error);
    signal.addEventListener('abort', abort, { once: true });
    try {
      const answer = await new Promise<http.IncomingMessage>((resolve, reject) => {
        const secure = target.protocol === 'https:';
        const agent = secure ? agents['https:'] : agents['http:'];
        sent = (secure ? https.request : http.request)(
          target,
          { method, headers: sentHeaders, agent },
          resolve,
        );
        sent.once('error', reject).end(body);
      });
      answer.setEncoding('utf8');
      let text = '';
      for await (const chunk of answer) text += chunk as string;
      return {
        status: answer.statusCode ?? 0,
        statusText: answer.statusMessage ?? '',
        headers: headersOf(answer.headers),
        body: text,
      };
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      throw new TypeError('fetch failed', { cause: error });
    } finally {
      signal.removeEventListener('abort', abort);
    }
  }

  return {
    send,
    close() {
      for (const agent of Object.values(agents)) agent.destroy();
    },
  };
}
