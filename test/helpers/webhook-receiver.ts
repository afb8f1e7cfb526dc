// A real webhook receiver on loopback for tests: records every delivery, can fail or delay its answers,
// and checks signatures with the standardwebhooks package as a real receiver would.
import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { Webhook } from 'standardwebhooks';

export interface ReceivedWebhook {
  /** The path the delivery was posted to (one receiver can stand for several endpoints). */
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  event: { id: number; type: string; createdAt: string; changes?: string[]; data: Record<string, unknown> };
  /** The status this receiver answered. */
  status: number;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  /** Deliveries answered 2xx. */
  accepted(): ReceivedWebhook[];
  /** Answers 500 to the next `count` requests. */
  failNext(count: number): void;
  /** Waits this long before answering each request. */
  delayMs: number;
  /** Resolves once `count` deliveries were answered 2xx. */
  waitForAccepted(count: number, timeoutMs?: number): Promise<ReceivedWebhook[]>;
  close(): Promise<void>;
}

export async function startWebhookReceiver(path = '/hooks'): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  let failures = 0;
  const receiver: WebhookReceiver = {
    url: '',
    received,
    accepted: () => received.filter((r) => r.status < 300),
    failNext: (count) => void (failures = count),
    delayMs: 0,
    async waitForAccepted(count, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (receiver.accepted().length < count) {
        if (Date.now() > deadline) {
          throw new Error(`received ${receiver.accepted().length} of ${count} webhooks in ${timeoutMs} ms`);
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return receiver.accepted();
    },
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
  const server: Server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const status = failures > 0 ? (failures--, 500) : 204;
      setTimeout(() => {
        received.push({ path: req.url ?? '', headers: req.headers, body, event: JSON.parse(body), status });
        res.writeHead(status).end(status === 500 ? 'receiver is down' : undefined);
      }, receiver.delayMs);
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  receiver.url = `http://127.0.0.1:${port}${path}`;
  return receiver;
}

/** Verifies a delivery as a receiver would; throws when the signature or timestamp is wrong. */
export const verifyDelivery = (secret: string, body: string, headers: IncomingHttpHeaders): unknown =>
  new Webhook(secret).verify(body, {
    'webhook-id': String(headers['webhook-id']),
    'webhook-timestamp': String(headers['webhook-timestamp']),
    'webhook-signature': String(headers['webhook-signature']),
  });
