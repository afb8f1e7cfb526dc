// A real listening app for SDK and CLI tests, with faults that can be queued for the next pet requests:
// an error status (503, 429…) answered instead of the request, or a connection dropped after the answer.
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { PetstoreClient, PetstoreError } from '@petstore/client';
import type { SettingName } from '../../src/config.js';
import type { Backend } from './backends.js';
import { startTestApp, type TestApp } from './test-app.js';

export type Fault =
  | { status: number; code: string; headers?: Record<string, string> }
  /** The request is handled (a POST commits), then its connection is closed before the answer is sent. */
  | { drop: true }
  /** The request is handled, and its answer held back this long. */
  | { delayMs: number };

export interface SdkServer extends TestApp {
  /** Base URL for the SDK, ending in /v1. */
  baseUrl: string;
  /** Faults for the next requests to /v1/pets…, in order. */
  faults: Fault[];
  /** Requests to /v1/pets… so far, faulty ones included. */
  petRequests: number;
}

export interface SdkServerOptions {
  overrides?: Partial<Record<SettingName, unknown>>;
  clock?: () => number;
  /** Adds hooks to the app before it listens. */
  setup?: (app: FastifyInstance) => void;
}

export async function startSdkServer(
  backend: Backend,
  { overrides = {}, clock, setup }: SdkServerOptions = {},
): Promise<SdkServer> {
  const t = await startTestApp(backend, overrides, { clock });
  const server = { ...t, baseUrl: '', faults: [] as Fault[], petRequests: 0 };
  const dropping = new WeakSet<object>();
  const delaying = new WeakMap<object, number>();
  t.app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/v1/pets')) return;
    server.petRequests++;
    const fault = server.faults.shift();
    if (!fault) return;
    if ('drop' in fault) {
      dropping.add(request);
      return;
    }
    if ('delayMs' in fault) {
      delaying.set(request, fault.delayMs);
      return;
    }
    const body = { code: fault.code, message: `injected ${fault.status}`, status: fault.status };
    return reply
      .code(fault.status)
      .headers(fault.headers ?? {})
      .send(body);
  });
  t.app.addHook('onSend', async (request) => {
    if (dropping.has(request)) request.raw.socket.destroy();
    const delayMs = delaying.get(request);
    if (delayMs) await sleep(delayMs);
  });
  setup?.(t.app);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  server.baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/v1`;
  return server;
}

/** The PetstoreError a call fails with; fails the test when it succeeds or fails otherwise. */
export async function failureOf(call: Promise<unknown>): Promise<PetstoreError> {
  const outcome = await call.then(
    () => new Error('expected the call to fail, it succeeded'),
    (error: unknown) => error,
  );
  if (!(outcome instanceof PetstoreError)) throw outcome;
  return outcome;
}

/**
 * A client of `server` that notes what it sends: each request's method and the headers `headers` names, under
 * the names given (`{ type: 'content-type' }`), null where absent.
 */
export function spyingClient<K extends string>(server: SdkServer, headers: Record<K, string>) {
  const sent: Array<{ method: string } & Record<K, string | null>> = [];
  const client = new PetstoreClient({
    baseUrl: server.baseUrl,
    apiKey: server.key,
    fetch: (request) => {
      const noted = Object.fromEntries(
        Object.entries<string>(headers).map(([name, header]) => [name, request.headers.get(header)]),
      ) as Record<K, string | null>;
      sent.push({ method: request.method, ...noted });
      return fetch(request);
    },
  });
  return { client, sent };
}
