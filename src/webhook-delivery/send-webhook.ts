// One delivery attempt: POST a signed event to an endpoint, connecting only to the address checked by the
// SSRF guard, never following a redirect, and counting only a 2xx within the timeout as success.
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { Webhook } from 'standardwebhooks';
import {
  checkUrlForm,
  resolveSafeAddress,
  UnsafeUrlError,
  type UrlPolicy,
} from '../services/webhook-url-safety.js';

export interface AttemptResult {
  ok: boolean;
  /** HTTP status of the answer; undefined when none came. */
  statusCode: number | undefined;
  durationMs: number;
  /** Why the attempt failed, shortened; undefined on success. */
  error: string | undefined;
  /** True when nothing was sent because the URL or its address was refused (SSRF guard). */
  blocked: boolean;
  /** The setting that would lift the refusal of a blocked attempt, when one would. */
  blockedUnless?: string;
}

export interface WebhookMessage {
  /** `webhook-id`: the same for every attempt and replay of one event, so receivers can drop duplicates. */
  id: string;
  /** The JSON body, exactly as signed. */
  payload: string;
}

const excerptLength = 500;
const excerpt = (text: string) => (text.length > excerptLength ? `${text.slice(0, excerptLength)}…` : text);

/**
 * Signs and sends; never throws, every failure is an unsuccessful result. `signer` is the endpoint's
 * `new Webhook(secret)`, made once for all the events sent to it in a row.
 */
export async function sendWebhook(
  target: { url: string; signer: Webhook },
  message: WebhookMessage,
  { policy, timeoutMs, now }: { policy: UrlPolicy; timeoutMs: number; now: () => number },
): Promise<AttemptResult> {
  const started = performance.now();
  const done = (
    ok: boolean,
    statusCode: number | undefined,
    error: string | undefined,
    blocked = false,
  ): AttemptResult => ({
    ok,
    blocked,
    statusCode,
    durationMs: Math.round(performance.now() - started),
    error: error === undefined ? undefined : excerpt(error),
  });
  try {
    // The form too, not only the address: the policy may have changed since the endpoint was added.
    const url = checkUrlForm(target.url, policy);
    // One deadline for the lookup and the request, so that a slow resolver cannot outlive the lease.
    const signal = AbortSignal.timeout(timeoutMs);
    const { address, family } = await resolveSafeAddress(url, policy, signal);
    const pinned: LookupFunction = (_host, options, callback) => {
      if ((options as { all?: boolean }).all) callback(null, [{ address, family }]);
      else callback(null, address, family);
    };
    // One clock read for the signed timestamp and the header: two could fall on either side of a second.
    const timestamp = new Date(now());
    const signature = target.signer.sign(message.id, timestamp, message.payload);
    const client = url.protocol === 'https:' ? https : http;
    const response = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = client.request(
        url,
        {
          method: 'POST',
          lookup: pinned,
          signal,
          headers: {
            'content-type': 'application/json',
            'user-agent': 'petstore-webhooks/1',
            'webhook-id': message.id,
            'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
            'webhook-signature': signature,
          },
        },
        (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            if (body.length < excerptLength) body += chunk;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
          res.on('error', reject);
        },
      );
      request.on('error', reject);
      request.end(message.payload);
    });
    const ok = response.status >= 200 && response.status < 300;
    return done(ok, response.status, ok ? undefined : `HTTP ${response.status}: ${response.body}`);
  } catch (error) {
    if (error instanceof UnsafeUrlError)
      return { ...done(false, undefined, error.message, true), blockedUnless: error.setting };
    const { name, message: text } = error as Error;
    const reason =
      name === 'TimeoutError' || name === 'AbortError' ? `no answer within ${timeoutMs} ms` : text;
    return done(false, undefined, reason);
  }
}
