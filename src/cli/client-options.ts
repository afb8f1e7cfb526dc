// What every API-user command (pets, orders, inventory, events) shares: the options naming the API, the key
// and the output format, and running work with a client whose failures are worded for a terminal.
import { Command, Option } from 'commander';
import { PetstoreClient, PetstoreError, type PetstoreClientOptions } from '@petstore/client';

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

/** Runs one piece of work with a client (given `options`), and words its failure for a terminal. */
export async function withClient<T>(
  { url, apiKey }: ClientFlags,
  work: (client: PetstoreClient) => Promise<T>,
  options: Pick<PetstoreClientOptions, 'transport' | 'maxDelayMs'> = {},
): Promise<T> {
  if (!apiKey) throw new Error('An API key is needed: pass --api-key or set PETSTORE_API_KEY');
  try {
    return await work(new PetstoreClient({ baseUrl: url, apiKey, ...options }));
  } catch (error) {
    if (!(error instanceof PetstoreError)) throw error;
    const status = error.status ? `HTTP ${error.status}, ` : '';
    throw new Error(`${error.message} (${error.code}, ${status}request id ${error.requestId})`);
  }
}
