// PetstoreClient: the typed SDK for API users, on openapi-fetch and the types generated from the service's
// OpenAPI document. It retries what is safe to retry, pages through listings and throws PetstoreError.
import createClient, { type Client } from 'openapi-fetch';
import type { components, paths } from './openapi-types.js';
import { ApplicationCalls, applicationCallNames, type ApplicationCallName } from './application-calls.js';
import type { ClientCore, Listing, ListingItem, ListingQuery, Page, Sent } from './client-core.js';
import { linkTarget } from './link-header.js';
import { petsQuery, type ListPetsOptions, type PetFilters } from './pet-query.js';
import { errorFromResponse, PetstoreError } from './petstore-error.js';
import { rateLimitOf, type RateLimitState } from './rate-limit.js';
import { retryingFetch, type RetryingFetch } from './retrying-fetch.js';
import { defaultRetryOptions, type RetryOptions } from './retry-policy.js';
import { PlannedRequest, viaFetch, viaTransport, type Transport } from './transport.js';

export type Pet = components['schemas']['Pet'];
export type NewPet = components['schemas']['NewPet'];
/** A JSON Merge Patch of a pet (RFC 7396): a field left out is unchanged, `null` clears it. */
export type PetPatch = components['schemas']['PetPatch'];
export type PetStatus = components['schemas']['PetStatus'];
export type Order = components['schemas']['Order'];
export type NewOrder = components['schemas']['NewOrder'];
export type OrderStatus = components['schemas']['OrderStatus'];
export type Inventory = components['schemas']['Inventory'];
export type Event = components['schemas']['Event'];
/** Who made an event's change: a staff account, an API key, a visitor of the public pages, or the service. */
export type Actor = components['schemas']['Actor'];
export type Category = components['schemas']['Category'];
export type Breed = components['schemas']['Breed'];
/** The shelter's own details, which the adoption pages show in their header and footer. */
export type Shelter = components['schemas']['Shelter'];
/** A change to the shelter's details: the fields given are set, `null` clears one. */
export type ShelterChanges = components['schemas']['ShelterChanges'];
/** A photo of an animal: its place among the animal's photos and the URLs of its four sizes. */
export type Photo = components['schemas']['Photo'];
/** The image types an upload may declare; the service reads the real type from the bytes. */
export type PhotoContentType = keyof NonNullable<
  paths['/pets/{petId}/photos']['post']['requestBody']
>['content'];
/** An image to upload: a Blob (a File), bytes (a Buffer is a Uint8Array), or a stream of them (Node's or the web's). */
export type PhotoData = Blob | Uint8Array | AsyncIterable<Uint8Array | string> | ReadableStream<Uint8Array>;
export type EventType = Event['type'];
/** A filter of the event feed: one type (`order.approved`), or every type of a resource (`order.*`). */
export type EventTypeFilter = NonNullable<
  NonNullable<paths['/events']['get']['parameters']['query']>['type']
>;

export interface PetstoreClientOptions extends Partial<RetryOptions> {
  /** Base URL of a deployment, ending in `/v1`, e.g. `https://api.example.com/v1`. */
  baseUrl: string;
  /** An API key: `pet_live_…` for production, `pet_test_…` for staging. */
  apiKey: string;
  /** The fetch to send requests with; the global one by default. */
  fetch?: (request: Request) => Promise<Response>;
  /**
   * Sends each attempt in place of `fetch`, which is then not used: it gets the request with its body as a
   * string and gives back the answer read whole. For a caller that sends thousands of requests a second (a
   * bulk import), it spares the Request and Response objects a fetch needs.
   */
  transport?: Transport;
  /** Waits between attempts; replace it to observe or schedule retries. */
  sleep?: (ms: number) => Promise<void>;
  /**
   * Waited for before each attempt, retries included; the attempt's time limit (`timeoutMs`) starts once it
   * resolves. Callers that share one rate budget across many concurrent calls (a bulk import) wait here for
   * their turn. If it rejects, the call fails without a retry, with a PetstoreError `network_error` whose
   * `cause` is its error.
   */
  beforeAttempt?: () => Promise<void>;
  /** Where the SDK's warnings go (once each), such as the key's coming expiry; `console.warn` by default. */
  warn?: (message: string) => void;
}

/** syncPets's options: the filters of the animals to keep a copy of, and where an earlier sync stopped. */
export interface SyncPetsOptions extends PetFilters {
  /**
   * Where to start: the `cursor` an earlier sync with the same filters left. Without it, from the oldest
   * change (or from `updatedSince`).
   */
  cursor?: string;
  /** Animals per page, 1 to 100 (default 100). */
  limit?: number;
}

