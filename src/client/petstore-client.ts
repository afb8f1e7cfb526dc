// PetstoreClient: the typed SDK for API users, on openapi-fetch and the types generated from the service's
// OpenAPI document. It retries what is safe to retry, pages through listings and throws PetstoreError.
import createClient, { type Client } from 'openapi-fetch';
import type { components, paths } from './openapi-types.js';
import { nextLink } from './link-header.js';
import { errorFromResponse, PetstoreError } from './petstore-error.js';
import { rateLimitOf, type RateLimitState } from './rate-limit.js';
import { retryingFetch } from './retrying-fetch.js';
import { defaultRetryOptions, type RetryOptions } from './retry-policy.js';

export type Pet = components['schemas']['Pet'];
export type NewPet = components['schemas']['NewPet'];
export type PetStatus = components['schemas']['PetStatus'];

export interface PetstoreClientOptions extends Partial<RetryOptions> {
  /** Base URL of a deployment, ending in `/v1`, e.g. `https://api.example.com/v1`. */
  baseUrl: string;
  /** An API key: `pet_live_…` for production, `pet_test_…` for staging. */
  apiKey: string;
  /** The fetch to send requests with; the global one by default. */
  fetch?: (request: Request) => Promise<Response>;
  /** Waits between attempts; replace it to observe or schedule retries. */
  sleep?: (ms: number) => Promise<void>;
}

export interface ListPetsOptions {
  status?: PetStatus;
  /** Animals per page, 1 to 100 (default 20). */
  limit?: number;
}

export interface CreatePetOptions {
  /**
   * The Idempotency-Key of this creation. By default the SDK makes a random one, so that a retry after a
   * lost answer never creates the pet twice. Pass your own to make retries across processes safe too, or
   * `false` to send none (the call is then never retried).
   */
  idempotencyKey?: string | false;
}

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The API's base URL: as given without a trailing slash, or with the spec's `/v1` when given none (a bare host). */
function apiBaseOf(baseUrl: string): string {
  const trimmed = baseUrl.replace(/\/+$/, '');
  return new URL(trimmed).pathname === '/' ? `${trimmed}/v1` : trimmed;
}

/**
 * A client of the pet adoption service.
 *
 * @example
 * import { PetstoreClient } from 'petstore/client';
 *
 * const client = new PetstoreClient({ baseUrl: 'https://api.example.com/v1', apiKey: process.env.PETSTORE_API_KEY! });
 * const rex = await client.createPet({ name: 'Rex', categoryId: 1 });
 * for await (const pet of client.listAllPets({ status: 'available' })) console.log(pet.name);
 */
export class PetstoreClient {
  readonly #api: Client<paths>;
  readonly #baseUrl: string;
  #rateLimit: RateLimitState | undefined;

