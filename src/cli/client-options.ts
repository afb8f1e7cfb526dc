// What every API-user command (pets, orders, inventory, events) shares: the options naming the API, the key
// and the output format, and running work with a client whose failures are worded for a terminal.
import { setTimeout as sleep } from 'node:timers/promises';
import { Command, Option } from 'commander';
import { PetstoreClient, PetstoreError, type PetstoreClientOptions } from '@petstore/client';
import { CliError, usageError } from './cli-error.js';

export interface ClientFlags {
  url: string;
  apiKey?: string;
  json?: boolean;
}

/** Adds the client options to a command: where the API is, the key, the output format. */
export const withClientOptions = (command: Command): Command =>
  command
    .addOption(
      new Option('--url <url>', 'Base URL of the API, ending in /v1')
        .env('PETSTORE_URL')
        .default('http://127.0.0.1:3000/v1'),
    )
    .addOption(new Option('--api-key <key>', 'API key (required)').env('PETSTORE_API_KEY'))
    .option('--json', 'Print JSON instead of a table');

/**
 * The longest Retry-After a command waits out before it fails: a key's minute window, which a Free key's
 * `--all` listing of more than 60 pages runs into. A longer one (a spent daily quota, a ban) fails at once.
 */
const minuteWindowMs = 60_000;

/** Waits between the SDK's attempts, saying so on stderr when the wait is long enough to be noticed. */
async function sleepNoted(ms: number): Promise<void> {
  if (ms >= 1000) console.error(`petstore: retrying in ${Math.ceil(ms / 1000)} s`);
  await sleep(ms);
}

/** Runs one piece of work with a client (given `options`), and words its failure for a terminal. */
export async function withClient<T>(
  { url, apiKey }: ClientFlags,
  work: (client: PetstoreClient) => Promise<T>,
  options: Pick<PetstoreClientOptions, 'transport' | 'maxDelayMs'> = {},
): Promise<T> {
  if (!apiKey) throw usageError('An API key is needed: pass --api-key or set PETSTORE_API_KEY');
  try {
    const client = new PetstoreClient({
      baseUrl: url,
      apiKey,
      maxDelayMs: minuteWindowMs,
      sleep: sleepNoted,
      ...options,
    });
    return await work(client);
  } catch (error) {
    if (!(error instanceof PetstoreError)) throw error;
    throw failureOf(error, url);
  }
}

/**
 * What to say when a 404 came from a base URL that does not end in `/v1`: every operation of the API lives
 * under it, so a 404 there most likely means the URL names something else (`…/api`, a path of a proxy).
 */
export function urlHintOf(url: string, status: number): string | undefined {
  if (status !== 404) return undefined;
  let path: string;
  try {
    path = new URL(url).pathname.replace(/\/+$/, '');
  } catch {
    return undefined;
  }
  // A bare host is given the spec's /v1 by the SDK.
  if (path === '' || path.endsWith('/v1')) return undefined;
  return `The API's base URL ends in /v1, as in http://127.0.0.1:3000/v1, and ${url} does not: check --url or PETSTORE_URL`;
}

/** A failed call as the command reports it: its wording in text; under --json, the service's own. */
function failureOf(error: PetstoreError, url: string): CliError {
  const hint = urlHintOf(url, error.status);
  const systemCode = systemCodeOf(error);
  return new CliError(error.code, hint ? `${wordingOf(error)}. ${hint}` : wordingOf(error), {
    status: error.status,
    requestId: error.requestId,
    message: error.message,
    ...(hint && { hint }),
    ...(systemCode && { systemCode }),
  });
}

/** The first system error code (ECONNREFUSED…) along an error's causes: fetch wraps it in "fetch failed". */
function systemCodeOf(error: unknown): string | undefined {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; depth++) {
    const { code } = cause as Error & { code?: unknown };
    if (cause !== error && typeof code === 'string' && /^E[A-Z]+$/.test(code)) return code;
    cause = cause.cause;
  }
  return undefined;
}

/** A failed call as a command prints it: the service's message, then its code, status and request id. */
export function wordingOf(error: PetstoreError): string {
  const status = error.status ? `HTTP ${error.status}, ` : '';
  return `${error.message} (${error.code}, ${status}request id ${error.requestId})`;
}