/**
 * Every animal created or changed since a cursor, oldest change first, each in its latest state; iterate it
 * with `for await`, then keep its `cursor` for the next run. Iterating it again goes on from that cursor.
 */
export interface PetSync extends AsyncIterable<Pet> {
  /**
   * Where the next run starts, with the same filters: after every page whose animals have all been given, and
   * once the iteration ends, after the last change read. Saved after a run, the next run gets every animal
   * created or changed since, none missed; saved as the run goes (after each animal), a run that stops half
   * way is taken up again at the page it stopped in, whose animals come again.
   */
  readonly cursor: string | undefined;
}

/** Options of the calls that create something (createPet, placeOrder). */
export interface IdempotencyOptions {
  /**
   * The Idempotency-Key of this creation. By default the SDK makes a random one, so that a retry after a
   * lost answer never creates it twice. Pass your own to make retries across processes safe too, or
   * `false` to send none (the call is then never retried).
   */
  idempotencyKey?: string | false;
}

/** Options of uploadPhoto. */
export interface UploadPhotoOptions extends IdempotencyOptions {
  /** The image's type: `image/jpeg`, `image/png`, `image/webp` or `image/avif`. */
  contentType: PhotoContentType;
}

/** createPet's options, by the name of release 1.0.0. */
export type CreatePetOptions = IdempotencyOptions;

/** Options of updatePet and updatePetWithEtag. */
export interface UpdatePetOptions {
  /**
   * The ETag of the animal as you read it (from getPetWithEtag or updatePetWithEtag): the change applies
   * only if nobody changed the animal since; otherwise the call throws PetstoreError `precondition_failed`
   * (412) and nothing changes. Without it, the last writer wins.
   */
  ifMatch?: string;
  /**
   * The Idempotency-Key of this change; a random one by default, so that a retry after a lost answer gets
   * the first answer again rather than a 412 from its own change (with `ifMatch`). Pass your own to make
   * retries across processes safe too, or `false` to send none: the change is still retried, since a patch
   * applied twice gives the same animal, but with `ifMatch` such a retry may then fail with 412.
   */
  idempotencyKey?: string | false;
}

/** An animal and its ETag, which changes with every change to it: send it back as `ifMatch`. */
export interface PetWithEtag {
  pet: Pet;
  etag: string;
}

export interface ListOrdersOptions {
  status?: OrderStatus;
  petId?: number;
  /** Orders per page, 1 to 100 (default 20). */
  limit?: number;
  /** Where to start: the cursor of an earlier page with the same filters. */
  cursor?: string;
}

export interface ListEventsOptions {
  type?: EventTypeFilter;
  /** Events per page, 1 to 100 (default 20). */
  limit?: number;
  /** Where to start: the cursor of an earlier page with the same `type`. */
  cursor?: string;
}

/** The actions of the transition table that an existing order takes. */
export type OrderAction = 'approve' | 'complete' | 'cancel';

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The API's base URL: as given without a trailing slash, or with the spec's `/v1` when given none (a bare host). */
function apiBaseOf(baseUrl: string): string {
  const trimmed = baseUrl.replace(/\/+$/, '');
  return new URL(trimmed).pathname === '/' ? `${trimmed}/v1` : trimmed;
}

// PetstoreClient has the adoption applications' calls too: their types merged in here, their methods set on
// its prototype (its static block), each answered by the client's ApplicationCalls, so that this file keeps to
// the core. The merge is safe as both sides come from the one class: a call added there is added here.
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type
export interface PetstoreClient extends Pick<ApplicationCalls, ApplicationCallName> {}