  constructor(options: PetstoreClientOptions) {
    this.#baseUrl = apiBaseOf(options.baseUrl);
    this.#api = createClient<paths>({
      baseUrl: this.#baseUrl,
      headers: { authorization: `Bearer ${options.apiKey}` },
      fetch: retryingFetch({
        ...defaultRetryOptions,
        ...definedOnly(options),
        fetch: options.fetch ?? ((request) => fetch(request)),
        sleep: options.sleep ?? sleepFor,
        onResponse: (response) => {
          this.#rateLimit = rateLimitOf(response.headers) ?? this.#rateLimit;
        },
      }),
    });
  }

  /**
   * The rate-limit state of the last response that reported one: limit, remaining requests and reset time.
   *
   * @example
   * await client.listPets();
   * if (client.rateLimit && client.rateLimit.remaining < 10) console.warn('slow down until', client.rateLimit.reset);
   */
  get rateLimit(): RateLimitState | undefined {
    return this.#rateLimit;
  }

  /**
   * One page of animals in ascending id order.
   *
   * @example
   * const firstTen = await client.listPets({ status: 'available', limit: 10 });
   */
  async listPets({ status, limit }: ListPetsOptions = {}): Promise<Pet[]> {
    return (await this.#listPage({ status, limit })).pets;
  }

  /**
   * Every animal, page after page, following the `Link: rel="next"` header until there is none.
   *
   * @example
   * for await (const pet of client.listAllPets({ status: 'sold' })) console.log(pet.id, pet.name);
   */
  async *listAllPets({ status, limit = 100 }: ListPetsOptions = {}): AsyncGenerator<Pet, void, undefined> {
    let query: ListQuery = { status, limit };
    for (;;) {
      const { pets, next } = await this.#listPage(query);
      yield* pets;
      if (!next) return;
      const params = new URL(next, `${this.#baseUrl}/`).searchParams;
      query = {
        status: (params.get('status') as PetStatus | null) ?? status,
        limit: Number(params.get('limit') ?? limit),
        cursor: params.get('cursor') ?? undefined,
      };
    }
  }

  /**
   * Adds an animal. It is sent with an Idempotency-Key, so retries after 429, 503 or a dropped connection are
   * safe: the service creates it once and replays its answer.
   *
   * @example
   * const pet = await client.createPet({ name: 'Rex', categoryId: 1, status: 'available' });
   * // With a key of your own, e.g. one stored with the order that caused the creation:
   * await client.createPet({ name: 'Tom', categoryId: 2 }, { idempotencyKey: order.id });
   */
  async createPet(newPet: NewPet, { idempotencyKey }: CreatePetOptions = {}): Promise<Pet> {
    const key = idempotencyKey ?? (idempotencyKey === false ? undefined : crypto.randomUUID());
    const requestId = crypto.randomUUID();
    return this.#call(requestId, () =>
      this.#api.POST('/pets', {
        params: { header: key ? { 'idempotency-key': key } : {} },
        headers: { 'x-request-id': requestId },
        body: newPet,
      }),
    );
  }

  /**
   * One animal by id.
   *
   * @deprecated The service removes `GET /pets/{petId}` on 5 December 2030 (sunset). Use
   * `listPets({ status })` or `listAllPets({ status })` instead.
   *
   * @example
   * const pet = await client.getPet(42);
   */
  async getPet(id: number): Promise<Pet> {
    const requestId = crypto.randomUUID();
    return this.#call(requestId, () =>
      this.#api.GET('/pets/{petId}', {
        params: { path: { petId: id } },
        headers: { 'x-request-id': requestId },
      }),
    );
  }

  async #listPage(query: ListQuery): Promise<{ pets: Pet[]; next: string | undefined }> {
    const requestId = crypto.randomUUID();
    let next: string | undefined;
    const pets = await this.#call(requestId, async () => {
      const result = await this.#api.GET('/pets', {
        params: { query: withoutUndefined(query) },
        headers: { 'x-request-id': requestId },
      });
      next = nextLink(result.response.headers.get('link'));
      return result;
    });
    return { pets, next };
  }

  /** Runs one call; turns an error status or a network failure into a PetstoreError. */
  async #call<T>(
    requestId: string,
    send: () => Promise<{ data?: T; error?: unknown; response: Response }>,
  ): Promise<T> {
    let result: Awaited<ReturnType<typeof send>>;
    try {
      result = await send();
    } catch (error) {
      const reason =
        error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : '';
      throw new PetstoreError('network_error', 0, `Could not reach ${this.#baseUrl}: ${reason}`, requestId, {
        cause: error,
      });
    }
    if (result.data !== undefined && result.response.ok) return result.data;
    throw errorFromResponse(result.response, result.error, requestId);
  }
}

type ListQuery = ListPetsOptions & { cursor?: string };

const withoutUndefined = <T extends object>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;

const definedOnly = (options: Partial<RetryOptions>): Partial<RetryOptions> =>
  withoutUndefined({
    maxAttempts: options.maxAttempts,
    maxDelayMs: options.maxDelayMs,
    baseDelayMs: options.baseDelayMs,
    timeoutMs: options.timeoutMs,
  });
