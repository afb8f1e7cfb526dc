// The one hook by which a benchmark leaves a part of the service out, to measure in the same build what that
// part costs (bench/serve-leaving-out.ts sets it before the service starts). A deployed service always has
// every part: no setting, flag or environment variable reaches this, and nothing of the service writes it.

export interface LeftOut {
  /** No route checks the key's scopes; they are still documented (the benchmark's key holds every scope). */
  scopeChecks: boolean;
  /** `POST /v1/pets` writes no `pet.created` event to the outbox. */
  eventOutbox: boolean;
  /** Creations and edits keep no search index (`q` then finds nothing they wrote). */
  searchIndex: boolean;
  /** Every read cache answers from the store: a row then measures a query, not a repeated page. */
  readCaches: boolean;
}

/** Read once, as the app is built: set it before, never while a service runs. */
export const leftOut: LeftOut = {
  scopeChecks: false,
  eventOutbox: false,
  searchIndex: false,
  readCaches: false,
};