/**
 * A client of the pet adoption service.
 *
 * @example
 * import { PetstoreClient } from '@petstore/client';
 *
 * const client = new PetstoreClient({ baseUrl: 'https://api.example.com/v1', apiKey: process.env.PETSTORE_API_KEY! });
 * const rex = await client.createPet({ name: 'Rex', categoryId: 1 });
 * for await (const pet of client.listAllPets({ status: 'available' })) console.log(pet.name);
 * // Young cats that are good with dogs, newest arrivals first
 * const cats = await client.listPets({ categoryId: 2, age: 'young', goodWith: ['dogs'], sort: '-createdAt' });
 * for await (const application of client.listAllApplications({ status: 'submitted' })) console.log(application.id);
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class PetstoreClient {
  readonly #api: Client<paths>;
  readonly #fetch: RetryingFetch;
  readonly #baseUrl: string;
  readonly #applications: ApplicationCalls;
  #rateLimit: RateLimitState | undefined;
  #keyExpiresAt: string | undefined;

  static {
    for (const name of applicationCallNames)
      Object.defineProperty(PetstoreClient.prototype, name, {
        value(this: PetstoreClient, ...args: unknown[]) {
          const calls = this.#applications;
          return (calls[name] as (...args: unknown[]) => unknown).apply(calls, args);
        },
        writable: true,
        configurable: true,
      });
  }

  constructor(options: PetstoreClientOptions) {
    // Fail here, with words, rather than send a request the service answers with "malformed key".
    if (typeof options.apiKey !== 'string' || options.apiKey.trim() === '')
      throw new TypeError(
        'PetstoreClient needs an apiKey (pet_live_… or pet_test_…); none was given. ' +
          'Create one with `petstore keys create`, and pass it as new PetstoreClient({ baseUrl, apiKey }).',
      );
    this.#baseUrl = apiBaseOf(options.baseUrl);
    this.#fetch = retryingFetch({
      ...defaultRetryOptions,
      ...definedOnly(options),
      send: options.transport
        ? viaTransport(options.transport)
        : viaFetch(options.fetch ?? ((request) => fetch(request))),
      sleep: options.sleep ?? sleepFor,
      beforeAttempt: options.beforeAttempt,
      onResponse: (response) => {
        this.#rateLimit = rateLimitOf(response.headers) ?? this.#rateLimit;
        const expiresAt = response.headers.get('api-key-expires');
        if (expiresAt && expiresAt !== this.#keyExpiresAt) {
          this.#keyExpiresAt = expiresAt;
          (options.warn ?? console.warn)(
            `petstore: this API key expires at ${expiresAt}; create its replacement and switch to it before then`,
          );
        }
      },
    });
    this.#api = createClient<paths>({
      baseUrl: this.#baseUrl,
      headers: { authorization: `Bearer ${options.apiKey}` },
      // Plain requests until an attempt is sent (transport.ts); the retrying fetch takes them as they are.
      Request: PlannedRequest as unknown as typeof Request,
      fetch: this.#fetch as unknown as (request: Request) => Promise<Response>,
    });
    const core: ClientCore = {
      api: this.#api,
      call: (requestId, send) => this.#call(requestId, send),
      page: (path, query) => this.#page(path, query),
      pages: (path, query) => this.#pages(path, query),
    };
    this.#applications = new ApplicationCalls(core);
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
   * When the API key expires, once the service warns of it (from seven days before); undefined until then.
   *
   * @example
   * await client.listPets();
   * if (client.keyExpiresAt) console.warn('rotate the key before', client.keyExpiresAt);
   */
  get keyExpiresAt(): string | undefined {
    return this.#keyExpiresAt;
  }

  /**
   * One page of animals, in ascending id order or that of `sort`, with every filter given (docs/search.md).
   * Lists are sent as comma lists and a Date as RFC 3339; the service checks the values (PetstoreError
   * `validation_failed`, naming the parameter).
   *
   * @example
   * const firstTen = await client.listPets({ status: 'available', limit: 10 });
   * const smallCalm = await client.listPets({ categoryId: [1, 2], size: ['small', 'medium'], q: 'calm' });
   */
  async listPets(options: ListPetsOptions = {}): Promise<Pet[]> {
    return (await this.listPetsPage(options)).items;
  }

  /**
   * One page of animals, and the cursor of the next page when more follow (the page's `Link: rel="next"`):
   * whether there is more is known without asking for it.
   *
   * @example
   * const { items, nextCursor } = await client.listPetsPage({ limit: 10 });
   * if (nextCursor) console.log('more follow:', await client.listPets({ limit: 10, cursor: nextCursor }));
   */
  listPetsPage(options: ListPetsOptions = {}): Promise<Page<Pet>> {
    return this.#page('/pets', petsQuery(options));
  }

  /**
   * Every animal, page after page, following the `Link: rel="next"` header until there is none; every page
   * with the same filters and sort.
   *
   * @example
   * for await (const pet of client.listAllPets({ status: 'sold' })) console.log(pet.id, pet.name);
   * for await (const pet of client.listAllPets({ goodWith: ['cats'], sort: 'name' })) console.log(pet.name);
   */
  listAllPets({ limit = 100, ...filters }: ListPetsOptions = {}): AsyncGenerator<Pet, void, undefined> {
    return this.#pages('/pets', petsQuery({ ...filters, limit }));
  }

  /**
   * A sync of a copy of the animals: every animal created or changed since `cursor`, oldest change first
   * (`sort: 'updatedAt'`), each once in its latest state, with the filters given; then, as `cursor`, where the
   * next run starts. No change is missed, even while others are written (docs/search.md). Removed animals
   * are not listed: the event feed's `pet.removed` tells of them.
   *
   * @example
   * const sync = client.syncPets({ categoryId: 2, cursor: await loadCursor() });
   * for await (const pet of sync) await saveCopy(pet);
   * await storeCursor(sync.cursor);
   */
  syncPets({ cursor, limit = 100, ...filters }: SyncPetsOptions = {}): PetSync {
    const query = petsQuery({ ...filters, sort: 'updatedAt', limit });
    const at = { cursor };
    return {
      get cursor() {
        return at.cursor;
      },
      [Symbol.asyncIterator]: () => this.#pages('/pets', query, at),
    };
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
  async createPet(newPet: NewPet, options: CreatePetOptions = {}): Promise<Pet> {
    const requestId = crypto.randomUUID();
    return this.#call(requestId, () =>
      this.#api.POST('/pets', {
        params: { header: idempotencyHeader(options) },
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
    return (await this.#getPet(id)).data;
  }

  /**
   * One animal by id, with its ETag: what `updatePet` takes as `ifMatch` to change the animal only as read.
   *
   * @deprecated Reads `GET /pets/{petId}`, which the service removes on 5 December 2030 (sunset), as getPet.
   * The ETag of a change is also that of `updatePetWithEtag`'s answer.
   *
   * @example
   * const { pet, etag } = await client.getPetWithEtag(42);
   * await client.updatePet(42, { tags: [...pet.tags, 'calm'] }, { ifMatch: etag });
   */
  async getPetWithEtag(id: number): Promise<PetWithEtag> {
    return taggedPet(await this.#getPet(id));
  }

  /**
   * One animal, through the listing's `id` filter (`GET /pets?id=…`, not deprecated), or undefined when no
   * animal has the id (or it was removed). Its `etag` is the one to send as `ifMatch`.
   *
   * @example
   * const pet = await client.findPet(42);
   * if (pet) await client.updatePet(42, { tags: [...pet.tags, 'calm'] }, { ifMatch: pet.etag });
   */
  async findPet(id: number): Promise<Pet | undefined> {
    const [pet] = await this.listPets({ id, limit: 1 });
    return pet;
  }

  /**
   * Changes an animal by a JSON Merge Patch (RFC 7396), sent as `application/merge-patch+json`: a field left
   * out is unchanged, `null` clears it, and `attributes` and `goodWith` merge flag by flag. With `ifMatch`,
   * only if the animal is still as read. Returns the whole animal after the change.
   *
   * @example
   * await client.updatePet(42, { name: 'Biscuit', goodWith: { cats: true }, description: null });
   */
  async updatePet(id: number, patch: PetPatch, options: UpdatePetOptions = {}): Promise<Pet> {
    return (await this.#patchPet(id, patch, options)).data;
  }

  /**
   * As updatePet, and the animal's new ETag, for a change that follows it.
   *
   * @example
   * let { etag } = await client.getPetWithEtag(42);
   * ({ etag } = await client.updatePetWithEtag(42, { size: 'large' }, { ifMatch: etag }));
   * await client.updatePetWithEtag(42, { coat: 'long' }, { ifMatch: etag });
   */
  async updatePetWithEtag(id: number, patch: PetPatch, options: UpdatePetOptions = {}): Promise<PetWithEtag> {
    return taggedPet(await this.#patchPet(id, patch, options));
  }

  /**
   * Removes an animal that left other than by adoption (transferred, returned, died): it leaves every
   * listing and the inventory, and its id is never used again. An animal with an open order cannot be
   * removed (PetstoreError `pet_has_open_order`). Removing it again throws `pet_not_found`, as does a retry
   * whose first attempt removed it but whose answer was lost.
   *
   * @example
   * await client.removePet(42);
   */
  async removePet(id: number): Promise<void> {
    const requestId = crypto.randomUUID();
    await this.#answered(
      requestId,
      () =>
        this.#api.DELETE('/pets/{petId}', {
          params: { path: { petId: id } },
          headers: { 'x-request-id': requestId },
        }),
      { bodyless: true },
    );
  }

  /**
   * Adds a photo of an animal, last among its photos, and returns it with the URLs of its four sizes. The
   * image is sent as it is, with `contentType`; a stream is read whole first, so that a retry (after 429, 503
   * or a dropped connection) can send it again. It goes with an Idempotency-Key (random by default), so a
   * retry never adds the photo twice.
   *
   * @example
   * import { readFile } from 'node:fs/promises';
   * const photo = await client.uploadPhoto(42, await readFile('biscuit.jpg'), { contentType: 'image/jpeg' });
   * console.log(photo.urls.medium);
   */
  async uploadPhoto(petId: number, data: PhotoData, options: UploadPhotoOptions): Promise<Photo> {
    const bytes = await bytesOf(data);
    const requestId = crypto.randomUUID();
    return this.#call(requestId, () =>
      this.#api.POST('/pets/{petId}/photos', {
        params: { path: { petId }, header: idempotencyHeader(options) },
        headers: { 'x-request-id': requestId, 'content-type': options.contentType },
        // The bytes go as they are: openapi-fetch would serialize a body as JSON.
        body: bytes as unknown as string,
        bodySerializer: (body: unknown) => body as string,
      }),
    );
  }

  /**
   * Moves a photo among its animal's: position 0 makes it the primary photo, the others keep their order
   * around it, and a position past the last moves it last. Returns the photo at its new place.
   *
   * @example
   * await client.movePhoto(42, photo.id, 0);
   */
  async movePhoto(petId: number, photoId: string, position: number): Promise<Photo> {
    const requestId = crypto.randomUUID();
    return this.#call(requestId, () =>
      this.#api.PATCH('/pets/{petId}/photos/{photoId}', {
        params: { path: { petId, photoId } },
        headers: { 'x-request-id': requestId },
        body: { position },
      }),
    );
  }

  /**
   * Removes a photo of an animal: its URLs answer 404 from then on, and the photos after it move up one place.
   * Removing it again throws `photo_not_found`.
   *
   * @example
   * await client.deletePhoto(42, photo.id);
   */
  async deletePhoto(petId: number, photoId: string): Promise<void> {
    const requestId = crypto.randomUUID();
    await this.#answered(
      requestId,
      () =>
        this.#api.DELETE('/pets/{petId}/photos/{photoId}', {
          params: { path: { petId, photoId } },
          headers: { 'x-request-id': requestId },
        }),
      { bodyless: true },
    );
  }

  /**
   * Places an adoption order for an available animal; the animal becomes `pending`. Sent with an
   * Idempotency-Key (random by default), so a retry never places a second order.
   *
   * @example
   * const order = await client.placeOrder({ petId: 42, note: 'Collecting on Saturday' });
   */
  async placeOrder(newOrder: NewOrder, options: IdempotencyOptions = {}): Promise<Order> {
    const requestId = crypto.randomUUID();
    return this.#call(requestId, () =>
      this.#api.POST('/store/orders', {
        params: { header: idempotencyHeader(options) },
        headers: { 'x-request-id': requestId },
        body: newOrder,
      }),
    );
  }

  /**
   * One page of orders in ascending id order: all of them with `orders:manage`, else those this key placed.
   *
   * @example
   * const open = await client.listOrders({ status: 'placed', limit: 50 });
   */
  async listOrders(options: ListOrdersOptions = {}): Promise<Order[]> {
    return (await this.listOrdersPage(options)).items;
  }

  /**
   * One page of orders, and the cursor of the next page when more follow (the page's `Link: rel="next"`).
   *
   * @example
   * const { items, nextCursor } = await client.listOrdersPage({ status: 'placed' });
   * if (nextCursor) console.log('more follow:', await client.listOrders({ status: 'placed', cursor: nextCursor }));
   */
  listOrdersPage(options: ListOrdersOptions = {}): Promise<Page<Order>> {
    return this.#page('/store/orders', options);
  }

  /**
   * Every order, page after page, following `Link: rel="next"` until there is none.
   *
   * @example
   * for await (const order of client.listAllOrders({ petId: 42 })) console.log(order.id, order.status);
   */
  listAllOrders({ limit = 100, ...filters }: ListOrdersOptions = {}): AsyncGenerator<Order, void, undefined> {
    return this.#pages('/store/orders', { ...filters, limit });
  }

  /**
   * One order by id.
   *
   * @example
   * const order = await client.getOrder(7);
   */
  async getOrder(id: number): Promise<Order> {
    const requestId = crypto.randomUUID();
    return this.#call(requestId, () =>
      this.#api.GET('/store/orders/{orderId}', {
        params: { path: { orderId: id } },
        headers: { 'x-request-id': requestId },
      }),
    );
  }

  /**
   * Approves a placed order; the animal stays `pending`.
   *
   * @example
   * await client.approveOrder(7);
   */
  approveOrder(id: number): Promise<Order> {
    return this.#act(id, 'approve');
  }

  /**
   * Completes an approved order; the animal becomes `sold`.
   *
   * @example
   * await client.completeOrder(7);
   */
  completeOrder(id: number): Promise<Order> {
    return this.#act(id, 'complete');
  }

  /**
   * Cancels a placed or approved order; the animal becomes `available` again.
   *
   * @example
   * await client.cancelOrder(7);
   */
  cancelOrder(id: number): Promise<Order> {
    return this.#act(id, 'cancel');
  }

  /**
   * How many animals are in each status.
   *
   * @example
   * const { available } = await client.getInventory();
   */
  async getInventory(): Promise<Inventory> {
    const requestId = crypto.randomUUID();
    return this.#call(requestId, () =>
      this.#api.GET('/store/inventory', { headers: { 'x-request-id': requestId } }),
    );
  }

  /**
   * One page of the event feed in commit order (scope `events:read`): every change the service made, or those
   * of one `type` (`order.approved`) or resource (`order.*`).
   *
   * @example
   * const approvals = await client.listEvents({ type: 'order.approved', limit: 50 });
   */
  async listEvents(options: ListEventsOptions = {}): Promise<Event[]> {
    return (await this.listEventsPage(options)).items;
  }

  /**
   * One page of the event feed, and the cursor of the next page when more follow (the page's
   * `Link: rel="next"`).
   *
   * @example
   * const { items, nextCursor } = await client.listEventsPage({ type: 'order.*' });
   * if (nextCursor) console.log('more follow:', await client.listEvents({ type: 'order.*', cursor: nextCursor }));
   */
  listEventsPage(options: ListEventsOptions = {}): Promise<Page<Event>> {
    return this.#page('/events', options);
  }

  /**
   * Every event still kept, page after page, following `Link: rel="next"` until there is none.
   *
   * @example
   * for await (const event of client.listAllEvents({ type: 'pet.*' })) console.log(event.id, event.type);
   */
  listAllEvents({ limit = 100, ...filters }: ListEventsOptions = {}): AsyncGenerator<Event, void, undefined> {
    return this.#pages('/events', { ...filters, limit });
  }

  /**
   * Every category of animals (Dog, Cat…), in id order: a pet's `categoryId` may name one.
   *
   * @example
   * const dog = (await client.listCategories()).find((category) => category.name === 'Dog');
   */
  async listCategories(): Promise<Category[]> {
    const requestId = crypto.randomUUID();
    return this.#call(requestId, () =>
      this.#api.GET('/categories', { headers: { 'x-request-id': requestId } }),
    );
  }

  /**
   * The breeds of a category, in name order; where the list is not empty, a pet of the category names one.
   *
   * @example
   * const dogBreeds = await client.listBreeds(1);
   */
  async listBreeds(categoryId: number): Promise<Breed[]> {
    const requestId = crypto.randomUUID();
    return this.#call(requestId, () =>
      this.#api.GET('/categories/{categoryId}/breeds', {
        params: { path: { categoryId } },
        headers: { 'x-request-id': requestId },
      }),
    );
  }

  /**
   * Adds a category (scope `catalog:write`). A name another category holds, in any case, fails with
   * `category_exists`. Sent once: it carries no Idempotency-Key, so it is not retried after a failure that
   * may follow the creation; a later `category_exists` for the same name means it was created.
   *
   * @example
   * const ferret = await client.createCategory('Ferret');
   */
  async createCategory(name: string): Promise<Category> {
    const requestId = crypto.randomUUID();
    return this.#call(requestId, () =>
      this.#api.POST('/categories', { headers: { 'x-request-id': requestId }, body: { name } }),
    );
  }

  /**
   * Renames a category (scope `catalog:write`); its pets keep its id. Safe to retry.
   *
   * @example
   * await client.renameCategory(5, 'Small Animals');
   */
  async renameCategory(categoryId: number, name: string): Promise<Category> {
    const requestId = crypto.randomUUID();
    return this.#call(requestId, () =>
      this.#api.PATCH('/categories/{categoryId}', {
        params: { path: { categoryId } },
        headers: { 'x-request-id': requestId },
        body: { name },
      }),
    );
  }

  /**
   * Adds a breed to a category (scope `catalog:write`). A name the category has already, in any case, fails
   * with `breed_exists`; sent once, as `createCategory`.
   *
   * @example
   * await client.createBreed(1, 'Dingo');
   */
  async createBreed(categoryId: number, name: string): Promise<Breed> {
    const requestId = crypto.randomUUID();
    return this.#call(requestId, () =>
      this.#api.POST('/categories/{categoryId}/breeds', {
        params: { path: { categoryId } },
        headers: { 'x-request-id': requestId },
        body: { name },
      }),
    );
  }

  /**
   * The shelter's details: name, intro, contact details, opening hours, accent colour and logo.
   *
   * @example
   * const { name } = await client.getShelter();
   */
  async getShelter(): Promise<Shelter> {
    const requestId = crypto.randomUUID();
    return this.#call(requestId, () => this.#api.GET('/shelter', { headers: { 'x-request-id': requestId } }));
  }

  /**
   * Changes the shelter's details (scope `shelter:write`): each field given is set, `null` clears it. An
   * accent colour under 4.5:1 on white fails with `low_contrast`, naming its ratio. Safe to retry.
   *
   * @example
   * await client.updateShelter({ name: 'Hillside Rescue', accentColour: '#005a8d' });
   */
  async updateShelter(changes: ShelterChanges): Promise<Shelter> {
    const requestId = crypto.randomUUID();
    return this.#call(requestId, () =>
      this.#api.PATCH('/shelter', { headers: { 'x-request-id': requestId }, body: changes }),
    );
  }

  /**
   * Puts the shelter's logo (scope `shelter:write`), replacing the one before it, and returns it with the
   * URLs of its four sizes. The image is sent as it is, with `contentType`, and taken as a photo is (its type
   * read from its bytes, turned upright, stripped of metadata, re-encoded). Safe to retry: a retry puts the
   * same logo again.
   *
   * @example
   * import { readFile } from 'node:fs/promises';
   * const logo = await client.setShelterLogo(await readFile('logo.png'), { contentType: 'image/png' });
   */
  async setShelterLogo(data: PhotoData, options: { contentType: PhotoContentType }): Promise<Photo> {
    const bytes = await bytesOf(data);
    const requestId = crypto.randomUUID();
    return this.#call(requestId, () =>
      this.#api.PUT('/shelter/logo', {
        headers: { 'x-request-id': requestId, 'content-type': options.contentType },
        // The bytes go as they are: openapi-fetch would serialize a body as JSON.
        body: bytes as unknown as string,
        bodySerializer: (body: unknown) => body as string,
      }),
    );
  }

  /**
   * Removes the shelter's logo (scope `shelter:write`): the pages show the shelter's name alone from then
   * on, and the logo's URLs answer 404. Safe to repeat: with no logo, it does nothing.
   *
   * @example
   * await client.removeShelterLogo();
   */
  async removeShelterLogo(): Promise<void> {
    const requestId = crypto.randomUUID();
    await this.#answered(
      requestId,
      () => this.#api.DELETE('/shelter/logo', { headers: { 'x-request-id': requestId } }),
      { bodyless: true },
    );
  }

  async #act(id: number, action: OrderAction): Promise<Order> {
    const requestId = crypto.randomUUID();
    const options = { params: { path: { orderId: id } }, headers: { 'x-request-id': requestId } };
    return this.#call(requestId, () =>
      action === 'approve'
        ? this.#api.POST('/store/orders/{orderId}/approve', options)
        : action === 'complete'
          ? this.#api.POST('/store/orders/{orderId}/complete', options)
          : this.#api.POST('/store/orders/{orderId}/cancel', options),
    );
  }

  /** One page of a listing, with the cursors of its `Link` header: of the next page, or to resume at. */
  async #page<P extends Listing>(path: P, query: ListingQuery<P>): Promise<Page<ListingItem<P>>> {
    const requestId = crypto.randomUUID();
    let link: string | null = null;
    const items = await this.#call(requestId, async () => {
      const result = await (this.#api as unknown as ListingClient).GET<ListingItem<P>[]>(path, {
        params: { query: withoutUndefined(query) },
        headers: { 'x-request-id': requestId },
      });
      link = result.response.headers.get('link');
      return result;
    });
    const cursorOf = (rel: 'next' | 'resume') => {
      const target = linkTarget(link, rel);
      return target && (new URL(target, `${this.#baseUrl}/`).searchParams.get('cursor') ?? undefined);
    };
    return { items, nextCursor: cursorOf('next'), resumeCursor: cursorOf('resume') };
  }

  /**
   * Every item of a listing from `at.cursor` on, page after page, until a page names no next one. `at.cursor`
   * moves on once every item of a page was given: to the next page's cursor, and after the last page to its
   * resume cursor, where it has one.
   */
  async *#pages<P extends Listing>(
    path: P,
    query: ListingQuery<P>,
    at: { cursor: string | undefined } = { cursor: query.cursor },
  ): AsyncGenerator<ListingItem<P>, void, undefined> {
    for (;;) {
      const page = await this.#page(path, { ...query, cursor: at.cursor });
      yield* page.items;
      at.cursor = page.nextCursor ?? page.resumeCursor ?? at.cursor;
      if (!page.nextCursor) return;
    }
  }

  #getPet(id: number): Promise<Answer<Pet>> {
    const requestId = crypto.randomUUID();
    return this.#answered(requestId, () =>
      this.#api.GET('/pets/{petId}', {
        params: { path: { petId: id } },
        headers: { 'x-request-id': requestId },
      }),
    );
  }

  #patchPet(id: number, patch: PetPatch, options: UpdatePetOptions): Promise<Answer<Pet>> {
    const requestId = crypto.randomUUID();
    const ifMatch = options.ifMatch === undefined ? {} : { 'if-match': options.ifMatch };
    return this.#answered(requestId, () =>
      this.#api.PATCH('/pets/{petId}', {
        params: { path: { petId: id }, header: { ...idempotencyHeader(options), ...ifMatch } },
        headers: { 'x-request-id': requestId, 'content-type': 'application/merge-patch+json' },
        body: patch,
      }),
    );
  }

  /** Runs one call; returns what it answered. */
  async #call<T>(requestId: string, send: () => Promise<Sent<T>>): Promise<T> {
    return (await this.#answered(requestId, send)).data;
  }

  /**
   * Runs one call; turns an error status, a missing body (unless `bodyless`, for a 204) or a network failure
   * into a PetstoreError.
   */
  async #answered<T>(
    requestId: string,
    send: () => Promise<Sent<T>>,
    { bodyless = false } = {},
  ): Promise<Answer<T>> {
    let result: Sent<T>;
    try {
      result = await send();
    } catch (error) {
      const reason =
        error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : '';
      throw new PetstoreError('network_error', 0, `Could not reach ${this.#baseUrl}: ${reason}`, requestId, {
        cause: error,
      });
    }
    // openapi-fetch has read the answer's body: the attempt's time limit is over.
    this.#fetch.settled(result.response);
    if (result.response.ok && (bodyless || result.data !== undefined))
      return { data: result.data as T, response: result.response, requestId };
    throw errorFromResponse(result.response, result.error, requestId);
  }
}

