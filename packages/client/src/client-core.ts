// What the client's calls share, wherever they are written: the one way a call is sent (retried, and turned
// into a PetstoreError when it fails) and a listing paged, and the types of what they answer.
import type { Client } from 'openapi-fetch';
import type { paths } from './openapi-types.js';

/** One page of a listing, and where the next one starts when more follow. */
export interface Page<T> {
  items: T[];
  /** The `cursor` of the next page, from `Link: rel="next"`; undefined on the last page. */
  nextCursor: string | undefined;
  /**
   * On the last page, the `cursor` to ask with later for what came since, from `Link: rel="resume"`: every
   * listing has one but those read newest first (pets by `-updatedAt` or `-createdAt`, applications by
   * their default `-createdAt`).
   */
  resumeCursor?: string;
}

/** What openapi-fetch gives for one call. */
export type Sent<T> = { data?: T; error?: unknown; response: Response };

/** The paginated listings, with the query and the items of each as the OpenAPI document types them. */
export type Listing = '/pets' | '/store/orders' | '/events' | '/applications';
export type ListingQuery<P extends Listing> = NonNullable<paths[P]['get']['parameters']['query']>;
export type ListingItem<P extends Listing> =
  paths[P]['get']['responses'][200]['content']['application/json'][number];

/** The client's means of calling, lent to the calls written outside its class (application-calls.ts). */
export interface ClientCore {
  /** openapi-fetch, on the client's base URL, key and retrying fetch. */
  readonly api: Client<paths>;
  /** Runs one call under `requestId` (its X-Request-Id); returns what it answered, or throws PetstoreError. */
  call<T>(requestId: string, send: () => Promise<Sent<T>>): Promise<T>;
  /** One page of a listing, with the cursors of its `Link` header. */
  page<P extends Listing>(path: P, query: ListingQuery<P>): Promise<Page<ListingItem<P>>>;
  /** Every item of a listing from `query.cursor` on, page after page. */
  pages<P extends Listing>(path: P, query: ListingQuery<P>): AsyncGenerator<ListingItem<P>, void, undefined>;
}