/** A call that succeeded: what it answered, the answer, and the call's request id. */
type Answer<T> = { data: T; response: Response; requestId: string };

/** A pet answer's pet and ETag header. */
function taggedPet({ data: pet, response, requestId }: Answer<Pet>): PetWithEtag {
  const etag = response.headers.get('etag');
  // Returning none would leave the caller an `ifMatch` of undefined, which makes the change unconditional.
  if (!etag)
    throw new PetstoreError('unexpected_response', response.status, 'The answer carried no ETag', requestId);
  return { pet, etag };
}

/**
 * openapi-fetch's GET for a listing whose path is a type parameter: the client types each path's call on its
 * own, and cannot type one over a union of paths.
 */
interface ListingClient {
  GET<T>(
    path: Listing,
    init: { params: { query: object }; headers: Record<string, string> },
  ): Promise<{ data?: T; error?: unknown; response: Response }>;
}

/** The Idempotency-Key header of a creating call: the caller's key, a random one, or none when `false`. */
function idempotencyHeader({ idempotencyKey }: IdempotencyOptions): { 'idempotency-key'?: string } {
  const key = idempotencyKey === false ? undefined : (idempotencyKey ?? crypto.randomUUID());
  return key ? { 'idempotency-key': key } : {};
}

/** The bytes of an image to upload, a stream read whole. */
async function bytesOf(data: PhotoData): Promise<Uint8Array<ArrayBuffer>> {
  // A view of shared memory cannot be a fetch body: copied; any other is sent as it is.
  if (data instanceof Uint8Array)
    return data.buffer instanceof ArrayBuffer ? (data as Uint8Array<ArrayBuffer>) : new Uint8Array(data);
  if (data instanceof Blob) return new Uint8Array(await data.arrayBuffer());
  const chunks: Uint8Array[] = [];
  const iterable = data as AsyncIterable<Uint8Array | string>;
  for await (const chunk of iterable)
    chunks.push(typeof chunk === 'string' ? new TextEncoder().encode(chunk) : chunk);
  const bytes = new Uint8Array(chunks.reduce((total, chunk) => total + chunk.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return bytes;
}

const withoutUndefined = <T extends object>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;

const definedOnly = (options: Partial<RetryOptions>): Partial<RetryOptions> =>
  withoutUndefined({
    maxAttempts: options.maxAttempts,
    maxDelayMs: options.maxDelayMs,
    baseDelayMs: options.baseDelayMs,
    timeoutMs: options.timeoutMs,
  });
